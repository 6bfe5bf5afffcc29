import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// Class instances in archives: one object-table entry each, shared
/// references and cycles, and subclasses (found by name or registered).
@Suite("Archiving: object graphs")
struct ObjectGraphTests {
    /// A class hierarchy for class-cluster tests.
    class Animal: Model {
        var name = ""
        var legs = 4
        required init() {}
    }

    /// Never registered: found by its archived name.
    final class Dog: Animal {
        var breed = ""
    }

    /// Registered by the tests that need it.
    final class Cat: Animal {
        var indoor = false
    }

    /// Not an animal; registered to check the subclass requirement.
    final class Robot: Model {
        var serial = 0
        required init() {}
    }

    struct Zoo: Model {
        var star: Animal?
    }

    struct RobotZoo: Model {
        var star: Robot?
    }

    struct Pair: Model {
        var first: Sample.Node?
        var second: Sample.Node?
    }

    @Test("class models round-trip with inherited and own properties")
    func classRoundTrip() throws {
        let dog = Dog()
        dog.name = "Rex"
        dog.legs = 3
        dog.breed = "Beagle"
        let copy = try archiveRoundTrip(dog)
        #expect(copy !== dog)
        #expect(copy == dog)
        #expect(copy.name == "Rex" && copy.legs == 3 && copy.breed == "Beagle")

        let object = try Animal(dictionary: ["name": "foo", "legs": 2])
        #expect(try archiveRoundTrip(object) == object)
    }

    @Test("a shared object is archived once and stays shared")
    func sharedIdentity() throws {
        let node = Sample.Node("shared")
        let pair = Pair(first: node, second: node)
        let data = try ModelArchiver.archivedData(with: pair)
        #expect(try archiveObjects(data).count == 2)
        let copy = try ModelArchiver.unarchive(Pair.self, from: data)
        let first = try #require(copy.first)
        #expect(first === copy.second)
        #expect(first.name == "shared")
    }

    @Test("strong cycles keep their shape")
    func strongCycle() throws {
        let a = Sample.Node("a")
        let b = Sample.Node("b")
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
        let root = Sample.Node("root")
        root.children = (0..<3).map { Sample.Node("child \($0)") }
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
        var head = Sample.Node("0")
        for index in 1..<3000 {
            let node = Sample.Node("\(index)")
            node.next = head
            head = node
        }
        let copy = try archiveRoundTrip(head)
        var names: [String] = []
        var node: Sample.Node? = copy
        while let current = node {
            names.append(current.name)
            node = current.next
        }
        #expect(names.count == 3000)
        #expect(names.first == "2999" && names.last == "0")
    }

    @Test("an unregistered subclass under a superclass property is found by its name")
    func unregisteredSubclass() throws {
        let dog = Dog()
        dog.breed = "Beagle"
        let zoo = try archiveRoundTrip(Zoo(star: dog))
        #expect((zoo.star as? Dog)?.breed == "Beagle")
        let root = try ModelArchiver.unarchive(Animal.self, from: ModelArchiver.archivedData(with: dog))
        #expect((root as? Dog)?.breed == "Beagle")
    }

    @Test("a registered subclass decodes where its superclass is declared")
    func registeredSubclass() throws {
        ModelArchiver.register(Cat.self)
        let cat = Cat()
        cat.name = "Tom"
        cat.indoor = true
        let zoo = try archiveRoundTrip(Zoo(star: cat))
        let star = try #require(zoo.star as? Cat)
        #expect(star.name == "Tom" && star.indoor)

        let root = try ModelArchiver.unarchive(Animal.self, from: ModelArchiver.archivedData(with: cat))
        #expect((root as? Cat)?.indoor == true)
    }

    @Test("a registered class that is not a subclass is a type mismatch")
    func registeredNonSubclass() throws {
        ModelArchiver.register(Robot.self)
        ModelArchiver.register(Zoo.self, forTypeName: ModelArchiver.archivedTypeName(of: RobotZoo.self))
        let robot = Robot()
        robot.serial = 7
        let data = try ModelArchiver.archivedData(with: RobotZoo(star: robot))
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Zoo.self, from: data)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.archivePath == "star")
    }

    @Test("unarchiving as an unrelated type throws")
    func wrongRootType() throws {
        let data = try ModelArchiver.archivedData(with: Sample.Point(x: 1, y: 2))
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Pair.self, from: data)
        }
        #expect(error.code == .unknownType || error.code == .typeMismatch)
        #expect(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Sample.Node.self, from: data) }
        let classData = try ModelArchiver.archivedData(with: Sample.Node("x"))
        #expect(throws: ModelArchiverError.self) { try ModelArchiver.unarchive(Sample.Point.self, from: classData) }
    }
}
