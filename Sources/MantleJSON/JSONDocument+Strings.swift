import Foundation

// Strings and keys: reading them unescaped, comparing them with keys without
// allocating, and the escape rules shared with the scanner.

extension JSONDocument {
    /// The fully unescaped value of a string or key node; `""` for other kinds.
    @inlinable
    package func string(at node: Int) -> String {
        let n = nodes[node]
        guard n.kind == .string else { return "" }
        return withBytes { buffer in
            let raw = UnsafeBufferPointer(rebasing: buffer[Int(n.a)..<Int(n.a) + Int(n.b)])
            if n.flags & JSONNode.stringHasEscapes == 0 {
                return String(decoding: raw, as: UTF8.self)
            }
            // SAFETY: unescaping never lengthens a string, so `raw.count` bytes
            // of capacity hold the result; `unescape` returns how many it wrote.
            return String(unsafeUninitializedCapacity: raw.count) { out in
                guard let target = out.baseAddress else { return 0 }
                return Self.unescape(raw, to: target)
            }
        }
    }

    /// Whether the string or key `node`, unescaped, is exactly the UTF-8 bytes `key`.
    /// Without escapes this is a length check plus `memcmp`; otherwise the escapes are decoded on
    /// the fly (no allocation). `false` for other kinds.
    @inlinable @inline(__always)
    package func stringEquals(at node: Int, utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = nodes[node]
        guard n.kind == .string else { return false }
        let start = Int(n.a)
        let length = Int(n.b)
        return withBytes { buffer in
            guard let base = buffer.baseAddress else { return key.isEmpty }
            if n.flags & JSONNode.stringHasEscapes == 0 {
                guard length == key.count else { return false }
                guard length > 0, let keyBase = key.baseAddress else { return true }
                // SAFETY: both ranges hold `length` bytes: the node's (see
                // `withBytes`) and `key`'s (checked equal just above).
                return memcmp(base + start, keyBase, length) == 0
            }
            // Unescaping never lengthens a string.
            guard key.count <= length else { return false }
            return Self.escapedEquals(UnsafeBufferPointer(start: base + start, count: length), key)
        }
    }

    /// Whether the string or key `node`, unescaped, equals `key` (exact UTF-8 bytes).
    package func stringEquals(at node: Int, _ key: String) -> Bool {
        Self.withUTF8(key) { stringEquals(at: node, utf8: $0) }
    }

    // MARK: - Escapes

    /// Calls `body` with the UTF-8 bytes of `string` (copying only for non-native strings).
    @inlinable @inline(__always)
    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    /// The value of an ASCII hex digit, or nil.
    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// Four hex digits at `raw[i..<i+4]` (0 where missing; input is pre-validated).
    @inline(__always)
    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        guard i >= 0, raw.count &- i >= 4 else { return 0 }
        var value: UInt32 = 0
        for j in i..<(i &+ 4) { value = value &<< 4 | (hexValue(raw[j]) ?? 0) }
        return value
    }

    /// Decodes the (validated) escape whose backslash is at `raw[i]`: the Unicode scalar value
    /// and the number of raw bytes consumed.
    @inline(__always)
    private static func decodeEscape(_ raw: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int) {
        guard raw.count &- i >= 2 else { return (0xFFFD, raw.count &- i) }
        switch raw[i &+ 1] {
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "u"):
            let unit = hex4(raw, i &+ 2)
            if unit >= 0xD800 && unit <= 0xDBFF {
                let low = hex4(raw, i &+ 8)
                guard low >= 0xDC00 && low <= 0xDFFF else { return (0xFFFD, 6) }  // unreachable after validation
                return (0x10000 &+ ((unit &- 0xD800) &<< 10) &+ (low &- 0xDC00), 12)
            }
            if unit >= 0xDC00 && unit <= 0xDFFF { return (0xFFFD, 6) }  // unreachable after validation
            return (unit, 6)
        default: return (UInt32(raw[i &+ 1]), 2)  // \" \\ \/
        }
    }

    /// Encodes `scalar` as UTF-8 into `out` (room for 4 bytes); returns the byte count.
    @inline(__always)
    private static func encodeUTF8(_ scalar: UInt32, _ out: UnsafeMutablePointer<UInt8>) -> Int {
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

    /// Unescapes validated raw string content into `out` (capacity at least `raw.count`);
    /// returns the number of bytes written.
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
            let (scalar, length) = decodeEscape(raw, i)
            o &+= encodeUTF8(scalar, out + o)
            i &+= length
        }
        return o
    }

    /// Appends the unescaped form of validated raw string content to `out`.
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

    /// Whether validated escaped raw content unescapes to exactly `key`.
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
            let (scalar, length) = decodeEscape(raw, i)
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
