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
                return String(decoding: raw, as: UTF8.self)
            }
            // SAFETY: unescaping never lengthens a string, so `raw.count` bytes
            // of capacity hold the result; `unescape` returns how many it wrote.
            return String(unsafeUninitializedCapacity: raw.count) { out in
                guard let target = out.baseAddress else { return 0 }
                return JSONEscapes.unescape(raw, to: target)
            }
        }
    }

    /// The `URL` that `make` gives for the string node `node`'s value, shared with every
    /// string node of the same raw bytes in the documents of this input when it has a
    /// ``JSONInput/urlCache``; `nil` for other kinds, and when `make` gives `nil`.
    package func url(at node: Int, _ make: (String) -> URL?) -> URL? {
        let n = nodes[node]
        guard n.kind == .string else { return nil }
        guard let cache = input.urlCache else { return make(string(at: node)) }
        return cache.value(start: n.textStart, length: n.textLength, in: input.buffer) { make(string(at: node)) }
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
