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

    /// Unlinks a chain from its head one link at a time. Releasing the head
    /// of a long chain would free it through one nested deinit per link
    /// (Swift's own release, which no library can change): the tests unlink
    /// their chains before they go, so that their own teardown does not
    /// overflow the stack.
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
        let error = try #require(throws: ArchiveError.self) { try ModelArchiver.archivedData(with: head) }
        #expect(error.code == .unsupportedValue)
        #expect(error.propertyKey == "payload")
        let (leading, trailing) = ArchivePath.renderedSteps
        let expected = Array(repeating: "next", count: leading).joined(separator: ".")
            + ".…(\(999 - leading - trailing + 1) more steps)…"
            + String(repeating: ".next", count: trailing - 1) + ".payload"
        #expect(error.archivePath == expected)
    }
}
