import Foundation

/// The bytes of one JSON text, held where the caller's `Data` or array keeps them: documents
/// read them in place instead of copying them (a copy was as large as the input, for the whole
/// decode).
///
/// It keeps its storage alive (a `Data` or `[UInt8]` held in a `let`), and ``buffer`` points
/// into that storage.
package struct JSONInput: @unchecked Sendable {
    /// What keeps the bytes alive.
    private enum Storage {
        case array([UInt8])
        case data(Data)
    }

    private let storage: Storage
    /// The first byte (`nil` or any address when ``count`` is 0, never read then).
    private let base: UnsafePointer<UInt8>?
    /// Number of bytes.
    package let count: Int
    /// The `URL`s made from this input's strings, shared by the documents of one decode call
    /// (``JSONStringCache``); `nil` when the caller did not ask for it.
    package let urlCache: JSONStringCache<URL>?

    /// Inputs of at most this many bytes are copied into an array: `Data` may store a few
    /// bytes inside the value itself (up to 14 on 64-bit platforms, 6 on 32-bit ones), and
    /// a pointer to those does not outlive the call that lent it.
    static let copiedDataLimit = 64

    private init(storage: Storage, base: UnsafePointer<UInt8>?, count: Int, urlCache: JSONStringCache<URL>?) {
        self.storage = storage
        self.base = base
        self.count = count
        self.urlCache = urlCache
    }

    /// The bytes of `bytes`, shared with it; with `cachingURLs`, with a ``urlCache``.
    package init(_ bytes: [UInt8], cachingURLs: Bool = false) {
        storage = .array(bytes)
        urlCache = cachingURLs ? JSONStringCache() : nil
        // SAFETY: an array's elements live in a heap buffer that the array (here a `let`
        // copy held for as long as `self`) keeps alive; a buffer shared by two arrays is never
        // written in place (a write to either copies it first), so the bytes neither change
        // nor move while `self` exists. `JSONInputTests` mutates and drops the caller's array
        // and reads the document afterwards, under AddressSanitizer too.
        base = bytes.withUnsafeBufferPointer { $0.baseAddress }
        count = bytes.count
    }

    /// The bytes of `data`, shared with it when it holds more than ``copiedDataLimit`` bytes
    /// (copied otherwise); with `cachingURLs`, with a ``urlCache``.
    package init(_ data: Data, cachingURLs: Bool = false) {
        guard data.count > Self.copiedDataLimit else {
            self.init([UInt8](data), cachingURLs: cachingURLs)
            return
        }
        // SAFETY: a `Data` of more than 14 bytes (6 on 32-bit platforms) keeps them in a heap
        // storage object (`__DataStorage`, also for a slice or a bridged `NSData`), which the
        // `let` copy held here keeps alive for as long as `self`. `Data` writes that storage in
        // place only when it is uniquely referenced, which it is not while this copy exists, so
        // a write through the caller's copy copies it first: the bytes neither change nor move
        // while `self` exists. (What `Data` promises is only the call's duration; this is how
        // Foundation's `Data` is built on every platform, swift-foundation's and the Darwin
        // overlay's.) `JSONInputTests` mutates, appends to and drops the caller's `Data`, a
        // slice of one and one made with `bytesNoCopy`, and reads the document afterwards,
        // under AddressSanitizer too.
        self.init(storage: .data(data), base: data.withUnsafeBytes { $0.bindMemory(to: UInt8.self).baseAddress },
                  count: data.count, urlCache: cachingURLs ? JSONStringCache() : nil)
    }

    /// The bytes.
    @inline(__always)
    package var buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: count > 0 ? base : nil, count: count)
    }
}
