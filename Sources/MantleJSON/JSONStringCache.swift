import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Values made from the strings of one JSON text (`URL`s), kept by the strings' raw bytes, so
/// that strings with the same bytes give one shared value, made once: GitHub's issues repeat
/// the same user, repository and label URLs many times, and each `URL` costs about 320 bytes
/// and a parse.
///
/// Sharing is exact for values of a value type made by a pure function of the string: equal
/// raw bytes are the same string, so the value made again would be equal to the one kept.
///
/// It holds at most ``maximumCount`` values (then it only looks up), so input made to hold
/// many distinct strings cannot grow it without bound; it lives as long as the documents of
/// one decode call. Its keys are offsets into that call's input (no copies of the strings).
///
/// Only the thread that made it reads or writes it (a document of the call that a `Codable`
/// decoder kept and uses elsewhere makes its values without it), so it needs no lock.
package final class JSONStringCache<Value>: @unchecked Sendable {
    /// The most values kept.
    package static var maximumCount: Int { 4096 }

    private struct Slot {
        /// The hash of the raw bytes; 0 marks an empty slot.
        var hash: UInt64
        var start: UInt32
        var length: UInt32
        var value: Value?
    }

    private let owner: pthread_t
    /// Open addressing, linear probing; a power-of-two count, empty until the first value.
    private var slots: [Slot] = []
    package private(set) var count = 0

    package init() {
        owner = pthread_self()
    }

    /// The value for the `length` raw bytes at `start` of `bytes`, the input of every document
    /// that uses this cache: the one kept for the same bytes, or else `make()`, kept when it is
    /// not `nil` and there is room. `make` alone on another thread than the one that made the
    /// cache.
    package func value(start: Int, length: Int, in bytes: UnsafeBufferPointer<UInt8>,
                       make: () -> Value?) -> Value? {
        // Keys are kept as 32-bit offsets: a string beyond them (in an input over 4 GiB) is not
        // kept, so that no truncated offset ever names other bytes.
        guard pthread_equal(pthread_self(), owner) != 0, let base = bytes.baseAddress,
              start >= 0, length >= 0, start <= bytes.count &- length,
              UInt64(truncatingIfNeeded: start) &+ UInt64(truncatingIfNeeded: length) <= UInt64(UInt32.max)
        else { return make() }
        // SAFETY: `start ..< start + length` lies inside `bytes` (checked above), and so does
        // every kept key: each was checked so when it was kept, in the same bytes (one input
        // per cache, which never changes or moves, see `JSONInput`).
        let key = base + start
        let hash = Self.hash(key, length)
        if !slots.isEmpty {
            let mask = slots.count &- 1
            var i = Int(truncatingIfNeeded: hash) & mask  // 32-bit: the low bits index the table; any width works
            while slots[i].hash != 0 {
                let slot = slots[i]
                if slot.hash == hash, Int(slot.length) == length,  // 32-bit: a length within the input
                   memcmp(base + Int(slot.start), key, length) == 0 {  // 32-bit: an offset into the input
                    return slot.value
                }
                i = (i &+ 1) & mask
            }
        }
        guard let value = make() else { return nil }
        guard count < Self.maximumCount else { return value }
        if count &* 2 >= slots.count { grow() }
        let mask = slots.count &- 1
        var i = Int(truncatingIfNeeded: hash) & mask  // 32-bit: the low bits index the table; any width works
        while slots[i].hash != 0 { i = (i &+ 1) & mask }
        slots[i] = Slot(hash: hash, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length),
                        value: value)
        count &+= 1
        return value
    }

    /// Doubles the table (from 64 slots), keeping the values.
    private func grow() {
        let old = slots
        let capacity = Swift.max(64, old.count &* 2)
        slots = Array(repeating: Slot(hash: 0, start: 0, length: 0, value: nil), count: capacity)
        let mask = capacity &- 1
        for slot in old where slot.hash != 0 {
            var i = Int(truncatingIfNeeded: slot.hash) & mask  // 32-bit: the low bits index the table; any width works
            while slots[i].hash != 0 { i = (i &+ 1) & mask }
            slots[i] = slot
        }
    }

    /// A 64-bit hash of the `count` bytes at `p`, never 0: eight bytes at a time, then the rest.
    // 32-bit: UInt64 words throughout
    private static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        // SAFETY: every load lies inside the `count` bytes at `p`: words at `i` while
        // `count - i >= 8`, single bytes below `count` after.
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var i = 0
        while count &- i >= 8 {
            let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            h = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
            h ^= h &>> 32
            i &+= 8
        }
        while i < count {
            h = (h ^ UInt64(p[i])) &* 0x9E37_79B9_7F4A_7C15
            i &+= 1
        }
        // The finaliser of MurmurHash3: every bit of `h` reaches the low bits, the table's index.
        h ^= h &>> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h &>> 33
        return h == 0 ? 1 : h
    }
}
