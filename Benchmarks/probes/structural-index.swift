// What a structural index costs in portable Swift: the first pass of a two-stage parser
// (simdjson's stage 1) reduced to three bit masks, one bit per input byte in input order, of
// quotes, of backslashes and bytes below 0x20 or above 0x7F, and of spaces. It is a measure of
// the floor, not a parser: no in-string mask, no escaped-quote logic, no UTF-8 validation, no
// tape. `Benchmarks/README.md` ("The issue's goals in one run") quotes its figures.
//
//     swiftc -O Benchmarks/probes/structural-index.swift -o /tmp/structural-index
//     /tmp/structural-index ../shared/fixtures/corpora/twitter.json 300
//
// (A development tool: it reads whatever file it is given, `../shared`'s corpora among them.)
// Swift's SIMD types have no byte-mask-to-bits operation (SSE2's `pmovmskb`, NEON's narrowing
// shifts), so the masks are gathered two ways, which must agree:
// - `gathered`: each 16-byte compare's two 64-bit halves, each `& 0x80…80` times a magic
//   constant that gathers the eight top bits into one byte (12 instructions per compare);
// - `planes`: eight compares (128 bytes) or-ed into one vector as bit planes (byte k's bit j is
//   byte 16j + k's), then an 8×8 bit transpose per half and a byte interleave.
// For instruction counts run it under `valgrind --tool=callgrind` and divide `gathered`'s and
// `planes`'s totals by their calls (1 + 5 × rounds each) and the file's size.
import Foundation

/// The transpose of the 8×8 bit matrix in `word` (byte i's bit j becomes byte j's bit i).
@inline(__always)
func transposed(_ word: UInt64) -> UInt64 {
    var x = word
    var t = (x ^ (x &>> 7)) & 0x00AA_00AA_00AA_00AA
    x = x ^ t ^ (t &<< 7)
    t = (x ^ (x &>> 14)) & 0x0000_CCCC_0000_CCCC
    x = x ^ t ^ (t &<< 14)
    t = (x ^ (x &>> 28)) & 0x0000_0000_F0F0_F0F0
    return x ^ t ^ (t &<< 28)
}

/// The 128 bits, in input order, of `plane`, whose byte k's bit j stands for input byte 16j + k.
@inline(__always)
func inOrder(_ plane: SIMD16<UInt8>) -> SIMD2<UInt64> {
    let halves = unsafeBitCast(plane, to: SIMD2<UInt64>.self)
    let t = unsafeBitCast(SIMD2<UInt64>(transposed(halves[0]), transposed(halves[1])), to: SIMD16<UInt8>.self)
    let interleaved = SIMD16<UInt8>(t[0], t[8], t[1], t[9], t[2], t[10], t[3], t[11],
                                    t[4], t[12], t[5], t[13], t[6], t[14], t[7], t[15])
    return unsafeBitCast(interleaved, to: SIMD2<UInt64>.self)
}

/// The sixteen top bits of a compare's lanes (0x00 or 0xFF each), lane 0 lowest.
@inline(__always)
func topBits(_ lanes: SIMD16<Int8>) -> UInt64 {
    let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
    let gather: UInt64 = 0x0002_0408_1020_4081, top: UInt64 = 0x8080_8080_8080_8080
    return ((halves[0] & top) &* gather) &>> 56 | (((halves[1] & top) &* gather) &>> 56) &<< 8
}

let quote = SIMD16<Int8>(repeating: 0x22), backslash = SIMD16<Int8>(repeating: 0x5C)
let space = SIMD16<Int8>(repeating: 0x20)

/// The masks of `bytes[0..<count]`, 64 bytes a step: quotes at `out[3b]`, specials at
/// `out[3b + 1]`, spaces at `out[3b + 2]` for block b.
///
/// SAFETY: the caller provides `count` rounded up to 128 plus 128 readable bytes at `bytes`, and
/// `out` with room for three words per 64 bytes of that; `loadUnaligned` needs no alignment.
@inline(never)
func gathered(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ out: UnsafeMutablePointer<UInt64>) {
    var i = 0, block = 0
    while i < count {
        var q: UInt64 = 0, s: UInt64 = 0, w: UInt64 = 0
        for j in 0..<4 {
            let v = UnsafeRawPointer(bytes + i + 16 * j).loadUnaligned(as: SIMD16<Int8>.self)
            let shift = UInt64(16 * j)
            q |= topBits(unsafeBitCast(v .== quote, to: SIMD16<Int8>.self)) &<< shift
            s |= topBits(unsafeBitCast((v .== backslash) .| (v .< space), to: SIMD16<Int8>.self)) &<< shift
            w |= topBits(unsafeBitCast(v .== space, to: SIMD16<Int8>.self)) &<< shift
        }
        out[3 * block] = q
        out[3 * block + 1] = s
        out[3 * block + 2] = w
        i += 64
        block += 1
    }
}

/// The same masks as ``gathered(_:_:_:)``, in the same places, 128 bytes a step.
///
/// SAFETY: as ``gathered(_:_:_:)``.
@inline(never)
func planes(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ out: UnsafeMutablePointer<UInt64>) {
    var i = 0, block = 0
    while i < count {
        var q = SIMD16<UInt8>(), s = SIMD16<UInt8>(), w = SIMD16<UInt8>()
        for j in 0..<8 {
            let v = UnsafeRawPointer(bytes + i + 16 * j).loadUnaligned(as: SIMD16<Int8>.self)
            let bit = SIMD16<UInt8>(repeating: UInt8(1) << UInt8(j))
            q |= unsafeBitCast(v .== quote, to: SIMD16<UInt8>.self) & bit
            s |= unsafeBitCast((v .== backslash) .| (v .< space), to: SIMD16<UInt8>.self) & bit
            w |= unsafeBitCast(v .== space, to: SIMD16<UInt8>.self) & bit
        }
        let (oq, os, ow) = (inOrder(q), inOrder(s), inOrder(w))
        for half in 0..<2 {
            out[3 * (block + half)] = oq[half]
            out[3 * (block + half) + 1] = os[half]
            out[3 * (block + half) + 2] = ow[half]
        }
        i += 128
        block += 2
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let rounds = Int(arguments[2]), rounds > 0,
      let data = FileManager.default.contents(atPath: arguments[1]) else {
    print("usage: structural-index FILE ROUNDS")
    exit(2)
}
let count = data.count
let padded = (count + 127) / 128 * 128 + 128
let bytes = [UInt8](data) + [UInt8](repeating: 0x20, count: padded - count)
let words = padded / 64 * 3
var first = [UInt64](repeating: 0, count: words), second = [UInt64](repeating: 1, count: words)
bytes.withUnsafeBufferPointer { input in
    guard let base = input.baseAddress else { return }
    first.withUnsafeMutableBufferPointer { out in out.baseAddress.map { gathered(base, count, $0) } }
    second.withUnsafeMutableBufferPointer { out in out.baseAddress.map { planes(base, count, $0) } }
    // Blocks past the input's last are written by `planes` only (it goes 128 bytes a step).
    let used = (count + 63) / 64 * 3
    print("\(arguments[1]): \(count) bytes; the two ways agree: \(first[..<used] == second[..<used])")
    for (name, pass) in [("gathered", gathered), ("planes", planes)] as [(String, (UnsafePointer<UInt8>, Int, UnsafeMutablePointer<UInt64>) -> Void)] {
        var best = Double.infinity
        first.withUnsafeMutableBufferPointer { out in
            guard let words = out.baseAddress else { return }
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<rounds { pass(base, count, words) }
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds) / 1000
                best = min(best, elapsed)
            }
        }
        let figures = String(format: "%7.1f µs a pass, %5.0f MB/s (fastest of 5 × %d)", best, Double(count) / best, rounds)
        print("  \(name.padding(toLength: 9, withPad: " ", startingAt: 0))\(figures)")
    }
}
