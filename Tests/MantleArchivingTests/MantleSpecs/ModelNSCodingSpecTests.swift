import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// The port of Mantle's MTLModelNSCodingSpec.
@Suite("Archiving: MTLModelNSCodingSpec")
struct ModelNSCodingSpecTests {
    /// MTLEmptyTestModel, as a class so it can be referenced weakly.
    final class Empty: Model {
        required init() {}
    }

    /// MTLEmptyTestModel as a struct.
    struct EmptyStruct: Model {}

    /// MTLTestModel for archiving: `nestedName` excluded, `weakModel` conditional,
    /// version chosen per task (Mantle's settable `modelVersion`), and the
    /// version-0 migration of MTLTestModel's `decodeValueForKey:`.
    struct TestModel: Model {
        /// The version this type claims, per task, so tests can run in parallel.
        @TaskLocal static var simulatedVersion: Int = 1

        var name: String?
        var count = 1
        var nestedName: String?
        weak var weakModel: Empty?
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

    /// The same properties with no archiving declarations: the defaults.
    struct PlainTestModel: Model {
        var name: String?
        var count = 1
        var nestedName: String?
        weak var weakModel: Empty?
    }

    /// Archives a test model together with the object its weak property refers to.
    struct Container: Model {
        var model = TestModel()
        var empty: Empty?
    }

    /// The same, with the strong reference met before the conditional one.
    struct ReversedContainer: Model {
        var empty: Empty?
        var model = TestModel()
    }

    let empty = Empty()

    func makeModel() throws -> TestModel {
        try TestModel(dictionary: ["name": "foobar", "count": 5])
    }

    @Test("default encoding behaviors")
    func defaultEncodingBehaviors() {
        #expect(TestModel.encodingBehavior(forPropertyKey: "name") == .unconditional)
        #expect(TestModel.encodingBehavior(forPropertyKey: "count") == .unconditional)
        #expect(TestModel.encodingBehavior(forPropertyKey: "weakModel") == .conditional)
        #expect(TestModel.encodingBehavior(forPropertyKey: "nestedName") == .excluded)
        #expect(TestModel.encodingBehavior(forPropertyKey: "dynamicName") == .excluded)
        #expect(PlainTestModel.encodingBehavior(forPropertyKey: "nestedName") == .unconditional)
        #expect(PlainTestModel.encodingBehavior(forPropertyKey: "weakModel") == .conditional)
    }

    @Test("models default to version 0")
    func defaultVersion() {
        #expect(EmptyStruct.modelVersion == 0)
        #expect(Empty.modelVersion == 0)
        #expect(TestModel.modelVersion == 1)
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
        let copy = try ModelArchiver.unarchive(TestModel.self, from: data)
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
        let copy = try ModelArchiver.unarchive(TestModel.self, from: data)
        #expect(copy.weakModel == nil)
        #expect(copy == model)
    }

    @Test("conditional properties are archived if encoded elsewhere")
    func conditionalElsewhere() throws {
        var model = try makeModel()
        model.weakModel = empty
        let container = Container(model: model, empty: empty)
        let data = try ModelArchiver.archivedData(with: container)
        let copy = try ModelArchiver.unarchive(Container.self, from: data)
        let unarchivedEmpty = try #require(copy.empty)
        #expect(copy.model == model)
        #expect(copy.model.weakModel === unarchivedEmpty)
        #expect(unarchivedEmpty !== empty)

        let reversed = ReversedContainer(empty: empty, model: model)
        let reversedCopy = try archiveRoundTrip(reversed)
        #expect(reversedCopy.model.weakModel != nil)
        #expect(reversedCopy.model.weakModel === reversedCopy.empty)
    }

    @Test("custom decoding logic migrates a version 0 archive")
    func customDecodingLogic() throws {
        let model = try makeModel()
        let data = try TestModel.$simulatedVersion.withValue(0) {
            try ModelArchiver.archivedData(with: model)
        }
        guard case .integer(0)? = try archiveObjects(data).first?["$version"] else {
            Issue.record("the archive does not record version 0")
            return
        }
        let copy = try ModelArchiver.unarchive(TestModel.self, from: data)
        #expect(copy.name == "M: foobar")
        #expect(copy.count == 5)

        // Same version: no migration.
        let current = try archiveRoundTrip(model)
        #expect(current.name == "foobar")
    }

    @Test("an archive newer than the model throws")
    func newerVersion() throws {
        let model = try makeModel()
        let data = try TestModel.$simulatedVersion.withValue(2) {
            try ModelArchiver.archivedData(with: model)
        }
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(TestModel.self, from: data)
        }
        #expect(error.code == .newerVersion(archived: 2, supported: 1))
        #expect(error.modelTypeName?.hasSuffix("ModelNSCodingSpecTests.TestModel") == true)
        #expect(error.description.contains("version 2"))
    }
}
