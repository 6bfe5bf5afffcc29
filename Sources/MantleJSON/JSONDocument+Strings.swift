import Foundation

// Strings: reading them unescaped (the escape rules are `JSONEscapes`').

extension JSONDocument {
    /// The fully unescaped value of a string or key node; `""` for other kinds.
    @inlinable
    package func string(at node: Int) -> String {
        let n = nodes[node]
        guard n.kind == .string else { return "" }
        return withBytes { buffer in
            let raw = UnsafeBufferPointer(rebasing: buffer[n.textStart..<n.textStart + n.textLength])
            if n.flags & JSONNode.stringHasEscapes == 0 {
                // SAFETY: the bytes are valid UTF-8: the scanner read every byte above 0x7F of
                // every string with `scanUTF8`, which throws on a malformed or overlong sequence,
                // a surrogate and a scalar above U+10FFFF; and the string has a byte above 0x7F
                // exactly when the scanner flagged it `stringHasNonASCII`. `String(decoding:)`
                // would check both again.
                return uncheckedString(fromUTF8: raw, isASCII: n.flags & JSONNode.stringHasNonASCII == 0)
            }
            // SAFETY: unescaping never lengthens a string, so `raw.count` bytes
            // of capacity hold the result; `unescape` returns how many it wrote.
            return String(unsafeUninitializedCapacity: raw.count) { out in
                guard let target = out.baseAddress else { return 0 }
                return JSONEscapes.unescape(raw, to: target)
            }
        }
    }

    // MARK: - UTF-8

    /// Calls `body` with the UTF-8 bytes of `string` (copying only for non-native strings).
    @inlinable @inline(__always)
    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }
}

/// The standard library's own constructor of a `String` from bytes known to be valid UTF-8,
/// `String._uncheckedFromUTF8(_:isASCII:)`: the native string holding a copy of `input`, without
/// the validation `String(decoding:as:)` makes. `isASCII` must say whether every byte is below
/// 0x80. `@usableFromInline` in the standard library since Swift 5.0's native UTF-8 strings
/// (`stdlib/public/core/StringCreate.swift`), so every runtime the package supports exports it.
/// (Its sibling without `isASCII` cannot be bound so: the standard library's module carries
/// that one's body, which the compiler then finds declared twice.)
@usableFromInline
@_silgen_name("$sSS18_uncheckedFromUTF8_7isASCIISSSRys5UInt8VG_SbtFZ")
func uncheckedString(fromUTF8 input: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String
