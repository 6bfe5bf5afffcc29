import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// A subclass declared at the top level of the module, never registered.
final class TopLevelParrot: SubclassLookupTests.Bird {
    var words = 0
}

/// Not registered: its archived name holds no file-specific part, so it
/// cannot be found by name.
private final class PrivateWren: SubclassLookupTests.Bird {
    var song = ""
}

/// Subclasses stored where their superclass is declared, found by the name
/// the archive records without a registration (at the top level, nested in
/// structs, enums and classes, `ModelObject` hierarchies) where the name says
/// enough; private, local and generic classes only when registered. An
/// archive never makes the decoder create anything but the declared class or
/// a subclass of it.
@Suite("Archiving: subclasses found by name")
struct SubclassLookupTests {
    class Bird: Model {
        var name = ""
        required init() {}
    }

    final class Robin: Bird {
        var redness = 0.0
    }

    enum Family {
        final class Finch: Bird {
            var beak = 0
        }
    }

    class Corvid: Bird {
        var intelligence = 0
        final class Raven: Corvid {
            var wingspan = 0.0
        }
    }

    struct Aviary: Model {
        var star: Bird?
        var flock: [Bird] = []
        var perches: [String: Bird] = [:]
    }

    /// A generic subclass: its name (`…Nest<Swift.Int>`) could name any type
    /// as its argument, so it is not looked up.
    final class Nest<Egg>: Bird {
        var eggs = 0
    }

    /// A `ModelObject` hierarchy, as OctoKit's events are.
    class Event: ModelObject {
        var id = 0
    }

    final class PushEvent: Event {
        var commits = 0
    }

    struct Timeline: Model {
        var events: [Event] = []
    }

    /// Counts its instances, to show it is never created by an archive that
    /// names it where it does not belong.
    final class Counted: Model {
        nonisolated(unsafe) static var instances = 0
        static let lock = NSLock()
        var serial = 0
        required init() { Self.lock.withLock { Self.instances += 1 } }
        static var count: Int { lock.withLock { instances } }
    }

    /// Not a model at all, counted likewise.
    final class NotAModel {
        nonisolated(unsafe) static var instances = 0
        init() { Counted.lock.withLock { Self.instances += 1 } }
        static var count: Int { Counted.lock.withLock { instances } }
    }

    static func robin(_ name: String) -> Robin {
        let robin = Robin()
        robin.name = name
        robin.redness = 0.5
        return robin
    }

    @Test("subclasses decode where their superclass is declared, unregistered, at the root and in properties")
    func unregisteredSubclasses() throws {
        let parrot = TopLevelParrot()
        parrot.words = 12
        let finch = Family.Finch()
        finch.beak = 3
        let raven = Corvid.Raven()
        raven.wingspan = 1.2
        raven.intelligence = 9
        let aviary = Aviary(star: Self.robin("Red"), flock: [parrot, finch, raven], perches: ["top": raven])

        let copy = try ModelArchiver.unarchive(Aviary.self, from: ModelArchiver.archivedData(with: aviary))
        #expect((copy.star as? Robin)?.redness == 0.5)
        #expect(copy.flock.map { String(reflecting: type(of: $0)) } == aviary.flock.map { String(reflecting: type(of: $0)) })
        #expect((copy.flock[0] as? TopLevelParrot)?.words == 12)
        #expect((copy.flock[1] as? Family.Finch)?.beak == 3)
        let copiedRaven = try #require(copy.flock[2] as? Corvid.Raven)
        #expect(copiedRaven.wingspan == 1.2 && copiedRaven.intelligence == 9)
        #expect(copy.perches["top"] === copiedRaven)

        let root = try ModelArchiver.unarchive(Bird.self, from: ModelArchiver.archivedData(with: raven))
        #expect((root as? Corvid.Raven)?.wingspan == 1.2)
        let corvid = try ModelArchiver.unarchive(Corvid.self, from: ModelArchiver.archivedData(with: raven))
        #expect(corvid is Corvid.Raven)
    }

    @Test("a ModelObject hierarchy decodes without registrations")
    func modelObjectHierarchy() throws {
        let push = PushEvent()
        push.id = 1
        push.commits = 3
        let plain = Event()
        plain.id = 2
        let copy = try ModelArchiver.unarchive(Timeline.self,
                                               from: ModelArchiver.archivedData(with: Timeline(events: [push, plain])))
        #expect(copy.events.map(\.id) == [1, 2])
        #expect((copy.events[0] as? PushEvent)?.commits == 3)
        #expect(type(of: copy.events[1]) == Event.self)
    }

    /// A private class, a class declared in a function and a generic class:
    /// `.unknownType` naming the class and saying to register it; registered,
    /// each decodes.
    @Test("private, local and generic subclasses must be registered, and the error says so")
    func registrationStillNeeded() throws {
        final class LocalSparrow: Bird {
            var grams = 0
        }
        let wren = PrivateWren()
        wren.song = "trill"
        let sparrow = LocalSparrow()
        sparrow.grams = 24
        let nest = Nest<Int>()
        nest.eggs = 4
        for (bird, register): (Bird, () -> Void) in [
            (wren, { ModelArchiver.register(PrivateWren.self) }),
            (sparrow, { ModelArchiver.register(LocalSparrow.self) }),
            (nest, { ModelArchiver.register(Nest<Int>.self) }),
        ] {
            let data = try ModelArchiver.archivedData(with: Aviary(star: bird))
            let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Aviary.self, from: data) }
            #expect(error.code == .unknownType)
            #expect(error.archivePath == "star")
            #expect(error.found == ModelArchiver.archivedTypeName(of: type(of: bird)))
            #expect(error.description.contains("register it with ModelArchiver.register(_:)"))
            register()
            let copy = try ModelArchiver.unarchive(Aviary.self, from: data)
            #expect(type(of: try #require(copy.star)) == type(of: bird))
        }
        #expect((try ModelArchiver.unarchive(Bird.self, from: ModelArchiver.archivedData(with: wren)) as? PrivateWren)?.song == "trill")
    }

    // MARK: Hostile names

    /// `data` with the `$type` of object `index` replaced by `name`.
    static func renaming(_ data: Data, object index: Int, to name: String) throws -> Data {
        guard case .dictionary(var top) = try BinaryPropertyListReader.value(from: data, maximumDepth: 256),
              case .array(var objects)? = top["$objects"], case .dictionary(var entry) = objects[index] else {
            throw UnexpectedArchiveShape(expected: "an object table")
        }
        entry["$type"] = .string(name)
        objects[index] = .dictionary(entry)
        top["$objects"] = .array(objects)
        return BinaryPropertyListWriter.data(for: .dictionary(top))
    }

    /// Checks: an archive naming a model class that is not a subclass of the
    /// declared class, or a class that is not a model, is a type mismatch,
    /// and the class is never instantiated.
    @Test("a name found in the process that is not a subclass is refused before anything is created")
    func unrelatedClassesAreNotCreated() throws {
        let data = try ModelArchiver.archivedData(with: Aviary(star: Self.robin("x")))
        let countedBefore = Counted.count
        let notAModelBefore = NotAModel.count
        for name in [ModelArchiver.archivedTypeName(of: Counted.self), String(reflecting: NotAModel.self)] {
            let hostile = try Self.renaming(data, object: 1, to: name)
            let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Aviary.self, from: hostile) }
            #expect(error.code == .typeMismatch)
            #expect(error.archivePath == "star")
            let asRoot = try Self.renaming(ModelArchiver.archivedData(with: Self.robin("y")), object: 0, to: name)
            let rootError = try #require(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Bird.self, from: asRoot) }
            #expect(rootError.code == .typeMismatch)
        }
        #expect(Counted.count == countedBefore)
        #expect(NotAModel.count == notAModelBefore)

        // A superclass where a subclass is declared.
        let bird = try Self.renaming(ModelArchiver.archivedData(with: Self.robin("z")), object: 0,
                                     to: ModelArchiver.archivedTypeName(of: Bird.self))
        #expect(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Robin.self, from: bird) }
    }

    static let hostileNames = [
        "", ".", "..", "MantleArchivingTests.", ".Bird", "MantleArchivingTests..Bird",
        "MantleArchivingTests.SubclassLookupTests.Aviary",                     // a struct model
        "MantleArchivingTests.SubclassLookupTests.Nest<Swift.String>",        // (Nest<Int> is registered)
        "MantleArchivingTests.SubclassLookupTests.Nest",                       // generic, no arguments
        "MantleArchivingTests.(unknown context).Nobody",
        "(extension in MantleArchivingTests):Swift.Int.Bird",
        "Swift.Int", "Swift.String", "Swift.Array", "Foundation.NSObject",
        "MantleArchivingTests.SubclassLookupTests.Rob\u{0}in", "MantleArchivingTests.\u{1}\u{2}\u{3}\u{4}",
        "MantleArchivingTests.Søngbird", "1MantleArchivingTests.Bird", "$s20MantleArchivingTests5RobinC",
        "20MantleArchivingTests19SubclassLookupTestsV5RobinC",
        String(repeating: "A.", count: 100) + "Bird",
        "MantleArchivingTests." + String(repeating: "x", count: 5_000),
        String(repeating: "MantleArchivingTests.SubclassLookupTests.", count: 8) + "Robin",
    ]

    /// Checks: names that are empty, malformed, mangled, oversized, of
    /// structs, of generic or private classes, or not classes at all are an
    /// error (`.unknownType`, or `.typeMismatch` for a type that exists but
    /// is not a subclass), never a crash and never an instance.
    @Test("hostile type names are errors", arguments: hostileNames)
    func hostileName(name: String) throws {
        let data = try ModelArchiver.archivedData(with: Aviary(star: Self.robin("x")))
        let hostile = try Self.renaming(data, object: 1, to: name)
        let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Aviary.self, from: hostile) }
        #expect(error.code == .unknownType || error.code == .typeMismatch)
    }

    /// Checks the facts `ArchiveTypeLookup` relies on when it calls
    /// `_typeByName` with names of identifiers, lengths and kind letters: an
    /// unknown module or type, a struct looked up as a class and a generic
    /// class without its arguments give `nil` (no trap), and a class found
    /// is not instantiated.
    @Test("_typeByName: nil for what does not match, no instance for what does")
    func typeByNameFacts() {
        let tests = "20MantleArchivingTests19SubclassLookupTestsV"
        #expect(_typeByName(tests + "5RobinC") == Robin.self)
        #expect(_typeByName(tests + "6Corvid" + "C5RavenC") == Corvid.Raven.self)
        #expect(_typeByName("7NoSuchM4BirdC") == nil)
        #expect(_typeByName(tests + "6NobodyC") == nil)
        #expect(_typeByName(tests + "6AviaryC") == nil)
        #expect(_typeByName(tests + "4NestC") == nil)
        let before = Counted.count
        #expect(_typeByName(tests + "7CountedC") == Counted.self)
        #expect(Counted.count == before)
    }

    @Test("names are looked up only when every component is an ASCII identifier", arguments: [
        ("App.Bird", ["App", "Bird"]),
        ("App.Outer.Inner_2", ["App", "Outer", "Inner_2"]),
        ("_App._Bird", ["_App", "_Bird"]),
        ("Bird", nil),
        ("App.Box<Swift.Int>", nil),
        ("App.(unknown context).Bird", nil),
        ("App.Bird.", nil),
        ("App.2Bird", nil),
        ("App.Bïrd", nil),
        ("App.Bird Song", nil),
        ("App.\u{1}\u{0}\u{0}\u{0}\u{0}", nil),
    ] as [(String, [String]?)])
    func identifiers(name: String, components: [String]?) {
        #expect(ArchiveTypeLookup.identifiers(of: name)?.map(String.init) == components)
    }

    /// Checks: without a declared class (an `Any` property), a class is not
    /// looked up by name: only registered types and types the graph's
    /// declared properties name are used.
    @Test("a model in an Any property is not looked up by name")
    func anyPropertiesAreNotLookedUp() throws {
        struct Holder: Model {
            var anything: Any?
        }
        let data = try ModelArchiver.archivedData(with: Holder(anything: Self.robin("any")))
        let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Holder.self, from: data) }
        #expect(error.code == .unknownType)
    }

    /// Checks: many tasks decoding archives of fresh subclasses at once (the
    /// first lookups of their names race) all get the right classes.
    @Test("concurrent first lookups agree")
    func concurrentLookups() async throws {
        let aviary = Aviary(star: Corvid.Raven(), flock: [Family.Finch(), TopLevelParrot(), Self.robin("c")])
        let data = try ModelArchiver.archivedData(with: aviary)
        let names = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<32 {
                group.addTask {
                    let copy = try ModelArchiver.unarchive(Aviary.self, from: data)
                    return ([copy.star].compactMap { $0 } + copy.flock).map { String(reflecting: type(of: $0)) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = ([aviary.star].compactMap { $0 } + aviary.flock).map { String(reflecting: type(of: $0)) }
        #expect(names.count == 32 && names.allSatisfy { $0 == expected })
    }
}
