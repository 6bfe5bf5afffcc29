import Foundation
import Testing
@testable import MantleCore

// MARK: - Models

/// MTLEmptyTestModel, as a class so it can be referenced weakly.
final class ArchiveEmptyModel: Model {
    required init() {}
}

/// MTLTestModel for archiving: `nestedName` excluded, `weakModel` conditional,
/// version chosen per task (Mantle's settable `modelVersion`), and the
/// version-0 migration of MTLTestModel's `decodeValueForKey:`.
struct ArchiveTestModel: Model {
    /// The version this type claims, per task, so tests can run in parallel.
    @TaskLocal static var simulatedVersion: Int = 1

    var name: String?
    var count = 1
    var nestedName: String?
    weak var weakModel: ArchiveEmptyModel?
    var dynamicName: String? { name }

    static var modelVersion: Int { simulatedVersion }

    static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        key == "nestedName" ? .excluded : defaultEncodingBehavior(forPropertyKey: key)
    }

    static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                            modelVersion: Int) throws -> Any? {
        if key == "name", modelVersion == 0, let name = archivedValues["name"] as? String {
            return "M: " + name
        }
        return defaultDecodedValue(forKey: key, from: archivedValues)
    }
}

/// Archives a test model together with the object its weak property refers to.
struct ArchiveContainer: Model {
    var model = ArchiveTestModel()
    var empty: ArchiveEmptyModel?
}

/// The same, with the strong reference met before the conditional one.
struct ArchiveReversedContainer: Model {
    var empty: ArchiveEmptyModel?
    var model = ArchiveTestModel()
}

enum ArchiveColor: String { case red, green, blue }
enum ArchivePriority: Int { case low = 1, high = 9 }

struct ArchiveOptions: OptionSet, Hashable {
    let rawValue: UInt8
    static let bold = ArchiveOptions(rawValue: 1)
    static let italic = ArchiveOptions(rawValue: 2)
}

struct ArchivePoint: Model {
    var x = 0.0
    var y = 0.0
}

/// A class node for graphs: strong `next` and `children`, weak `parent`.
final class ArchiveNode: Model {
    var name = ""
    var next: ArchiveNode?
    var children: [ArchiveNode] = []
    weak var parent: ArchiveNode?
    required init() {}

    convenience init(_ name: String) {
        self.init()
        self.name = name
    }
}

/// Every kind of value the format supports.
struct ArchiveEverything: Model {
    var string = ""
    var bool = false
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double = 0.0
    var url: URL?
    var uuid: UUID?
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var data = Data()
    var decimal: Decimal = 0
    var color = ArchiveColor.red
    var priority: ArchivePriority?
    var options: ArchiveOptions = []
    var optionalString: String? = "default"
    var ints: [Int] = []
    var optionalInts: [Int?] = []
    var tags: Set<String> = []
    var scores: [String: Double] = [:]
    var nested: [String: [Int]] = [:]
    var colors: [ArchiveColor] = []
    var point = ArchivePoint()
    var points: [ArchivePoint] = []
    var pointsByName: [String: ArchivePoint] = [:]
    var optionalPoint: ArchivePoint?
    var node: ArchiveNode?
    var anything: Any = 0
}

/// One change to ``ArchiveEverything`` per supported kind of value.
enum ArchiveValueCase: String, CaseIterable, Sendable {
    case string, unicodeString, longString, bool, intExtremes, smallIntegers, uint64Max, float, double
    case infinity, negativeZero, absoluteURL, relativeURL, fileURL, uuid, date, data, decimal, decimalNegative
    case stringEnum, intEnum, optionSet, optionalNil, optionalNonNil, array, arrayOfOptionals, set
    case dictionary, nestedCollections, enumArray, nestedStruct, structArray, structDictionary
    case optionalStruct, nestedClass, anyString, anyArray, anyDictionary

    func apply(to model: inout ArchiveEverything) {
        switch self {
        case .string: model.string = "foobar"
        case .unicodeString: model.string = "héllo wörld 😀 — 漢字"
        case .longString: model.string = String(repeating: "abc", count: 500)
        case .bool: model.bool = true
        case .intExtremes: model.int = .min; model.int64 = .max
        case .smallIntegers:
            model.int8 = .min; model.int16 = .min; model.int32 = .max
            model.uint8 = .max; model.uint16 = .max; model.uint32 = .max; model.uint = 300
        case .uint64Max: model.uint64 = .max
        case .float: model.float = 0.1
        case .double: model.double = 1.0 / 3.0
        case .infinity: model.double = -.infinity; model.float = .greatestFiniteMagnitude
        case .negativeZero: model.double = -0.0
        case .absoluteURL: model.url = URL(string: "https://github.com/Mantle/Mantle?q=1#top")
        case .relativeURL: model.url = URL(string: "b%20c?x=1", relativeTo: URL(string: "https://example.com/a/"))
        case .fileURL: model.url = URL(fileURLWithPath: "/tmp/some file.txt")
        case .uuid: model.uuid = UUID(uuidString: "4A275FBD-8217-4397-964B-403F4C2B8545")
        case .date: model.date = Date(timeIntervalSince1970: 1_507_651_200.125)
        case .data: model.data = Data((0..<300).map { UInt8($0 % 256) })
        case .decimal: model.decimal = Decimal(string: "12345678901234567890.123456789") ?? 0
        case .decimalNegative: model.decimal = Decimal(string: "-0.000001") ?? 0
        case .stringEnum: model.color = .blue
        case .intEnum: model.priority = .high
        case .optionSet: model.options = [.bold, .italic]
        case .optionalNil: model.optionalString = nil
        case .optionalNonNil: model.optionalString = "set"
        case .array: model.ints = Array(0..<20)
        case .arrayOfOptionals: model.optionalInts = [1, nil, 3]
        case .set: model.tags = ["a", "b", "c"]
        case .dictionary: model.scores = ["x": 1.5, "y": -2]
        case .nestedCollections: model.nested = ["primes": [2, 3, 5], "empty": []]
        case .enumArray: model.colors = [.green, .red]
        case .nestedStruct: model.point = ArchivePoint(x: 1, y: 2)
        case .structArray: model.points = [ArchivePoint(x: 1, y: 2), ArchivePoint(x: 3, y: 4)]
        case .structDictionary: model.pointsByName = ["origin": ArchivePoint(), "one": ArchivePoint(x: 1, y: 1)]
        case .optionalStruct: model.optionalPoint = ArchivePoint(x: 5, y: 6)
        case .nestedClass: model.node = ArchiveNode("leaf")
        case .anyString: model.anything = "text"
        case .anyArray: model.anything = [1, 2, 3]
        case .anyDictionary: model.anything = ["k": "v"]
        }
    }
}

/// A class hierarchy for class-cluster tests.
class ArchiveAnimal: Model {
    var name = ""
    var legs = 4
    required init() {}
}

/// Never registered.
final class ArchiveDog: ArchiveAnimal {
    var breed = ""
}

/// Registered by the tests that need it.
final class ArchiveCat: ArchiveAnimal {
    var indoor = false
}

/// Not an animal; registered to check the subclass requirement.
final class ArchiveRobot: Model {
    var serial = 0
    required init() {}
}

struct ArchiveZoo: Model {
    var star: ArchiveAnimal?
}

struct ArchiveRobotZoo: Model {
    var star: ArchiveRobot?
}

struct ArchivePair: Model {
    var first: ArchiveNode?
    var second: ArchiveNode?
}

/// Version 0 of a user, with the key `username`.
struct ArchiveUserV0: Model {
    var username = ""
    var id = 0
    var owner: ArchivePoint?
}

/// Version 1: `username` became `login`, `owner` became `origin`.
struct ArchiveUserV1: Model {
    var login = ""
    var id = 0
    var origin: ArchivePoint?

    static var modelVersion: Int { 1 }

    static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                            modelVersion: Int) throws -> Any? {
        switch (key, modelVersion) {
        case ("login", 0): return archivedValues["username"]
        case ("origin", 0): return archivedValues["owner"]
        default: return archivedValues[key]
        }
    }
}

/// For type-change tests: archived as V0, read as V1 (registered under V0's name).
struct ArchiveChangeV0: Model {
    var count: Any = 0
    var color = "red"
    var small = 0
    var widened = 0
}

struct ArchiveChangeV1: Model {
    var count = 0
    var color = ArchiveColor.red
    var small: Int8 = 0
    var widened = 0.0
}

struct ArchiveProbeError: Error, Equatable {
    let key: String
}

/// Checks what the migration hook receives.
struct ArchiveHookProbe: Model {
    var point: ArchivePoint?
    var note: String?
    var node: ArchiveNode?
    var fail = false

    static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                            modelVersion: Int) throws -> Any? {
        switch key {
        case "point": guard archivedValues[key] is ArchivePoint else { throw ArchiveProbeError(key: key) }
        case "note": guard archivedValues[key] is NSNull else { throw ArchiveProbeError(key: key) }
        case "node": guard archivedValues[key] is ArchiveNode else { throw ArchiveProbeError(key: key) }
        case "fail": if archivedValues[key] as? Bool == true { throw ArchiveProbeError(key: key) }
        default: break
        }
        return archivedValues[key]
    }
}

/// ClosureModel with its unarchivable properties excluded.
struct ArchiveClosureModel: Model {
    var name = ""
    var action: @Sendable () -> Int = { 1 }
    var object: NSObject?

    static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        key == "name" ? .unconditional : .excluded
    }
}

/// A recursive struct, for nesting limits.
struct ArchiveTree: Model {
    var children: [ArchiveTree] = []

    static func chain(depth: Int) -> ArchiveTree {
        var tree = ArchiveTree()
        for _ in 1..<max(depth, 1) { tree = ArchiveTree(children: [tree]) }
        return tree
    }

    var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }
}

/// A fixed model whose archive is pinned byte for byte.
struct ArchiveGolden: Model {
    var name = "Mantle"
    var count = 42
    var ratio = 0.5
    var flag = true
    var tags = ["a", "b"]
    var missing: Int?
    var color = ArchiveColor.green
    var point = ArchivePoint(x: 1, y: -1)
    var url = URL(string: "https://github.com/Mantle/Mantle")
    var uuid = UUID(uuidString: "593246D2-A290-43D5-9070-A299A489AE29")
    var date = Date(timeIntervalSinceReferenceDate: 86_400)
    var blob = Data([0xDE, 0xAD])
    var amount = Decimal(string: "19.99")
    var byName: [String: Int] = ["one": 1]
}

// MARK: - Helpers

/// Archives and unarchives `model` as its own type.
func archiveRoundTrip<M: Model>(_ model: M) throws -> M {
    try ModelArchiver.unarchive(M.self, from: ModelArchiver.archivedData(with: model))
}

/// The property list of an archive, through the package's reader.
func archivePropertyList(_ data: Data) throws -> [String: PropertyListValue] {
    guard case .dictionary(let top) = try BinaryPropertyListReader.value(from: data, maximumDepth: 256) else {
        throw ArchiveProbeError(key: "top")
    }
    return top
}

/// The object table of an archive.
func archiveObjects(_ data: Data) throws -> [[String: PropertyListValue]] {
    guard case .array(let objects)? = try archivePropertyList(data)["$objects"] else { return [] }
    return objects.compactMap { if case .dictionary(let entry) = $0 { return entry } else { return nil } }
}

/// The `$values` of object `index` of an archive.
func archiveValues(_ data: Data, object index: Int = 0) throws -> [String: PropertyListValue] {
    let objects = try archiveObjects(data)
    guard objects.indices.contains(index), case .dictionary(let values)? = objects[index]["$values"] else { return [:] }
    return values
}

/// Hand-made binary property list: header, objects (each a byte array),
/// offset table, trailer with 1-byte offsets and references.
func handMadePropertyList(_ objects: [[UInt8]], top: Int = 0) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let tableOffset = bytes.count
    let offsetSize = tableOffset > 255 ? 2 : 1
    for offset in offsets {
        if offsetSize == 2 { bytes.append(UInt8(offset >> 8)) }
        bytes.append(UInt8(offset & 0xFF))
    }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), 1]
    func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    bytes += word(objects.count) + word(top) + word(tableOffset)
    return Data(bytes)
}

/// The Foundation object for a property-list value (for interoperability tests).
func foundationObject(_ value: PropertyListValue) -> Any {
    switch value {
    case .string(let string): return string
    case .integer(let integer): return NSNumber(value: integer)
    case .unsignedInteger(let integer): return NSNumber(value: integer)
    case .real(let real): return NSNumber(value: real)
    case .bool(let bool): return bool
    case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
    case .data(let data): return data
    case .array(let items): return items.map(foundationObject)
    case .dictionary(let items): return items.mapValues(foundationObject)
    }
}

/// Runs `body` on a new thread with the given stack size and waits for it.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
}

/// A value shared with a thread.
final class ArchiveBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}

// MARK: - Tests

@Suite("Archiving: MTLModelNSCodingSpec")
struct ArchivingSpecTests {
    let empty = ArchiveEmptyModel()

    func makeModel() throws -> ArchiveTestModel {
        try ArchiveTestModel(dictionary: ["name": "foobar", "count": 5])
    }

    @Test("default encoding behaviors")
    func defaultEncodingBehaviors() {
        #expect(ArchiveTestModel.encodingBehavior(forPropertyKey: "name") == .unconditional)
        #expect(ArchiveTestModel.encodingBehavior(forPropertyKey: "count") == .unconditional)
        #expect(ArchiveTestModel.encodingBehavior(forPropertyKey: "weakModel") == .conditional)
        #expect(ArchiveTestModel.encodingBehavior(forPropertyKey: "nestedName") == .excluded)
        #expect(ArchiveTestModel.encodingBehavior(forPropertyKey: "dynamicName") == .excluded)
        #expect(TestModel.encodingBehavior(forPropertyKey: "nestedName") == .unconditional)
        #expect(TestModel.encodingBehavior(forPropertyKey: "weakModel") == .conditional)
    }

    @Test("models default to version 0")
    func defaultVersion() {
        #expect(EmptyModel.modelVersion == 0)
        #expect(EmptyClassModel.modelVersion == 0)
        #expect(ArchiveTestModel.modelVersion == 1)
    }

    @Test("unconditional properties are archived")
    func unconditional() throws {
        let model = try makeModel()
        let copy = try archiveRoundTrip(model)
        #expect(copy == model)
        #expect(copy.name == "foobar" && copy.count == 5)
    }

    @Test("excluded properties are not archived")
    func excluded() throws {
        var model = try makeModel()
        model.nestedName = "foobar"
        let data = try ModelArchiver.archivedData(with: model)
        #expect(try archiveValues(data)["nestedName"] == nil)
        let copy = try ModelArchiver.unarchive(ArchiveTestModel.self, from: data)
        #expect(copy.nestedName == nil)
        #expect(copy != model)
        model.nestedName = nil
        #expect(copy == model)
    }

    @Test("conditional properties are not archived if not encoded elsewhere")
    func conditionalAlone() throws {
        var model = try makeModel()
        model.weakModel = empty
        let data = try ModelArchiver.archivedData(with: model)
        #expect(try archiveObjects(data).count == 1)
        #expect(try archiveValues(data)["weakModel"] == nil)
        let copy = try ModelArchiver.unarchive(ArchiveTestModel.self, from: data)
        #expect(copy.weakModel == nil)
        #expect(copy == model)
    }

    @Test("conditional properties are archived if encoded elsewhere")
    func conditionalElsewhere() throws {
        var model = try makeModel()
        model.weakModel = empty
        let container = ArchiveContainer(model: model, empty: empty)
        let data = try ModelArchiver.archivedData(with: container)
        let copy = try ModelArchiver.unarchive(ArchiveContainer.self, from: data)
        let unarchivedEmpty = try #require(copy.empty)
        #expect(copy.model == model)
        #expect(copy.model.weakModel === unarchivedEmpty)
        #expect(unarchivedEmpty !== empty)

        let reversed = ArchiveReversedContainer(empty: empty, model: model)
        let reversedCopy = try archiveRoundTrip(reversed)
        #expect(reversedCopy.model.weakModel != nil)
        #expect(reversedCopy.model.weakModel === reversedCopy.empty)
    }

    @Test("custom decoding logic migrates a version 0 archive")
    func customDecodingLogic() throws {
        let model = try makeModel()
        let data = try ArchiveTestModel.$simulatedVersion.withValue(0) {
            try ModelArchiver.archivedData(with: model)
        }
        guard case .integer(0)? = try archiveObjects(data).first?["$version"] else {
            Issue.record("the archive does not record version 0")
            return
        }
        let copy = try ModelArchiver.unarchive(ArchiveTestModel.self, from: data)
        #expect(copy.name == "M: foobar")
        #expect(copy.count == 5)

        // Same version: no migration.
        let current = try archiveRoundTrip(model)
        #expect(current.name == "foobar")
    }

    @Test("an archive newer than the model throws")
    func newerVersion() throws {
        let model = try makeModel()
        let data = try ArchiveTestModel.$simulatedVersion.withValue(2) {
            try ModelArchiver.archivedData(with: model)
        }
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchiveTestModel.self, from: data)
        }
        #expect(error.code == .newerVersion(archived: 2, supported: 1))
        #expect(error.modelTypeName?.hasSuffix("ArchiveTestModel") == true)
        #expect(error.description.contains("version 2"))
    }
}

@Suite("Archiving: values")
struct ArchivingValueTests {
    @Test("every supported kind of value round-trips", arguments: ArchiveValueCase.allCases)
    func valueRoundTrip(_ valueCase: ArchiveValueCase) throws {
        var model = ArchiveEverything()
        valueCase.apply(to: &model)
        var copy = try archiveRoundTrip(model)
        switch valueCase {
        case .anyArray:
            // `Any` properties get self-described values: `[Any]`, not `[Int]`.
            #expect(copy.anything is [Any] && copy.anything as? [Int] == [1, 2, 3])
            copy.anything = model.anything
        case .anyDictionary:
            #expect(copy.anything as? [String: String] == ["k": "v"])
            copy.anything = model.anything
        default:
            break
        }
        #expect(copy == model, "\(valueCase.rawValue)")
        #expect(copy != ArchiveEverything() || model == ArchiveEverything())
    }

    @Test("typed values come back with their declared types")
    func declaredTypes() throws {
        var model = ArchiveEverything()
        for valueCase in ArchiveValueCase.allCases { valueCase.apply(to: &model) }
        model.anything = "any"
        let copy = try archiveRoundTrip(model)
        #expect(copy == model)
        #expect(copy.int8 == .min && copy.uint64 == .max && copy.uint == 300)
        #expect(copy.float == .greatestFiniteMagnitude)
        #expect(copy.double == 1.0 / 3.0 || copy.double == -.infinity || copy.double == -0.0)
        #expect(copy.color == .blue && copy.priority == .high && copy.options == [.bold, .italic])
        #expect(copy.optionalInts == [1, nil, 3])
        #expect(copy.tags == ["a", "b", "c"])
        #expect(copy.pointsByName["one"] == ArchivePoint(x: 1, y: 1))
        #expect(copy.node?.name == "leaf")
        #expect(copy.anything as? String == "any")
        #expect(copy.url == model.url && copy.uuid == model.uuid && copy.decimal == model.decimal)
    }

    @Test("nil replaces a non-nil default; NaN and negative zero survive")
    func specialValues() throws {
        var model = ArchiveEverything()
        model.optionalString = nil
        model.double = .nan
        model.float = -0.0
        let copy = try archiveRoundTrip(model)
        #expect(copy.optionalString == nil)
        #expect(copy.double.isNaN)
        #expect(copy.float == 0 && copy.float.sign == .minus)
    }

    @Test("a relative URL keeps its base")
    func relativeURL() throws {
        var model = ArchiveEverything()
        ArchiveValueCase.relativeURL.apply(to: &model)
        let copy = try archiveRoundTrip(model)
        #expect(copy.url?.baseURL?.absoluteString == "https://example.com/a/")
        #expect(copy.url?.relativeString == "b%20c?x=1")
        #expect(copy.url?.absoluteString == "https://example.com/a/b%20c?x=1")
    }

    @Test("class models round-trip with inherited and own properties")
    func classRoundTrip() throws {
        let dog = ArchiveDog()
        dog.name = "Rex"
        dog.legs = 3
        dog.breed = "Beagle"
        let copy = try archiveRoundTrip(dog)
        #expect(copy !== dog)
        #expect(copy == dog)
        #expect(copy.name == "Rex" && copy.legs == 3 && copy.breed == "Beagle")

        let object = try TestClassModel(dictionary: ["name": "foo", "count": 2])
        #expect(try archiveRoundTrip(object) == object)
    }

    @Test("the archiving defaults of existing test models", arguments: [
        "name", "count", "nestedName",
    ])
    func supportModels(key: String) throws {
        var model = TestModel()
        try model.setValue(key == "count" ? 7 as Any : "x" as Any, forKey: key)
        let copy = try archiveRoundTrip(model)
        #expect(copy.value(forKey: key) as? String == (key == "count" ? nil : "x"))
        #expect(copy == model)
    }

    @Test("validate() runs after unarchiving and its errors pass through")
    func validation() throws {
        let normalized = try archiveRoundTrip(NormalizingModel())
        #expect(normalized.name == "anonymous")

        var tooLong = TestModel()
        tooLong.name = "12345678901"
        let data = try ModelArchiver.archivedData(with: tooLong)
        #expect(throws: NameTooLongError(name: "12345678901")) {
            try ModelArchiver.unarchive(TestModel.self, from: data)
        }
    }

    @Test("values that cannot be archived throw, naming key and type")
    func unsupportedValue() throws {
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.archivedData(with: ClosureModel())
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.propertyKey == "action")
        #expect(error.archivePath == "action")
        #expect(error.found?.contains("->") == true)
        #expect(error.description.contains("action"))

        var object = ArchiveClosureModel()
        object.name = "kept"
        object.object = NSObject()
        let copy = try archiveRoundTrip(object)
        #expect(copy.name == "kept")
        #expect(copy.object == nil)

        var nested = ArchiveEverything()
        nested.anything = [ArchivePoint(), NSObject()]
        let nestedError = try #require(throws: ArchiveError.self) {
            try ModelArchiver.archivedData(with: nested)
        }
        #expect(nestedError.code == .unsupportedValue)
        #expect(nestedError.archivePath == "anything[1]")
        #expect(nestedError.propertyKey == "anything")
    }

    @Test("deep nesting is refused on writing and fine within the limit")
    func nestingLimit() throws {
        // A tree level takes three containers (entry, $values, children);
        // the root entry is the third container of the archive: 84 levels fit in 256.
        let deepest = ArchiveTree.chain(depth: 84)
        let copy = try archiveRoundTrip(deepest)
        #expect(copy.depth == 84)
        #expect(copy == deepest)

        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.archivedData(with: ArchiveTree.chain(depth: 85))
        }
        #expect(error.code == .nestingTooDeep)
        #expect(error.archivePath?.hasPrefix("children[0].children[0]") == true)
    }

    @Test("decoding at the nesting limit and long object chains fit a bounded stack")
    func boundedStack() throws {
        // The deepest struct nesting the format allows, and a chain of objects
        // far longer than the decoder's recursion budget. Debug builds need
        // about 2 MiB for this; optimized builds about 256 KiB.
        let tree = try ModelArchiver.archivedData(with: ArchiveTree.chain(depth: 84))
        var head = ArchiveNode("0")
        for index in 1..<3000 {
            let node = ArchiveNode("\(index)")
            node.next = head
            head = node
        }
        let chain = try ModelArchiver.archivedData(with: head)
        let results = ArchiveBox<(Int, Int)>((0, 0))
        onThread(stackSize: 4 << 20) {
            let treeDepth = (try? ModelArchiver.unarchive(ArchiveTree.self, from: tree))?.depth ?? 0
            var length = 0
            var node = try? ModelArchiver.unarchive(ArchiveNode.self, from: chain)
            while let current = node, length < 5000 {
                length += 1
                node = current.next
            }
            results.value = (treeDepth, length)
        }
        #expect(results.value.0 == 84)
        #expect(results.value.1 == 3000)
    }
}

@Suite("Archiving: object graphs")
struct ArchivingGraphTests {
    @Test("a shared object is archived once and stays shared")
    func sharedIdentity() throws {
        let node = ArchiveNode("shared")
        let pair = ArchivePair(first: node, second: node)
        let data = try ModelArchiver.archivedData(with: pair)
        #expect(try archiveObjects(data).count == 2)
        let copy = try ModelArchiver.unarchive(ArchivePair.self, from: data)
        let first = try #require(copy.first)
        #expect(first === copy.second)
        #expect(first.name == "shared")
    }

    @Test("strong cycles keep their shape")
    func strongCycle() throws {
        let a = ArchiveNode("a")
        let b = ArchiveNode("b")
        a.next = b
        b.next = a
        defer { b.next = nil }
        let copy = try archiveRoundTrip(a)
        let copyB = try #require(copy.next)
        #expect(copy.name == "a" && copyB.name == "b")
        #expect(copyB.next === copy)
        copyB.next = nil
    }

    @Test("weak back-references to archived objects are kept")
    func weakParents() throws {
        let root = ArchiveNode("root")
        root.children = (0..<3).map { ArchiveNode("child \($0)") }
        for child in root.children { child.parent = root }
        let copy = try archiveRoundTrip(root)
        #expect(copy.children.map(\.name) == ["child 0", "child 1", "child 2"])
        for child in copy.children { #expect(child.parent === copy) }

        // Archived from a child, the parent is only referenced weakly: dropped.
        let child = try archiveRoundTrip(root.children[0])
        #expect(child.parent == nil)
        #expect(child.name == "child 0")
    }

    @Test("long chains of objects do not need a deep stack")
    func longChain() throws {
        var head = ArchiveNode("0")
        for index in 1..<3000 {
            let node = ArchiveNode("\(index)")
            node.next = head
            head = node
        }
        let copy = try archiveRoundTrip(head)
        var names: [String] = []
        var node: ArchiveNode? = copy
        while let current = node {
            names.append(current.name)
            node = current.next
        }
        #expect(names.count == 3000)
        #expect(names.first == "2999" && names.last == "0")
    }

    @Test("an unregistered subclass under a superclass property throws")
    func unregisteredSubclass() throws {
        let dog = ArchiveDog()
        dog.breed = "Beagle"
        let data = try ModelArchiver.archivedData(with: ArchiveZoo(star: dog))
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchiveZoo.self, from: data)
        }
        #expect(error.code == .unknownType)
        #expect(error.propertyKey == "star")
        #expect(error.found?.hasSuffix("ArchiveDog") == true)

        #expect(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchiveAnimal.self, from: ModelArchiver.archivedData(with: dog))
        }
    }

    @Test("a registered subclass decodes where its superclass is declared")
    func registeredSubclass() throws {
        ModelArchiver.register(ArchiveCat.self)
        let cat = ArchiveCat()
        cat.name = "Tom"
        cat.indoor = true
        let zoo = try archiveRoundTrip(ArchiveZoo(star: cat))
        let star = try #require(zoo.star as? ArchiveCat)
        #expect(star.name == "Tom" && star.indoor)

        let root = try ModelArchiver.unarchive(ArchiveAnimal.self, from: ModelArchiver.archivedData(with: cat))
        #expect((root as? ArchiveCat)?.indoor == true)
    }

    @Test("a registered class that is not a subclass is a type mismatch")
    func registeredNonSubclass() throws {
        ModelArchiver.register(ArchiveRobot.self)
        ModelArchiver.register(ArchiveZoo.self, forTypeName: ModelArchiver.archivedTypeName(of: ArchiveRobotZoo.self))
        let robot = ArchiveRobot()
        robot.serial = 7
        let data = try ModelArchiver.archivedData(with: ArchiveRobotZoo(star: robot))
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchiveZoo.self, from: data)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.archivePath == "star")
    }

    @Test("unarchiving as an unrelated type throws")
    func wrongRootType() throws {
        let data = try ModelArchiver.archivedData(with: ArchivePoint(x: 1, y: 2))
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchiveTestModel.self, from: data)
        }
        #expect(error.code == .unknownType || error.code == .typeMismatch)
        #expect(throws: ArchiveError.self) { try ModelArchiver.unarchive(ArchiveNode.self, from: data) }
        let classData = try ModelArchiver.archivedData(with: ArchiveNode("x"))
        #expect(throws: ArchiveError.self) { try ModelArchiver.unarchive(ArchivePoint.self, from: classData) }
    }
}

@Suite("Archiving: migration")
struct ArchivingMigrationTests {
    @Test("a version 0 archive with an old key decodes at version 1 through the hook")
    func renamedKey() throws {
        ModelArchiver.register(ArchiveUserV1.self, forTypeName: ModelArchiver.archivedTypeName(of: ArchiveUserV0.self))
        let old = ArchiveUserV0(username: "octocat", id: 1, owner: ArchivePoint(x: 3, y: 4))
        let data = try ModelArchiver.archivedData(with: old)
        let user = try ModelArchiver.unarchive(ArchiveUserV1.self, from: data)
        #expect(user.login == "octocat")
        #expect(user.id == 1)
        #expect(user.origin == ArchivePoint(x: 3, y: 4))

        // A current archive needs no migration.
        let current = try archiveRoundTrip(user)
        #expect(current == user)
    }

    @Test("the hook sees decoded models, objects and NSNull; its errors pass through")
    func hookInputs() throws {
        let probe = ArchiveHookProbe(point: ArchivePoint(x: 1, y: 1), note: nil, node: ArchiveNode("n"))
        let copy = try archiveRoundTrip(probe)
        #expect(copy.point == probe.point)
        #expect(copy.node?.name == "n")

        var failing = probe
        failing.fail = true
        #expect(throws: ArchiveProbeError(key: "fail")) { try archiveRoundTrip(failing) }
    }

    @Test("values that no longer fit their property are type mismatches naming the key", arguments: [
        ("count", "string"), ("color", "purple"), ("small", "300"),
    ])
    func typeChanges(key: String, value: String) throws {
        ModelArchiver.register(ArchiveChangeV1.self, forTypeName: ModelArchiver.archivedTypeName(of: ArchiveChangeV0.self))
        var old = ArchiveChangeV0()
        switch key {
        case "count": old.count = value
        case "color": old.color = value
        default: old.small = Int(value) ?? 0
        }
        let data = try ModelArchiver.archivedData(with: old)
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchiveChangeV1.self, from: data)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == key)
    }

    @Test("values that convert exactly to a changed type are kept")
    func exactConversions() throws {
        ModelArchiver.register(ArchiveChangeV1.self, forTypeName: ModelArchiver.archivedTypeName(of: ArchiveChangeV0.self))
        let old = ArchiveChangeV0(count: 12, color: "blue", small: -5, widened: 3)
        let new = try ModelArchiver.unarchive(ArchiveChangeV1.self, from: ModelArchiver.archivedData(with: old))
        #expect(new.count == 12)
        #expect(new.color == .blue)
        #expect(new.small == -5)
        #expect(new.widened == 3.0)
    }

    @Test("archived type names are stable for private and local types")
    func typeNames() {
        struct Local: Model { var x = 0 }
        let name = ModelArchiver.archivedTypeName(of: Local.self)
        #expect(!name.contains("$"))
        #expect(name.contains("(unknown context)"))
        #expect(name.hasSuffix(".Local"))
        #expect(ModelArchiver.archivedTypeName(of: ArchivePoint.self) == String(reflecting: ArchivePoint.self))
    }
}

@Suite("Archiving: damaged data")
struct ArchivingCorruptionTests {
    static func sampleArchive() throws -> Data {
        var model = ArchiveEverything()
        for valueCase in ArchiveValueCase.allCases { valueCase.apply(to: &model) }
        model.tags = ["only"]
        model.string = "short"
        model.data = Data([1, 2, 3])
        model.ints = [1, 2]
        return try ModelArchiver.archivedData(with: model)
    }

    @Test("every prefix of a real archive throws an ArchiveError")
    func prefixes() throws {
        let data = try Self.sampleArchive()
        #expect(data.count > 500)
        for length in 0..<data.count {
            #expect(throws: ArchiveError.self, "prefix of \(length) bytes") {
                try ModelArchiver.unarchive(ArchiveEverything.self, from: data.prefix(length))
            }
        }
        #expect(try ModelArchiver.unarchive(ArchiveEverything.self, from: data).string == "short")
    }

    @Test("truncation is reported as such")
    func truncationCodes() throws {
        let data = try Self.sampleArchive()
        for length in [0, 5, 40, data.count / 2, data.count - 1] {
            let error = try #require(throws: ArchiveError.self) {
                try ModelArchiver.unarchive(ArchiveEverything.self, from: data.prefix(length))
            }
            #expect(error.code == .truncatedData || error.code == .corruptData, "prefix of \(length)")
        }
        let empty = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchiveEverything.self, from: Data())
        }
        #expect(empty.code == .truncatedData)
    }

    @Test("bit flips anywhere never crash and only throw ArchiveError", arguments: 0..<8)
    func bitFlips(bit: Int) throws {
        let data = try Self.sampleArchive()
        var failures = 0
        for index in data.indices {
            var damaged = data
            damaged[index] ^= UInt8(1 << bit)
            do {
                _ = try ModelArchiver.unarchive(ArchiveEverything.self, from: damaged)
            } catch is ArchiveError {
                failures += 1
            } catch {
                Issue.record("byte \(index) bit \(bit): unexpected error \(error)")
            }
        }
        #expect(failures > data.count / 4)
    }

    @Test("damage to the header and trailer is always detected", arguments: [0, 3, 7, -1, -9, -17, -25])
    func structuralDamage(position: Int) throws {
        let data = try Self.sampleArchive()
        let index = position >= 0 ? position : data.count + position
        for bit in 0..<8 {
            var damaged = data
            damaged[index] ^= UInt8(1 << bit)
            #expect(throws: ArchiveError.self, "byte \(index) bit \(bit)") {
                try ModelArchiver.unarchive(ArchiveEverything.self, from: damaged)
            }
        }
    }

    @Test("random bytes and other formats are not archives", arguments: [
        Data(), Data("hello".utf8), Data("{\"name\": \"foo\"}".utf8), Data("bplist".utf8),
        Data(repeating: 0, count: 64), Data("bplist01".utf8) + Data(repeating: 0, count: 40),
    ])
    func notArchives(data: Data) throws {
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchivePoint.self, from: data)
        }
        #expect([.notAnArchive, .truncatedData, .corruptData].contains(error.code))
    }

    @Test("a property list that is not a model archive")
    func foreignPropertyList() throws {
        let plain = BinaryPropertyListWriter.data(for: .dictionary(["name": .string("foo")]))
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchivePoint.self, from: plain)
        }
        #expect(error.code == .notAnArchive)
    }

    /// The sample archive's property list with one change.
    static func modified(_ change: (inout [String: PropertyListValue]) -> Void) throws -> Data {
        var top = try archivePropertyList(ModelArchiver.archivedData(with: ArchivePoint(x: 1, y: 2)))
        change(&top)
        return BinaryPropertyListWriter.data(for: .dictionary(top))
    }

    @Test("a newer format version is refused")
    func newerFormat() throws {
        let data = try Self.modified { $0["$format"] = .integer(2) }
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchivePoint.self, from: data)
        }
        #expect(error.code == .unsupportedFormatVersion(archived: 2, supported: 1))
    }

    @Test("structural violations are corrupt data", arguments: [
        "root out of range", "objects empty", "entry without values", "unknown tag", "bad reference",
        "bad uuid", "bad decimal", "null not true", "format missing",
    ])
    func structuralViolations(kind: String) throws {
        let point: PropertyListValue = .dictionary([
            "$type": .string(ModelArchiver.archivedTypeName(of: ArchivePoint.self)),
            "$version": .integer(0),
        ])
        func entry(_ values: [String: PropertyListValue]) -> PropertyListValue {
            guard case .dictionary(var dictionary) = point else { return point }
            dictionary["$values"] = .dictionary(values)
            return .dictionary(dictionary)
        }
        let data = try Self.modified { top in
            switch kind {
            case "root out of range": top["$root"] = .integer(5)
            case "objects empty": top["$objects"] = .array([])
            case "entry without values": top["$objects"] = .array([point])
            case "unknown tag": top["$objects"] = .array([entry(["x": .dictionary(["$what": .bool(true)])])])
            case "bad reference": top["$objects"] = .array([entry(["x": .dictionary(["$ref": .integer(9)])])])
            case "bad uuid": top["$objects"] = .array([entry(["x": .dictionary(["$uuid": .string("nope")])])])
            case "bad decimal": top["$objects"] = .array([entry(["x": .dictionary(["$decimal": .string("12abc")])])])
            case "null not true": top["$objects"] = .array([entry(["x": .dictionary(["$null": .bool(false)])])])
            default: top["$format"] = nil
            }
        }
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchivePoint.self, from: data)
        }
        #expect(error.code == .corruptData)
    }

    @Test("a value of the wrong shape is a type mismatch naming the key")
    func wrongShape() throws {
        let data = try Self.modified { top in
            guard case .array(var objects)? = top["$objects"], case .dictionary(var entry) = objects[0],
                  case .dictionary(var values)? = entry["$values"] else { return }
            values["x"] = .string("one")
            entry["$values"] = .dictionary(values)
            objects[0] = .dictionary(entry)
            top["$objects"] = .array(objects)
        }
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchivePoint.self, from: data)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == "x")
        #expect(error.description.contains("x"))
    }

    @Test("hostile property lists are rejected, not crashed on", arguments: [
        "set", "uid", "null", "cycle", "shared blowup", "deep nesting", "bad offset", "bad utf16", "huge count",
    ])
    func hostilePropertyLists(kind: String) throws {
        let data: Data
        switch kind {
        case "set":
            // The object kind that crashes PropertyListSerialization on Linux.
            data = handMadePropertyList([[0xC1, 0x01], [0x10, 0x05]])
        case "uid":
            data = handMadePropertyList([[0x80, 0x01]])
        case "null":
            data = handMadePropertyList([[0x00]])
        case "cycle":
            data = handMadePropertyList([[0xA1, 0x01], [0xA1, 0x00]])
        case "shared blowup":
            // Object i is [i+1, i+1]: 2^40 paths through 41 objects.
            data = handMadePropertyList((0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x09]])
        case "deep nesting":
            var value = PropertyListValue.bool(true)
            for _ in 0..<300 { value = .array([value]) }
            data = BinaryPropertyListWriter.data(for: value)
        case "bad offset":
            var bytes = [UInt8](handMadePropertyList([[0x09]]))
            bytes[bytes.count - 33] = 0xF0
            data = Data(bytes)
        case "bad utf16":
            data = handMadePropertyList([[0x61, 0xD8, 0x00]])
        default:
            data = handMadePropertyList([[0x4F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
        }
        let error = try #require(throws: ArchiveError.self) {
            try ModelArchiver.unarchive(ArchivePoint.self, from: data)
        }
        #expect([.corruptData, .truncatedData].contains(error.code), "\(error)")
    }

    @Test("deep nesting beyond the reader's limit is refused")
    func deepPropertyList() throws {
        var value = PropertyListValue.bool(true)
        for _ in 0..<300 { value = .array([value]) }
        let data = BinaryPropertyListWriter.data(for: value)
        #expect(throws: BinaryPropertyListReader.Failure.self) {
            try BinaryPropertyListReader.value(from: data, maximumDepth: 256)
        }
        #expect(throws: Never.self) { try BinaryPropertyListReader.value(from: data, maximumDepth: 400) }
    }
}

@Suite("Archiving: format")
struct ArchivingFormatTests {
    /// `ArchiveGolden()` archived by format version 1.
    static let golden = """
        YnBsaXN0MDDUAQIDBAUGB0BZJGFyY2hpdmVyVyRmb3JtYXRYJG9iamVjdHNVJHJvb3RfEBJNYW50bGVNb2RlbEFyY2hpdmUQAaEI0wkKCwwN\
        P1UkdHlwZVckdmFsdWVzWCR2ZXJzaW9uXxAdTWFudGxlQ29yZVRlc3RzLkFyY2hpdmVHb2xkZW7eDg8QERITFBUWFxgZGhscHyAlJicoKSwt\
        NTY5PFZhbW91bnRUYmxvYlZieU5hbWVVY29sb3JVY291bnRUZGF0ZVRmbGFnV21pc3NpbmdUbmFtZVVwb2ludFVyYXRpb1R0YWdzU3VybFR1\
        dWlk0R0eWCRkZWNpbWFsVTE5Ljk5Qt6t0SEiVSRkaWN00SMkU29uZRABVWdyZWVuECozQPUYAAAAAAAJ0SorVSRudWxsCVZNYW50bGXTCQoL\
        Li80XxAcTWFudGxlQ29yZVRlc3RzLkFyY2hpdmVQb2ludNIwMTIzUXhReSM/8AAAAAAAACO/8AAAAAAAABAAIz/gAAAAAAAAojc4UWFRYtE6\
        O1QkdXJsXxAgaHR0cHM6Ly9naXRodWIuY29tL01hbnRsZS9NYW50bGXRPT5VJHV1aWRfECQ1OTMyNDZEMi1BMjkwLTQzRDUtOTA3MC1BMjk5\
        QTQ4OUFFMjkQABAAAAgAEQAbACMALAAyAEcASQBLAFIAWABgAGkAiQCmAK0AsgC5AL8AxQDKAM8A1wDcAOIA6ADtAPEA9gD5AQIBCAELAQ4B\
        FAEXARsBHQEjASUBLgEvATIBOAE5AUABRwFmAWsBbQFvAXgBgQGDAYwBjwGRAZMBlgGbAb4BwQHHAe4B8AAAAAAAAAIBAAAAAAAAAEEAAAAA\
        AAAAAAAAAAAAAAHy
        """

    @Test("the archive of a fixed model is stable byte for byte")
    func goldenArchive() throws {
        let data = try ModelArchiver.archivedData(with: ArchiveGolden())
        let expected = Data(base64Encoded: Self.golden.replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: " ", with: ""))
        #expect(expected != nil)
        #expect(data == expected)
        #expect(try ModelArchiver.archivedData(with: ArchiveGolden()) == data)
        #expect(try ModelArchiver.unarchive(ArchiveGolden.self, from: data) == ArchiveGolden())
    }

    @Test("an archive's top level follows the documented layout")
    func layout() throws {
        let data = try ModelArchiver.archivedData(with: ArchiveGolden())
        #expect(data.starts(with: Array("bplist00".utf8)))
        let top = try archivePropertyList(data)
        #expect(top["$archiver"] == .string("MantleModelArchive"))
        #expect(top["$format"] == .integer(1))
        #expect(top["$root"] == .integer(0))
        let entry = try #require(try archiveObjects(data).first)
        #expect(entry["$type"] == .string(String(reflecting: ArchiveGolden.self)))
        #expect(entry["$version"] == .integer(0))
        let values = try archiveValues(data)
        #expect(values["name"] == .string("Mantle"))
        #expect(values["count"] == .integer(42))
        #expect(values["missing"] == .dictionary(["$null": .bool(true)]))
        #expect(values["color"] == .string("green"))
        #expect(values["uuid"] == .dictionary(["$uuid": .string("593246D2-A290-43D5-9070-A299A489AE29")]))
        #expect(values["amount"] == .dictionary(["$decimal": .string("19.99")]))
        #expect(values["byName"] == .dictionary(["$dict": .dictionary(["one": .integer(1)])]))
        #expect(values["date"] == .date(86_400))
    }

    @Test("Foundation reads the archives this package writes")
    func foundationReadsArchives() throws {
        let data = try ModelArchiver.archivedData(with: ArchiveGolden())
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let top = try #require(object as? [String: Any])
        #expect(top["$archiver"] as? String == "MantleModelArchive")
        #expect((top["$objects"] as? [Any])?.count == 1)
    }

    @Test("archives written by Foundation decode", arguments: [false, true])
    func foundationWrittenArchives(classRoot: Bool) throws {
        let data: Data
        if classRoot {
            let root = ArchiveNode("root")
            root.children = [ArchiveNode("é 😀"), ArchiveNode(String(repeating: "x", count: 40))]
            data = try ModelArchiver.archivedData(with: root)
        } else {
            var model = ArchiveEverything()
            for valueCase in ArchiveValueCase.allCases where valueCase != .set { valueCase.apply(to: &model) }
            data = try ModelArchiver.archivedData(with: model)
        }
        let propertyList = try BinaryPropertyListReader.value(from: data, maximumDepth: 256)
        let rewritten = try PropertyListSerialization.data(fromPropertyList: foundationObject(propertyList),
                                                           format: .binary, options: 0)
        #expect(rewritten != data)
        #expect(try BinaryPropertyListReader.value(from: rewritten, maximumDepth: 256) == propertyList)
        if classRoot {
            let copy = try ModelArchiver.unarchive(ArchiveNode.self, from: rewritten)
            #expect(copy.children.map(\.name) == ["é 😀", String(repeating: "x", count: 40)])
        } else {
            let original = try ModelArchiver.unarchive(ArchiveEverything.self, from: data)
            #expect(try ModelArchiver.unarchive(ArchiveEverything.self, from: rewritten) == original)
        }
    }

    @Test("the binary property list codec round-trips every object kind", arguments: [
        PropertyListValue.integer(0), .integer(255), .integer(256), .integer(65_535), .integer(65_536),
        .integer(4_294_967_296), .integer(.max), .integer(-1), .integer(.min), .unsignedInteger(.max),
        .real(0.1), .real(-.infinity), .date(-1e9), .bool(true), .bool(false),
        .data(Data()), .data(Data(repeating: 7, count: 15)), .data(Data(repeating: 1, count: 70_000)),
        .string(""), .string("ascii"), .string(String(repeating: "z", count: 300)), .string("ünïcødé 😀"),
        .array((0..<300).map { .integer(Int64($0)) }), .array([.string("same"), .string("same")]),
        .dictionary(["b": .integer(1), "a": .array([]), "c": .dictionary([:])]),
    ])
    func codec(value: PropertyListValue) throws {
        let data = BinaryPropertyListWriter.data(for: value)
        #expect(try BinaryPropertyListReader.value(from: data, maximumDepth: 8) == value)
        // CoreFoundation accepts the widths and layout this writer chooses.
        var format = PropertyListSerialization.PropertyListFormat.xml
        _ = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        #expect(format == .binary)
    }
}
