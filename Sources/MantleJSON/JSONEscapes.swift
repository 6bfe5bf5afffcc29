// The escapes of JSON strings (RFC 8259 §7) in one place: the scanner validates
// them, the document decodes them (to read a string or compare it with a key),
// the writer writes them.

/// The escape rules of JSON strings: the one-letter escapes `\" \\ \/ \b \f \n \r \t`, and
/// `\uXXXX` for one UTF-16 code unit, two of them (a high and a low surrogate) for a scalar
/// above U+FFFF.
///
/// An escape always takes at least as many bytes as the UTF-8 it stands for (2 bytes for 1,
/// 6 for at most 3, 12 for 4), so unescaping never lengthens a string; the buffers below are
/// sized on that fact.
@usableFromInline
enum JSONEscapes {
    /// What the escape whose backslash is at a given position is.
    enum Escape {
        /// A valid escape: the Unicode scalar it stands for and its length in bytes.
        case scalar(UInt32, length: Int)
        /// A backslash followed by a letter that starts no escape (or by nothing).
        case unknownLetter
        /// `\u` not followed by four hex digits.
        case missingHexDigits
        /// A high-surrogate `\uD800`…`\uDBFF` not followed by a low-surrogate `\u` escape.
        case unpairedHighSurrogate
        /// A low-surrogate `\uDC00`…`\uDFFF` with no high surrogate before it.
        case unpairedLowSurrogate
    }

    /// The byte the one-letter escape `\letter` stands for, or `nil` when `letter` starts no
    /// one-letter escape (`u`, which takes hex digits, included).
    @inline(__always)
    static func unescaped(letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    /// Whether the writer must escape `byte`: `"`, `\` and the control characters (< 0x20).
    /// Everything else, `/` and non-ASCII included, is written as is.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The index of the first byte at or after `start` in `utf8` that the writer escapes
    /// (``needsEscape(_:)``, and `/` when `escapingSlashes`), or `nil` when there is none.
    ///
    /// Eight bytes at a time, as serde_json and yyjson scan: a word with none of those bytes is
    /// skipped whole, and a word with one is searched byte by byte. The word tests are exact
    /// (Bit Twiddling Hacks, "Determine if a word has a byte less than n" and "…has a zero
    /// byte"): a byte below 0x20 sets the high bit of `(w - 0x20…) & ~w & 0x80…`, and a byte
    /// equal to `b` makes `w ^ b…` have a zero byte; neither is set by a word without them.
    @inline(__always)
    static func firstEscaped(in utf8: UnsafeBufferPointer<UInt8>, from start: Int, escapingSlashes: Bool) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Without slashes, the fourth test repeats the quote's, so the loop has no branch on it.
        let fourth = ones &* UInt64(escapingSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\""))
        var i = start
        if let base = utf8.baseAddress {
            while utf8.count &- i >= 8 {
                // SAFETY: `i + 8 <= utf8.count` (the loop's condition, `i >= 0`), so the eight
                // bytes read are inside the buffer; `loadUnaligned` needs no alignment.
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let controls = (word &- ones &* 0x20) & ~word & highs
                let quotes = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
                let backslashes = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
                if controls | quotes | backslashes | hasZeroByte(word ^ fourth) != 0 { break }
                i &+= 8
            }
        }
        while i < utf8.count {
            let c = utf8[i]
            if needsEscape(c) || (escapingSlashes && c == UInt8(ascii: "/")) { return i }
            i &+= 1
        }
        return nil
    }

    /// Nonzero exactly when one of the eight bytes of `word` is zero.
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080  // 32-bit: UInt64 operands
    }

    /// The letter the writer escapes `byte` with: the one-letter escape that stands for it
    /// (the inverse of ``unescaped(letter:)``, without `/`), or `u` for the other control
    /// characters, which are written `\u00XX`. Only for bytes that ``needsEscape(_:)``.
    @inline(__always)
    static func escapeLetter(for byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): return byte
        case 0x08: return UInt8(ascii: "b")
        case 0x0C: return UInt8(ascii: "f")
        case 0x0A: return UInt8(ascii: "n")
        case 0x0D: return UInt8(ascii: "r")
        case 0x09: return UInt8(ascii: "t")
        default: return UInt8(ascii: "u")
        }
    }

    /// The lowercase hex digit of `value` (0…15).
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }

    /// The value of an ASCII hex digit, or `nil`.
    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// The value of the four hex digits at `raw[index]`, or `nil` if they are missing or not hex.
    @inline(__always)
    static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        // SAFETY: `raw[index..<index + 4]` is read only once this guard has checked that it
        // lies inside `raw` (`UnsafeBufferPointer`'s subscript is unchecked in release builds).
        guard index >= 0, raw.count &- index >= 4 else { return nil }
        var value: UInt32 = 0
        for i in index..<(index &+ 4) {
            guard let digit = hexValue(raw[i]) else { return nil }
            value = value &<< 4 | digit
        }
        return value
    }

    /// Reads the escape whose backslash is at `raw[index]`: the scalar it stands for and its
    /// length, or what is wrong with it.
    @inline(__always)
    static func escape(in raw: UnsafeBufferPointer<UInt8>, at index: Int) -> Escape {
        // SAFETY: every read is inside `raw`: the letter after this length check, the hex
        // digits through `hex4`, and the second `\u` after checking that 12 bytes remain.
        // `JSONEscapesTests` cuts escapes short at each of these points.
        guard index >= 0, raw.count &- index >= 2 else { return .unknownLetter }
        let letter = raw[index &+ 1]
        if let byte = unescaped(letter: letter) { return .scalar(UInt32(byte), length: 2) }
        guard letter == UInt8(ascii: "u") else { return .unknownLetter }
        guard let unit = hex4(raw, at: index &+ 2) else { return .missingHexDigits }
        switch unit {
        case 0xD800...0xDBFF:
            guard raw.count &- index >= 12, raw[index &+ 6] == UInt8(ascii: "\\"), raw[index &+ 7] == UInt8(ascii: "u"),
                  let low = hex4(raw, at: index &+ 8), (0xDC00...0xDFFF).contains(low)
            else { return .unpairedHighSurrogate }
            return .scalar(0x10000 &+ ((unit &- 0xD800) &<< 10) &+ (low &- 0xDC00), length: 12)
        case 0xDC00...0xDFFF:
            return .unpairedLowSurrogate
        default:
            return .scalar(unit, length: 6)
        }
    }

    /// The escape at `raw[index]` for a reader of validated text: its scalar and length. An
    /// invalid escape (which the scanner has already refused) is read as the backslash alone,
    /// so that even then the output is never longer than the input.
    @inline(__always)
    static func validatedEscape(in raw: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int) {
        guard case .scalar(let scalar, let length) = escape(in: raw, at: index) else {
            return (UInt32(UInt8(ascii: "\\")), 1)
        }
        return (scalar, length)
    }

    /// Encodes `scalar` as UTF-8 into `out` (room for 4 bytes); returns the byte count.
    @inline(__always)
    static func encodeUTF8(_ scalar: UInt32, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar &>> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar &>> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar &>> 18)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 12 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
            out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 4
        }
    }

    /// Unescapes string content into `out`, which has room for `raw.count` bytes (enough: see
    /// the type's comment); returns the number of bytes written.
    @usableFromInline
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        var o = 0
        while i < raw.count {
            let c = raw[i]
            if c != UInt8(ascii: "\\") {
                out[o] = c
                o &+= 1
                i &+= 1
                continue
            }
            let (scalar, length) = validatedEscape(in: raw, at: i)
            // SAFETY: `length` input bytes give at most `length` output bytes (see the type's
            // comment; the backslash alone gives one), so `o <= i` before and after each step.
            o &+= encodeUTF8(scalar, out + o)
            i &+= length
        }
        return o
    }

    /// Appends the unescaped form of string content to `out`.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let old = out.count
        out.append(contentsOf: repeatElement(0, count: raw.count))
        let written = out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            // SAFETY: `raw.count` zero bytes were appended after `old`, and
            // unescaping writes at most `raw.count` bytes (it never lengthens).
            return unescape(raw, to: base + old)
        }
        out.removeLast(raw.count &- written)
    }

    /// Whether escaped string content unescapes to exactly the UTF-8 bytes `key`, decoded on
    /// the fly (no allocation).
    @usableFromInline
    static func escapedEquals(_ raw: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        var k = 0
        var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        while i < raw.count {
            let c = raw[i]
            if c != UInt8(ascii: "\\") {
                guard k < key.count, key[k] == c else { return false }
                k &+= 1
                i &+= 1
                continue
            }
            let (scalar, length) = validatedEscape(in: raw, at: i)
            i &+= length
            // SAFETY: a tuple of four `UInt8` is four bytes of `UInt8`; one
            // scalar encodes to at most four UTF-8 bytes.
            let matched = withUnsafeMutableBytes(of: &encoded) { bytes -> Bool in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
                let n = encodeUTF8(scalar, base)
                guard key.count &- k >= n else { return false }
                for j in 0..<n where key[k &+ j] != base[j] { return false }
                k &+= n
                return true
            }
            if !matched { return false }
        }
        return k == key.count
    }
}
