// What a structural index costs in portable Swift, in two measures:
//
// 1. The floor: the first pass of a two-stage parser (simdjson's stage 1) reduced to three bit
//    masks, one bit per input byte in input order, of quotes, of backslashes and bytes below
//    0x20 or above 0x7F, and of spaces; no in-string mask, no escaped-quote logic, no UTF-8
//    validation, no tape. Swift's SIMD types have no byte-mask-to-bits operation (SSE2's
//    `pmovmskb`, NEON's narrowing shifts), so the masks are gathered two ways, which must agree:
//    - `gathered`: each 16-byte compare's two 64-bit halves, each `& 0x80…80` times a magic
//      constant that gathers the eight top bits into one byte (12 instructions per compare);
//    - `planes`: eight compares (128 bytes) or-ed into one vector as bit planes (byte k's bit j
//      is byte 16j + k's), then an 8×8 bit transpose per half and a byte interleave.
// 2. The two-stage parse the speed issue's parse-only goal names, as a prototype:
//    - `stage1`, a structural index found 128 bytes at a time: compares of quotes, backslashes,
//      white space (space, tab, line feed, carriage return), `{ } [ ] , :`, and bytes below 0x20
//      or above 0x7F, gathered as bit planes into five 64-bit masks a block; then simdjson's
//      escape logic (odd runs of backslashes), the in-string mask (a prefix xor), and the
//      positions of structural characters outside strings, every unescaped quote and every
//      scalar's first byte;
//    - `stage2`, the tape from those positions: the scanner's 16-byte nodes, container counts
//      and subtree ends, strings' escape and non-ASCII flags, UTF-8 validated where the mask
//      says a string has a byte above 0x7F, literals checked, the keys' hashes as the
//      duplicate-key check computes them (not its Bloom filter).
//    It does less than `JSONScanner`: numbers are not checked against the grammar, escapes are
//    not validated, nothing reports where an error is; so its times are a lower bound.
//
// `Benchmarks/README.md` ("The issue's goals in one run") quotes the figures of both.
//
//     swiftc -O Benchmarks/probes/structural-index.swift -o /tmp/structural-index
//     /tmp/structural-index ../shared/fixtures/corpora/twitter.json 300
//
// (A development tool: it reads whatever file it is given, `../shared`'s corpora among them.)
// For instruction counts run it under `valgrind --tool=callgrind` with ROUNDS 2 and divide each
// function's total by its calls: `gathered` and `planes` 11 each, `stage1` 21, `stage2` 11.
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

/// A tape node, laid out as `JSONNode`.
struct Node {
    var startOrCount: UInt32
    var lengthOrEnd: UInt32
    var offset: UInt32
    var kind: UInt8
    var flags: UInt8
    var depth: UInt16
}

/// Stage 1: writes the positions of structurals (ops outside strings, every unescaped quote,
/// scalar starts) to `index`; returns their count, or -1 on a byte outside strings that is
/// neither white space nor allowed (control, non-ASCII), or on a string still open at the end.
/// `attentionOut` gets, per 64 bytes, the bytes below 0x20 or above 0x7F inside strings (for
/// stage 2's string checks), `backslashOut` the backslashes inside strings.
///
/// SAFETY: the caller pads `bytes` to `count` rounded up to 128, plus 128 bytes of spaces;
/// `index` has room for `count + 64` positions (one per byte at most, and the flatten writes up
/// to three past the last), the two mask outputs one word per 64 bytes of the padded input.
@inline(never)
func stage1(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ index: UnsafeMutablePointer<UInt32>,
            _ attentionOut: UnsafeMutablePointer<UInt64>, _ backslashOut: UnsafeMutablePointer<UInt64>) -> Int {
    let quoteV = SIMD16<UInt8>(repeating: 0x22), backslashV = SIMD16<UInt8>(repeating: 0x5C)
    let spaceV = SIMD16<UInt8>(repeating: 0x20), tabV = SIMD16<UInt8>(repeating: 0x09)
    let lfV = SIMD16<UInt8>(repeating: 0x0A), crV = SIMD16<UInt8>(repeating: 0x0D)
    let lowerV = SIMD16<UInt8>(repeating: 0x20), openV = SIMD16<UInt8>(repeating: 0x7B)
    let closeV = SIMD16<UInt8>(repeating: 0x7D), commaV = SIMD16<UInt8>(repeating: 0x2C)
    let colonV = SIMD16<UInt8>(repeating: 0x3A), attV = SIMD16<Int8>(repeating: 0x20)
    var n = 0
    var prevEscaped: UInt64 = 0, prevInString: UInt64 = 0, prevScalar: UInt64 = 0
    var errors: UInt64 = 0
    var i = 0, block = 0
    while i < count {
        var q = SIMD16<UInt8>(), b = SIMD16<UInt8>(), w = SIMD16<UInt8>(), o = SIMD16<UInt8>(), a = SIMD16<UInt8>()
        for j in 0..<8 {
            let v = UnsafeRawPointer(bytes + i + 16 * j).loadUnaligned(as: SIMD16<UInt8>.self)
            let bit = SIMD16<UInt8>(repeating: UInt8(1) << UInt8(j))
            q |= unsafeBitCast(v .== quoteV, to: SIMD16<UInt8>.self) & bit
            b |= unsafeBitCast(v .== backslashV, to: SIMD16<UInt8>.self) & bit
            w |= unsafeBitCast((v .== spaceV) .| (v .== tabV) .| (v .== lfV) .| (v .== crV), to: SIMD16<UInt8>.self) & bit
            let folded = v | lowerV
            o |= unsafeBitCast((folded .== openV) .| (folded .== closeV) .| (v .== commaV) .| (v .== colonV),
                               to: SIMD16<UInt8>.self) & bit
            a |= unsafeBitCast(unsafeBitCast(v, to: SIMD16<Int8>.self) .< attV, to: SIMD16<UInt8>.self) & bit
        }
        let (oq, ob, ow, oo, oa) = (inOrder(q), inOrder(b), inOrder(w), inOrder(o), inOrder(a))
        for half in 0..<2 {
            let backslash = ob[half]
            var escaped: UInt64
            if backslash == 0 {
                escaped = prevEscaped
                prevEscaped = 0
            } else {
                let potential = backslash & ~prevEscaped
                let maybe = potential &<< 1
                let odd: UInt64 = 0xAAAA_AAAA_AAAA_AAAA
                let code = ((maybe | odd) &- potential) ^ odd
                escaped = code ^ (backslash | prevEscaped)
                let escape = code & backslash
                prevEscaped = escape &>> 63
            }
            let quote = oq[half] & ~escaped
            var x = quote
            x ^= x &<< 1; x ^= x &<< 2; x ^= x &<< 4; x ^= x &<< 8; x ^= x &<< 16; x ^= x &<< 32
            let inString = x ^ prevInString
            prevInString = UInt64(bitPattern: Int64(bitPattern: inString) >> 63)
            let ws = ow[half], op = oo[half], att = oa[half]
            let outside = ~inString & ~quote
            let scalar = ~(ws | op) & outside
            let scalarStart = scalar & ~((scalar &<< 1) | prevScalar)
            prevScalar = scalar &>> 63
            errors |= att & outside & ~ws
            attentionOut[block + half] = att & inString
            backslashOut[block + half] = backslash & inString
            var s = (op & outside) | quote | scalarStart
            let base = UInt32(truncatingIfNeeded: i + 64 * half)
            // simdjson's flatten: four positions a step, written whether or not they exist
            // (the index has room for 64 past its end), so that the loop's exit is predictable.
            let found = s.nonzeroBitCount
            var out = index + n
            while s != 0 {
                out[0] = base &+ UInt32(truncatingIfNeeded: s.trailingZeroBitCount); s &= s &- 1
                out[1] = base &+ UInt32(truncatingIfNeeded: s.trailingZeroBitCount); s &= s &- 1
                out[2] = base &+ UInt32(truncatingIfNeeded: s.trailingZeroBitCount); s &= s &- 1
                out[3] = base &+ UInt32(truncatingIfNeeded: s.trailingZeroBitCount); s &= s &- 1
                out += 4
            }
            n &+= found
        }
        i += 128
        block += 2
    }
    if errors != 0 || prevInString != 0 { return -1 }
    // Drop structurals found in the padding.
    while n > 0 && Int(index[n - 1]) >= count { n -= 1 }
    return n
}

/// Whether any of the bits `from..<to` of `words` is set.
@inline(__always)
func bitsInRange(_ words: UnsafePointer<UInt64>, _ from: Int, _ to: Int) -> Bool {
    if from >= to { return false }
    let fw = from >> 6, tw = (to - 1) >> 6
    let lowMask = UInt64.max << UInt64(from & 63)
    let highMask = UInt64.max >> UInt64(63 - ((to - 1) & 63))
    if fw == tw { return words[fw] & lowMask & highMask != 0 }
    if words[fw] & lowMask != 0 || words[tw] & highMask != 0 { return true }
    var k = fw + 1
    while k < tw { if words[k] != 0 { return true }; k += 1 }
    return false
}

/// Whether `p[from..<to]` is well-formed UTF-8 with no control characters.
@inline(never)
func validUTF8(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
    var i = from
    while i < to {
        let c = p[i]
        if c < 0x80 { if c < 0x20 { return false }; i += 1; continue }
        if c >= 0xC2 && c <= 0xDF {
            guard i + 1 < to, p[i + 1] & 0xC0 == 0x80 else { return false }
            i += 2
        } else if c >= 0xE0 && c <= 0xEF {
            guard i + 2 < to, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80 else { return false }
            if c == 0xE0 && p[i + 1] < 0xA0 { return false }
            if c == 0xED && p[i + 1] > 0x9F { return false }
            i += 3
        } else if c >= 0xF0 && c <= 0xF4 {
            guard i + 3 < to, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80, p[i + 3] & 0xC0 == 0x80 else { return false }
            if c == 0xF0 && p[i + 1] < 0x90 { return false }
            if c == 0xF4 && p[i + 1] > 0x8F { return false }
            i += 4
        } else { return false }
    }
    return true
}

/// The duplicate-key check's hash of a key (`JSONScanner.hash`, for keys it reads in place).
@inline(__always)
func keyHash(_ base: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    let k: UInt64 = 0x9E37_79B9_7F4A_7C15
    var h = UInt64(truncatingIfNeeded: count) &* 0xD6E8_FEB8_6659_FD93
    func load(_ a: UnsafePointer<UInt8>) -> UInt64 { UnsafeRawPointer(a).loadUnaligned(as: UInt64.self) }
    if count > 8 {
        var i = 0
        while count &- i > 8 { h = (h ^ load(base + i)) &* k; i &+= 8 }
        h = (h ^ load(base + (count &- 8))) &* k
    } else if count > 0 {
        h = (h ^ (load(base) & (UInt64.max &>> UInt64(64 &- 8 &* count)))) &* k
    }
    return h
}

/// The node of the string whose quotes are at `open` and `close`, with `flags` and the escape
/// and non-ASCII flags its bytes call for; `nil` when they are not well-formed UTF-8.
@inline(__always)
func stringNode(_ p: UnsafePointer<UInt8>, _ open: Int, _ close: Int, flags: UInt8, depth: Int,
                _ attention: UnsafePointer<UInt64>, _ backslashes: UnsafePointer<UInt64>) -> Node? {
    var flags = flags
    if bitsInRange(attention, open + 1, close) {
        flags |= 4
        guard validUTF8(p, open + 1, close) else { return nil }
    }
    if bitsInRange(backslashes, open + 1, close) { flags |= 1 }
    return Node(startOrCount: UInt32(open + 1), lengthOrEnd: UInt32(close - open - 1), offset: UInt32(open),
                kind: 4, flags: flags, depth: UInt16(depth))
}

/// Stage 2: the tape from the index into `tape`; returns its count, or -1 on an error.
///
/// SAFETY: reads `p` at the index's positions and at most five bytes past them, or up to a
/// number's end, inside the 128 bytes of spaces that pad the input; reads one `index` entry past
/// a quote's, its partner (stage 1 fails when a string is open at the end); `tape` has room for
/// one node per input byte, `stack` for the nesting of the corpora (1,024 levels).
@inline(never)
func stage2(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: UnsafePointer<UInt32>, _ n: Int,
            _ attention: UnsafePointer<UInt64>, _ backslashes: UnsafePointer<UInt64>,
            _ tape: UnsafeMutablePointer<Node>, _ stack: UnsafeMutablePointer<(Int, UInt32, Bool)>, sink: inout UInt64) -> Int {
    var t = 0, k = 0, sp = 0
    var node = -1, entries: UInt32 = 0, isObject = false
    var depth = 0
    var hashes: UInt64 = 0
    // state: 0 a value is expected, 1 a value ended (`,` or the closing bracket), 2 a key.
    var state = 0
    while k < n {
        let i = Int(index[k])
        let c = p[i]
        switch state {
        case 0:
            switch c {
            case 0x22:
                guard let string = stringNode(p, i, Int(index[k + 1]), flags: 0, depth: depth, attention, backslashes)
                else { return -1 }
                tape[t] = string
                t += 1
                k += 2
                state = 1
            case 0x7B, 0x5B:
                if node >= 0 { stack[sp] = (node, entries, isObject); sp += 1 }
                node = t; entries = 0; isObject = c == 0x7B
                tape[t] = Node(startOrCount: 0, lengthOrEnd: 0, offset: UInt32(i), kind: isObject ? 6 : 5, flags: 0,
                               depth: UInt16(depth))
                t += 1
                depth += 1
                k += 1
                let next = p[Int(index[k])]
                if next == (isObject ? 0x7D : 0x5D) {
                    state = 1
                    tape[node].lengthOrEnd = UInt32(t)
                    depth -= 1
                    k += 1
                    if sp > 0 { sp -= 1; (node, entries, isObject) = stack[sp] } else { node = -1 }
                } else {
                    state = isObject ? 2 : 0
                }
            case 0x74:
                guard p[i + 1] == 0x72, p[i + 2] == 0x75, p[i + 3] == 0x65 else { return -1 }
                tape[t] = Node(startOrCount: UInt32(i), lengthOrEnd: 4, offset: UInt32(i), kind: 2, flags: 1, depth: UInt16(depth))
                t += 1; k += 1; state = 1
            case 0x66:
                guard p[i + 1] == 0x61, p[i + 2] == 0x6C, p[i + 3] == 0x73, p[i + 4] == 0x65 else { return -1 }
                tape[t] = Node(startOrCount: UInt32(i), lengthOrEnd: 5, offset: UInt32(i), kind: 2, flags: 0, depth: UInt16(depth))
                t += 1; k += 1; state = 1
            case 0x6E:
                guard p[i + 1] == 0x75, p[i + 2] == 0x6C, p[i + 3] == 0x6C else { return -1 }
                tape[t] = Node(startOrCount: UInt32(i), lengthOrEnd: 4, offset: UInt32(i), kind: 1, flags: 0, depth: UInt16(depth))
                t += 1; k += 1; state = 1
            default:
                // number: digits, '.', 'e', '+', '-' (grammar not checked in this probe)
                var j = i
                if p[j] == 0x2D { j += 1 }
                guard p[j] &- 0x30 < 10 else { return -1 }
                while p[j] &- 0x30 < 10 || p[j] == 0x2E || p[j] | 0x20 == 0x65 || p[j] == 0x2B || p[j] == 0x2D { j += 1 }
                tape[t] = Node(startOrCount: UInt32(i), lengthOrEnd: UInt32(j - i), offset: UInt32(i), kind: 3, flags: 0,
                               depth: UInt16(depth))
                t += 1; k += 1; state = 1
            }
        case 1:
            entries += 1
            if c == 0x2C {
                k += 1
                state = isObject ? 2 : 0
            } else if c == (isObject ? 0x7D : 0x5D) {
                tape[node].startOrCount = entries
                tape[node].lengthOrEnd = UInt32(t)
                depth -= 1
                k += 1
                if sp > 0 { sp -= 1; (node, entries, isObject) = stack[sp] } else { node = -1 }
                state = 1
                if node < 0 {
                    sink &+= hashes
                    return k == n ? t : -1
                }
                continue
            } else {
                return -1
            }
        case 2:
            guard c == 0x22, let key = stringNode(p, i, Int(index[k + 1]), flags: 8, depth: depth, attention, backslashes)
            else { return -1 }
            tape[t] = key
            t += 1
            hashes &+= keyHash(p + i + 1, Int(key.lengthOrEnd))
            k += 2
            guard k < n, p[Int(index[k])] == 0x3A else { return -1 }
            k += 1
            state = 0
        default:
            return -1
        }
    }
    sink &+= hashes
    return t
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

    // The two-stage prototype.
    let index = UnsafeMutablePointer<UInt32>.allocate(capacity: padded + 64)
    let attention = UnsafeMutablePointer<UInt64>.allocate(capacity: padded / 64 + 2)
    let backslashes = UnsafeMutablePointer<UInt64>.allocate(capacity: padded / 64 + 2)
    let tape = UnsafeMutablePointer<Node>.allocate(capacity: count + 16)
    let stack = UnsafeMutablePointer<(Int, UInt32, Bool)>.allocate(capacity: 1024)
    defer {
        index.deallocate()
        attention.deallocate()
        backslashes.deallocate()
        tape.deallocate()
        stack.deallocate()
    }
    var sink: UInt64 = 0  // the keys' hashes, summed so that they are computed
    let n = stage1(base, count, index, attention, backslashes)
    let nodes = n < 0 ? -1 : stage2(base, count, index, n, attention, backslashes, tape, stack, sink: &sink)
    print("  two-stage prototype: \(n) structurals, \(nodes) nodes (-1: refused)")
    guard nodes >= 0 else { return }
    var best1 = Double.infinity, bestBoth = Double.infinity
    for _ in 0..<5 {
        var start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds { _ = stage1(base, count, index, attention, backslashes) }
        best1 = min(best1, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds) / 1000)
        start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds {
            let n = stage1(base, count, index, attention, backslashes)
            _ = stage2(base, count, index, n, attention, backslashes, tape, stack, sink: &sink)
        }
        bestBoth = min(bestBoth, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds) / 1000)
    }
    for (name, best) in [("stage 1", best1), ("both", bestBoth)] {
        let figures = String(format: "%7.1f µs a pass, %5.0f MB/s (fastest of 5 × %d)", best, Double(count) / best, rounds)
        print("  \(name.padding(toLength: 9, withPad: " ", startingAt: 0))\(figures)")
    }
    print("  (the keys' hashes, summed: \(String(sink, radix: 16)))")
}
