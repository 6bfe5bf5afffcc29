/// Member keys written many times (a model's property keys), each prepared once as the compact
/// writer writes it after a sibling member, `,"key":` (escaped), in one block of memory that
/// ``JSONWriter/writeKey(_:in:)`` copies eight bytes at a time.
///
/// `@unchecked Sendable` for its pointer: the memory is written once, in `init`, and only read
/// afterwards.
package struct JSONPreparedKeys: @unchecked Sendable {
    /// The zero bytes after the last key: a key copied in whole words reads at most 7 bytes
    /// past its end, which are the next key's or these.
    package static let padding = 8

    /// The memory of the keys, freed with the last copy of the keys.
    private final class Storage {
        let bytes: UnsafeMutableBufferPointer<UInt8>

        init(_ prepared: [UInt8]) {
            // SAFETY: a new allocation of exactly `prepared.count` bytes, all initialised from
            // `prepared`; only read afterwards (``JSONPreparedKeys/bytes``), and freed once, in
            // `deinit`.
            bytes = .allocate(capacity: prepared.count)
            _ = bytes.initialize(from: prepared)
        }

        deinit {
            // SAFETY: allocated in `init` and freed only here.
            bytes.deallocate()
        }
    }

    private let storage: Storage
    /// Where each key's prepared bytes are, in the order given to `init`, for
    /// ``JSONWriter/writeKey(_:in:)``.
    package let ranges: [Range<Int>]

    /// Prepares `keys`.
    package init(_ keys: [String]) {
        var prepared: [UInt8] = []
        var ranges: [Range<Int>] = []
        for key in keys {
            let start = prepared.count
            prepared.append(contentsOf: JSONWriter.preparedKey(key))
            ranges.append(start..<prepared.count)
        }
        prepared.append(contentsOf: repeatElement(0, count: Self.padding))
        storage = Storage(prepared)
        self.ranges = ranges
    }

    /// The number of bytes, the padding included.
    package var byteCount: Int { storage.bytes.count }

    /// The prepared bytes of the key at `range` (one of ``ranges``), `,"key":`.
    package subscript(range: Range<Int>) -> [UInt8] { Array(storage.bytes[range]) }

    /// The keys' memory, valid while these keys (or a copy) are alive: hold them for as long
    /// as it is used (`withExtendedLifetime`).
    package var bytes: Bytes {
        // SAFETY: the memory holds at least the padding, so it has an address.
        Bytes(base: UnsafePointer(storage.bytes.baseAddress.unsafelyUnwrapped))
    }

    /// The keys' memory, for ``JSONWriter/writeKey(_:in:)``: every range of ``ranges`` lies
    /// inside, followed by at least ``padding`` readable bytes. `@unchecked Sendable`: the
    /// memory is only read.
    package struct Bytes: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
    }
}
