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

    /// Keys are 32-bit offsets: a string that ends beyond them (an input over 4 GiB) is made
    /// and not kept, and no byte is read for it. The buffer claims 5 GiB over one small
    /// allocation; only its first bytes exist, and only those may be read.
    @Test("strings beyond 4 GiB into the input are made, never kept or read")
    func beyondThirtyTwoBits() {
        let cache = JSONStringCache<Int>()
        let small = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
        defer { small.deallocate() }
        small.initialize(repeating: UInt8(ascii: "a"), count: 8)
        let huge = UnsafeBufferPointer(start: small, count: 5 << 30)  // 32-bit: a 64-bit test of 64-bit offsets
        #expect(cache.value(start: 1 << 32, length: 3, in: huge) { 9 } == 9)
        #expect(cache.value(start: Int(UInt32.max) - 1, length: 3, in: huge) { 10 } == 10)
        #expect(cache.count == 0)
        #expect(cache.value(start: 0, length: 3, in: huge) { 11 } == 11)  // in range: kept
        #expect(cache.count == 1)
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
