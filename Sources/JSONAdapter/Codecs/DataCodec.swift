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

    override func decode(_ value: Any) throws(ValueFailure) -> Data {
        if type(of: value) == Data.self, let same = value as? Data { return same }
        guard let data = encoding.data(fromJSON: value) else { throw mismatch(value) }
        return data
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Data {
        switch document.kind(at: node) {
        case .string:
            guard let data = encoding.data(fromText: document.string(at: node)) else { throw mismatch(document, node) }
            return data
        case .array where encoding == .byteArray:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(document.count(at: node))
            for element in document.elements(of: node) {
                guard document.kind(at: element) == .number,
                      let byte = document.numberValue(at: element).exactly(UInt8.self) else {
                    throw mismatch(document, node)
                }
                bytes.append(byte)
            }
            return Data(bytes)
        case .null, .bool, .number, .array, .object:
            throw mismatch(document, node)
        }
    }

    override func encode(_ value: Data, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        encoding.jsonValue(of: value)
    }

    override func write(_ value: Data, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        if let text = encoding.text(of: value) {
            writer.write(text)
            return
        }
        writer.beginArray()
        for byte in value { writer.write(UInt64(byte)) }
        writer.endArray()
    }
}
