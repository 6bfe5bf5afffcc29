import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// Chains of class instances far longer than the stack is deep: archiving,
/// unarchiving and every model operation on them run without one nested call
/// per object. Each check runs in a child process, so that a stack overflow
/// fails one test rather than the run.
@Suite("Archiving: long chains")
struct LongChainTests {
    final class Link: Model {
        var value = 0
        var next: Link?
        required init() {}
    }

    /// A chain of `count` links whose values are their positions.
    static func chain(_ count: Int) -> Link {
        let head = Link()
        var tail = head
        for position in 1..<count {
            let link = Link()
            link.value = position
            tail.next = link
            tail = link
        }
        return head
    }

    /// Unlinks a chain from its head one link at a time, so that the tests'
    /// own teardown never depends on how Swift releases a long chain (on
    /// Swift 6.3.1 on Linux, dropping the head of a 3,000,000-link chain did
    /// not overflow the stack, but nothing promises an iterative release).
    static func unlink(_ head: Link?) {
        var link = head
        while let current = link {
            link = current.next
            current.next = nil
        }
    }

    #if os(macOS) || os(Linux) || os(Windows)
    @Test("a chain of 1,000,000 objects archives, unarchives, compares, hashes, describes, copies and converts")
    func millionLinks() async {
        await #expect(processExitsWith: .success) {
            let count = 1_000_000
            let head = LongChainTests.chain(count)
            defer { LongChainTests.unlink(head) }
            let data: Data, copy: Link
            do {
                data = try ModelArchiver.archivedData(with: head)
                copy = try ModelArchiver.unarchive(Link.self, from: data)
            } catch {
                exit(2)
            }
            defer { LongChainTests.unlink(copy) }
            var link: Link? = copy, position = 0
            while let current = link {
                guard current.value == position else { exit(3) }
                position += 1
                link = current.next
            }
            guard position == count else { exit(4) }

            // `==` recurses per object until the stack runs low, then answers "unequal" (documented).
            _ = head == copy
            guard head == head else { exit(5) }
            // Hashing looks two objects deep, so equal chains hash alike.
            guard head.hashValue == copy.hashValue else { exit(6) }
            let text = head.description
            guard text.hasPrefix("Link(value: 0, next: Link(value: 1"), text.contains("Link(…)") else { exit(7) }
            let shallow = head.copy()
            guard shallow !== head, shallow.next === head.next else { exit(8) }
            shallow.next = nil
            guard (head.dictionaryValue["next"] as? Link) === head.next else { exit(9) }
        }
    }
    #endif

    /// A link that refuses the value -1 in `validate()`.
    final class CheckedLink: Model {
        var value = 0
        var next: CheckedLink?
        required init() {}

        struct Refused: Error {}

        func validate() throws {
            if value == -1 { throw Refused() }
        }
    }

    /// `archive` with its object table in reverse order (the references
    /// renumbered): an archive may list its objects in any order.
    static func reversedObjectTable(_ archive: Data) throws -> Data {
        guard case .dictionary(var top) = try BinaryPropertyListReader.value(from: archive, maximumDepth: 256),
              case .array(let objects)? = top["$objects"], case .integer(let root)? = top["$root"] else {
            throw UnexpectedArchiveShape(expected: "an archive")
        }
        let last = Int64(objects.count - 1)
        func renumbered(_ value: PropertyListValue) -> PropertyListValue {
            switch value {
            case .dictionary(let members):
                if members.count == 1, case .integer(let index)? = members["$ref"] {
                    return .dictionary(["$ref": .integer(last - index)])
                }
                return .dictionary(members.mapValues(renumbered))
            case .array(let items): return .array(items.map(renumbered))
            default: return value
            }
        }
        top["$objects"] = .array(objects.reversed().map(renumbered))
        top["$root"] = .integer(last - root)
        return BinaryPropertyListWriter.data(for: .dictionary(top))
    }

    #if os(macOS) || os(Linux) || os(Windows)
    @Test("unarchiving a chain of 200,000 objects listed tail first that fails at its end throws, and lets go of what it built")
    func failingReversedChain() async {
        await #expect(processExitsWith: .success) {
            let head = CheckedLink()
            var tail = head
            for position in 1..<200_000 {
                let link = CheckedLink()
                link.value = position
                tail.next = link
                tail = link
            }
            tail.value = -1
            let data: Data
            do {
                data = try LongChainTests.reversedObjectTable(ModelArchiver.archivedData(with: head))
            } catch {
                exit(2)
            }
            var link: CheckedLink? = head
            while let current = link {
                link = current.next
                current.next = nil
            }
            do {
                _ = try ModelArchiver.unarchive(CheckedLink.self, from: data)
                exit(3)
            } catch is CheckedLink.Refused {
                // Refused by `validate()`, and every object built so far let go of.
            } catch {
                exit(4)
            }
        }
    }
    #endif

    @Test("an error deep in a chain names the path with the middle steps left out")
    func deepErrorPath() throws {
        final class Carrier: Model {
            var next: Carrier?
            var payload: Any = 0
            required init() {}
        }
        let head = Carrier()
        var tail = head
        for _ in 1..<1_000 {
            let link = Carrier()
            tail.next = link
            tail = link
        }
        tail.payload = Character("x")
        defer {
            var link: Carrier? = head
            while let current = link {
                link = current.next
                current.next = nil
            }
        }
        let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.archivedData(with: head) }
        #expect(error.code == .unsupportedValue)
        #expect(error.propertyKey == "payload")
        let (leading, trailing) = ArchivePath.renderedSteps
        let expected = Array(repeating: "next", count: leading).joined(separator: ".")
            + ".…(\(999 - leading - trailing + 1) more steps)…"
            + String(repeating: ".next", count: trailing - 1) + ".payload"
        #expect(error.archivePath == expected)
    }
}
