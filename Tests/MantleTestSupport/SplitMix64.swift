/// SplitMix64: a tiny, fast, seedable random number generator, shared by every
/// test that generates or mutates input. No randomness comes from the system,
/// so every run does exactly the same and failures are reproducible.
package struct SplitMix64: RandomNumberGenerator {
    /// The state.
    private var state: UInt64

    /// A generator seeded with `seed`.
    package init(seed: UInt64) { state = seed }

    /// A generator seeded from a string (FNV-1a; `Hasher` is randomised per
    /// process), mixed with `salt`.
    package init(seed text: String, salt: UInt64 = 0) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        state = hash ^ (salt &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound > 0`).
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// `true` with probability `percent`/100.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A random element of a non-empty collection.
    package mutating func pick<C: RandomAccessCollection>(_ collection: C) -> C.Element where C.Index == Int {
        collection[collection.startIndex + below(collection.count)]
    }
}
