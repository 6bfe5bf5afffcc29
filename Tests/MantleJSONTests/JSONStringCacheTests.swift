//
//  JSONStringCacheTests.swift
//  The per-call cache of values made from strings: keyed by raw bytes, bounded,
//  and used only by the thread that made it.
//

import Foundation
import Testing

@testable import MantleJSON

@Suite("JSONStringCache")
struct JSONStringCacheTests {
    /// `count` distinct strings and each again, as one input.
    static func input(_ count: Int) -> [UInt8] {
        Array((0..<count).map { "s\($0);" }.joined().utf8)
    }

    @Test("equal bytes give the value made for the first; the cache keeps at most its bound")
    func boundAndSharing() {
        let count = JSONStringCache<Int>.maximumCount + 100
        let bytes = Self.input(count)
        let cache = JSONStringCache<Int>()
        var made = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            for i in 0..<count {
                let length = "s\(i)".utf8.count
                let value = cache.value(start: offset, length: length, in: buffer) { made += 1; return i }
                #expect(value == i)
                offset += length + 1
            }
            #expect(cache.count == JSONStringCache<Int>.maximumCount)
            #expect(made == count)
            // The same bytes again, elsewhere (a copy appended): kept ones are not made again.
            let again = cache.value(start: 0, length: 2, in: buffer) { made += 1; return -1 }
            #expect(again == 0)
            #expect(made == count)
            // Out of range: made, not kept.
            #expect(cache.value(start: buffer.count, length: 1, in: buffer) { -2 } == -2)
        }
    }

    @Test("another thread makes its values without the cache")
    func otherThread() async {
        let bytes = Self.input(4)
        let cache = JSONStringCache<Int>()
        _ = bytes.withUnsafeBufferPointer { cache.value(start: 0, length: 2, in: $0) { 0 } }
        #expect(cache.count == 1)
        let thread = Thread {
            bytes.withUnsafeBufferPointer { buffer in
                #expect(cache.value(start: 0, length: 2, in: buffer) { 7 } == 7)
                #expect(cache.value(start: 3, length: 2, in: buffer) { 8 } == 8)
            }
        }
        thread.start()
        while !thread.isFinished { try? await Task.sleep(nanoseconds: 1_000_000) }
        #expect(cache.count == 1)
    }
}
