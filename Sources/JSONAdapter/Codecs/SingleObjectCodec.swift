import Foundation
import MantleJSON

/// An array (or set) of models that also takes one JSON object, as a
/// collection of that one model (``JSONLeniency/singleObjectAsArray``), and
/// records it. The collection's own codec runs first and unchanged, so JSON
/// that needs no leniency costs nothing more.
final class SingleObjectCodec<Element, Collection>: JSONValueCodec<Collection>, @unchecked Sendable {
    // @unchecked Sendable: immutable `let`s; `wrap` captures nothing mutable.

    let collection: JSONValueCodec<Collection>
    /// The elements' codec, which decodes the lone object.
    let element: JSONValueCodec<Element>
    /// The collection of one element.
    private let wrap: (Element) -> Collection

    /// Wraps `collection`, whose elements `element` decodes.
    init(_ collection: JSONValueCodec<Collection>, element: JSONValueCodec<Element>,
         wrap: @escaping (Element) -> Collection) {
        self.collection = collection
        self.element = element
        self.wrap = wrap
    }

    override var expectation: String { collection.expectation + " or an object" }
    override var unsupportedReason: String? { collection.unsupportedReason }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Collection {
        do {
            return try reader.decode(value, with: collection)
        } catch {
            guard reader.object(value) != nil else { throw error }
            record()
            return wrap(try reader.decode(value, with: element))
        }
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Collection { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Collection {
        try read(node, with: document)
    }

    private func record() {
        DecodingRecorder.current?.record(.coerced(toType: ValueDescription.typeName(Collection.self)), found: "object")
    }

    override func encode(_ value: Collection, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try collection.encode(value, options)
    }

    override func write(_ value: Collection, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try collection.write(value, to: &writer, options)
    }

    override func encodedValue(at path: ArraySlice<String>, in value: Collection,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        try collection.encodedValue(at: path, in: value, options)
    }

    override func isNil(_ value: Collection) -> Bool { collection.isNil(value) }
}

extension JSONLeniency {
    /// `true` when a collection of `elementType` takes a lone object:
    /// ``singleObjectAsArray`` is allowed and the elements are models.
    func takesSingleObject(asCollectionOf elementType: Any.Type) -> Bool {
        guard contains(.singleObjectAsArray), case .model(let model) = ValueKind.of(elementType) else { return false }
        return model is any JSONSerializing.Type
    }
}
