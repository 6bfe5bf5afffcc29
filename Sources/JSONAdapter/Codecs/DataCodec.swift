import Foundation
import MantleJSON

/// JSON ↔ `Data`, in the configuration's ``JSONAdapter/Configuration/DataEncoding``
/// (base64 strings by default, as `JSONDecoder` and `JSONEncoder` do). Input
/// in another form fails: `expected base64 data, found string "%%"`.
final class DataCodec: JSONValueCodec<Data>, @unchecked Sendable {
    // @unchecked Sendable: one immutable `let` of a Sendable type.

    /// The form of the bytes in JSON.
    let encoding: JSONAdapter.Configuration.DataEncoding

    init(_ encoding: JSONAdapter.Configuration.DataEncoding) {
        self.encoding = encoding
    }

    override var expectation: String { encoding.expectation }

    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Data {
        if Reader.holdsSwiftValues, let same = reader.native(value, as: Data.self) { return same }
        if encoding == .byteArray {
            guard let bytes = reader.elements(of: value, { reader.integer($0, as: UInt8.self) }) else { throw mismatch(value, reader) }
            return Data(bytes)
        }
        guard let text = reader.string(value), let data = encoding.data(fromText: text) else { throw mismatch(value, reader) }
        return data
    }

    @inline(__always)
    func write(_ value: Data, into sink: inout some JSONValueSink) {
        if let text = encoding.text(of: value) { return sink.write(text) }
        sink.beginArray()
        for byte in value { sink.writeInteger(byte) }
        sink.endArray()
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Data { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Data {
        try read(node, with: document)
    }
    override func encode(_ value: Data, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { write(value, into: &$0) }
    }
    override func write(_ value: Data, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        write(value, into: &writer)
    }
}
