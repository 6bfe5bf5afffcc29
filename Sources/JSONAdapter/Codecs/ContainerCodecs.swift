import Foundation
import MantleInternals
import MantleJSON

/// JSON null ↔ `nil`; anything else through the wrapped type's codec.
final class OptionalCodec<Wrapped>: JSONValueCodec<Wrapped?>, @unchecked Sendable {
    let wrapped: JSONValueCodec<Wrapped>

    init(_ wrapped: JSONValueCodec<Wrapped>) { self.wrapped = wrapped }

    override var unsupportedReason: String? { wrapped.unsupportedReason }

    override var expectation: String { wrapped.expectation + " or null" }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Wrapped? {
        if reader.isNull(value) { return nil }
        return try reader.decode(value, with: wrapped)
    }

    @inline(__always)
    func write(_ value: Wrapped?, into sink: inout some JSONValueSink, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // Unspecialised code that copies a `Wrapped?` (`if let`, `unsafelyUnwrapped`) asks the
        // runtime for `Optional<Wrapped>`'s metadata each time: a tenth of encoding twitter.json
        // (callgrind). Testing for nil needs only `Wrapped`'s, and the payload is read in place.
        if value == nil { return sink.writeNull() }
        try withUnsafePointer(to: value) { (optional) throws(ValueFailure) in
            // SAFETY: `Optional` is a single-payload enum, whose payload the Swift ABI lays out
            // at offset 0 (docs/ABI/TypeLayout.rst, "Single-Payload Enums"), and `value` is not
            // nil, so the memory starts with an initialized `Wrapped`, aligned as the optional
            // is; `load` copies it out while `optional` is valid. `OptionalCodecTests` writes
            // payloads of every layout (extra tag byte, spare bits, references, empty, nested).
            try sink.write(UnsafeRawPointer(optional).load(as: Wrapped.self), with: wrapped, options)
        }
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Wrapped? { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Wrapped? {
        try read(node, with: document)
    }
    override func encode(_ value: Wrapped?, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { (sink) throws(ValueFailure) in try write(value, into: &sink, options) }
    }
    override func write(_ value: Wrapped?, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, into: &writer, options)
    }

    /// `true` when the wrapped codec writes from storage: a present payload is then written
    /// from the optional's own address.
    override var writesFromStorage: Bool { wrapped.writesFromStorage }

    override func write(at address: UnsafeRawPointer, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // Tested by the superclass's `isNil(at:)`, where the optional's type is the class's own
        // generic argument: a `Wrapped?` made here asks the runtime for its metadata each time.
        if isNil(at: address) { return writer.writeNull() }
        // SAFETY: an initialised `Wrapped?` at `address` (the caller's promise, `JSONValueCodec`)
        // that is not nil, whose payload starts there, as in `write(_:into:_:)` above, and stays
        // valid and unchanged during this call. `NestedModelWritingTests` writes present and
        // absent optionals of models and scalars from storage.
        try wrapped.write(at: address, to: &writer, options)
    }

    override func isNil(_ value: Wrapped?) -> Bool { value == nil }

    override func applyingModelPatch(_ patch: [String: Any], to value: Wrapped??) throws(ValueFailure) -> Wrapped?? {
        guard let patched = try wrapped.applyingModelPatch(patch, to: value.flatMap { $0 }) else { return nil }
        return .some(patched)
    }

    override func encodedValue(at path: ArraySlice<String>, in value: Wrapped?,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        guard let value else { return nil }
        return try wrapped.encodedValue(at: path, in: value, options)
    }
}

/// JSON arrays ↔ `[Element]`, element by element; a failure names its index,
/// unless the codec is lossy (``JSONLeniency/lossyCollections``) and leaves
/// the element out.
final class ArrayCodec<Element>: JSONValueCodec<[Element]>, @unchecked Sendable {
    let element: JSONValueCodec<Element>
    /// `true` to leave out elements that fail.
    let lossy: Bool

    init(_ element: JSONValueCodec<Element>, lossy: Bool = false) {
        self.element = element
        self.lossy = lossy
    }

    override var unsupportedReason: String? { element.unsupportedReason }

    // Without a recorder (the common case) an element that decodes is appended, and one that
    // fails is left out (lossy) or its failure thrown with its index, as `decodeElement` does
    // without a recorder. With a recorder each element goes through `decodeElement`, out of
    // line (``recording(_:count:with:_:)``): calling its closure per element made this
    // unspecialised code ask the runtime for `[Element]`'s metadata each time (28% of decoding
    // canada.json's coordinates, callgrind), and capturing the array in it, once per array.

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> [Element] {
        guard let (count, elements) = reader.array(value) else { throw mismatch(value, reader) }
        // Nothing to decode or record; and no storage to reserve, which in this unspecialised
        // code would still look up `[Element]`'s storage metadata.
        if count == 0 { return [] }
        if let recorder = DecodingRecorder.current {
            if let errors = recorder.errors { return try collecting(elements, with: reader, recorder, errors) }
            return try recording(elements, count: count, with: reader, recorder)
        }
        var result: [Element] = []
        result.reserveCapacity(count)
        var index = 0
        for item in elements {
            do throws(ValueFailure) {
                result.append(try reader.decode(item, with: element))
            } catch {
                guard lossy, error.isRecoverable else { throw error.prefixed(by: .index(index)) }
            }
            index += 1
        }
        return result
    }

    /// ``read(_:with:)`` with a recorder that is not collecting (a leniency report): each
    /// element goes through `decodeElement`, which puts what was recorded below its index.
    @inline(never)  // kept out of `read` (see above)
    private func recording<Reader: JSONValueReader>(_ elements: Reader.ArrayElements, count: Int, with reader: Reader,
                                                    _ recorder: DecodingRecorder) throws(ValueFailure) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        var index = 0
        for item in elements {
            try decodeElement(at: .index(index), lossy: lossy, found: reader.found(item), recorder) { () throws(ValueFailure) in
                result.append(try reader.decode(item, with: element))
            }
            index += 1
        }
        return result
    }

    /// ``read(_:with:)`` in a collecting pass (``ErrorCollector``): every element's failure is noted.
    @inline(never)  // kept out of `read`, whose entry would otherwise look up `Element?`'s metadata
    private func collecting<Reader: JSONValueReader>(_ elements: Reader.ArrayElements, with reader: Reader,
                                                     _ recorder: DecodingRecorder,
                                                     _ errors: ErrorCollector) throws(ValueFailure) -> [Element] {
        var collected = CollectedElements(recorder: recorder, errors: errors, lossy: lossy)
        var result: [Element] = []
        var index = 0
        for item in elements {
            if let value = collected.decode(at: .index(index), found: reader.found(item), {
                () throws(ValueFailure) in try reader.decode(item, with: element)
            }) { result.append(value) }
            index += 1
        }
        try collected.finish()
        return result
    }

    @inline(__always)
    func write(_ value: [Element], into sink: inout some JSONValueSink, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        sink.beginArray()
        // `0..<count` rather than `enumerated()` or `indices`: in this unspecialised generic
        // code, each `(offset, element)` pair would look up tuple metadata at run time (a third
        // of canada.json's encoding, measured under callgrind), and `indices` is a generic call.
        for index in 0..<value.count {
            do throws(ValueFailure) {
                try sink.write(value[index], with: element, options)
            } catch {
                throw error.prefixed(by: .index(index))
            }
        }
        sink.endArray()
    }

    override func decode(_ value: Any) throws(ValueFailure) -> [Element] { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Element] {
        try read(node, with: document)
    }
    override func encode(_ value: [Element], _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { (sink) throws(ValueFailure) in try write(value, into: &sink, options) }
    }
    /// The elements through ``JSONValueCodec/writeArray(_:to:_:)``, which a nested model's
    /// codec overrides to write each element from where it is.
    override func write(_ value: [Element], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try element.writeArray(value, to: &writer, options)
    }
}

/// JSON arrays ↔ `Set<Element>` (through ``ArrayCodec``).
final class SetCodec<Element: Hashable>: JSONValueCodec<Set<Element>>, @unchecked Sendable {
    let array: ArrayCodec<Element>

    /// Wraps an element codec; `lossy` leaves out elements that fail.
    init(_ element: JSONValueCodec<Element>, lossy: Bool = false) { array = ArrayCodec(element, lossy: lossy) }

    override var unsupportedReason: String? { array.unsupportedReason }

    override func decode(_ value: Any) throws(ValueFailure) -> Set<Element> { Set(try array.decode(value)) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Set<Element> {
        Set(try array.decode(document, node))
    }
    override func encode(_ value: Set<Element>, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try array.encode(Array(value), options)
    }
    override func write(_ value: Set<Element>, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try array.write(Array(value), to: &writer, options)
    }
}

/// JSON objects ↔ dictionaries, value by value with the value codec and key by
/// key through ``JSONObjectKey`` (`[String: _]`, `[Int: _]`, `[UUID: _]`,
/// raw-value enums, ...). Objects are written with their keys in ascending
/// order of their text; duplicate keys in the input: the last one wins. Two
/// different object keys that stand for one dictionary key (`"1"` and `"01"`
/// for `[Int: _]`, a UUID in upper and lower case) fail on both paths, even
/// in a lossy codec: neither value is more right than the other, and a
/// dictionary's order is not the document's. A lossy codec
/// (``JSONLeniency/lossyCollections``) leaves out members whose key or value
/// fails. Keys that `JSONEncoder` writes in a flat array of keys and values
/// are read in that form too, and written in it when the configuration says
/// so (``KeyValueArrays``).
final class DictionaryCodec<Key: Hashable, Element>: JSONValueCodec<[Key: Element]>, @unchecked Sendable {
    /// The codec of the values.
    let element: JSONValueCodec<Element>
    /// The keys' text form.
    let key: JSONObjectKey<Key>
    /// The `[key, value, …]` form, for keys that `JSONEncoder` writes in it.
    let keyValueArrays: KeyValueArrays<Key>?
    /// `true` to leave out members that fail.
    let lossy: Bool

    init(_ element: JSONValueCodec<Element>, key: JSONObjectKey<Key>, keyValueArrays: KeyValueArrays<Key>? = nil,
         lossy: Bool = false) {
        self.element = element
        self.key = key
        self.keyValueArrays = keyValueArrays
        self.lossy = lossy
    }

    override var unsupportedReason: String? { element.unsupportedReason }

    /// The key that `text` stands for, or the failure naming it.
    private func dictionaryKey(_ text: String) throws(ValueFailure) -> Key {
        guard let dictionaryKey = key.parse(text) else {
            throw ValueFailure.mismatch(expected: "a key that is \(ValueDescription.typeName(Key.self))",
                                        found: ValueDescription.describe(text))
        }
        return dictionaryKey
    }

    /// Throws when two of `texts` (object keys) stand for one dictionary key:
    /// the two first in UTF-8 order of the first such key, at the first of them,
    /// so that both paths (and every run over a dictionary's order) report the
    /// same. Called only after a decode stored a key twice.
    private func checkDistinctKeys(_ texts: some Sequence<String>) throws(ValueFailure) {
        var textsByKey: [Key: Set<String>] = [:]
        for text in texts {
            if let dictionaryKey = key.parse(text) { textsByKey[dictionaryKey, default: []].insert(text) }
        }
        let collisions = textsByKey.values.filter { $0.count > 1 }
            .map { $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
        guard let first = collisions.min(by: { $0[0].utf8.lexicographicallyPrecedes($1[0].utf8) }) else { return }
        throw ValueFailure(detail: "the object keys \(first[0].debugDescription) and \(first[1].debugDescription) "
                           + "stand for one \(ValueDescription.typeName(Key.self)) key")
            .prefixed(by: .member(first[0]))
    }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> [Key: Element] {
        guard let (count, members) = reader.object(value) else {
            if let keyValueArrays, let (_, elements) = reader.array(value) {
                return try decodePairs(Array(elements), with: reader, keyValueArrays)
            }
            throw mismatch(value, reader)
        }
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors { return try collecting(members, with: reader, recorder, errors) }
        var result = [Key: Element](minimumCapacity: count)
        var storedTwice = false
        for (text, item) in members {  // the last of duplicate keys wins
            try decodeElement(at: .member(text), lossy: lossy, found: reader.found(item), recorder) { () throws(ValueFailure) in
                if result.updateValue(try reader.decode(item, with: element), forKey: try dictionaryKey(text)) != nil {
                    storedTwice = true
                }
            }
        }
        if storedTwice { try checkDistinctKeys(members.lazy.map { $0.key }) }
        return result
    }

    /// ``read(_:with:)`` in a collecting pass (``ErrorCollector``): every member's failure is noted.
    @inline(never)  // kept out of `read` (see ArrayCodec's)
    private func collecting<Reader: JSONValueReader>(
        _ members: Reader.ObjectMembers, with reader: Reader, _ recorder: DecodingRecorder, _ errors: ErrorCollector
    ) throws(ValueFailure) -> [Key: Element] {
        var collected = CollectedElements(recorder: recorder, errors: errors, lossy: lossy)
        var result: [Key: Element] = [:]
        var storedTwice = false
        for (text, item) in members {
            if let (key, value) = collected.decode(at: .member(text), found: reader.found(item), {
                () throws(ValueFailure) in (try dictionaryKey(text), try reader.decode(item, with: element))
            }) { if result.updateValue(value, forKey: key) != nil { storedTwice = true } }
        }
        try collected.finish()
        if storedTwice { try checkDistinctKeys(members.lazy.map { $0.key }) }
        return result
    }

    override func decode(_ value: Any) throws(ValueFailure) -> [Key: Element] { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Key: Element] {
        try read(node, with: document)
    }

    /// The object key `dictionaryKey` is written as.
    func text(of dictionaryKey: Key) throws(ValueFailure) -> String {
        guard let text = key.format(dictionaryKey) else {
            throw ValueFailure(detail: "the key \(dictionaryKey) has no JSON form")
        }
        return text
    }

    /// Members in ascending order of their keys' text, so that the text is the same on every run.
    @inline(__always)
    func write(_ value: [Key: Element], into sink: inout some JSONValueSink,
               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        if let keyValueArrays, keyValueArrays.isWritten { return try writePairs(value, keyValueArrays, into: &sink, options) }
        // The texts are sorted as positions into two arrays, not as `(String, Element)` pairs:
        // this code is not specialised, and sorting pairs moved each through the tuple's value
        // witnesses, about 14,000 instructions a member on citm_catalog.json (callgrind).
        var texts: [String] = []
        var items: [Element] = []
        texts.reserveCapacity(value.count)
        items.reserveCapacity(value.count)
        for (dictionaryKey, item) in value {
            texts.append(try text(of: dictionaryKey))
            items.append(item)
        }
        sink.beginObject()
        for position in ascendingOrder(of: texts) {
            let text = texts[position]
            sink.writeKey(text)
            do throws(ValueFailure) {
                try sink.write(items[position], with: element, options)
            } catch {
                throw error.prefixed(by: .member(text))
            }
        }
        sink.endObject()
    }

    override func encode(_ value: [Key: Element], _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { (sink) throws(ValueFailure) in try write(value, into: &sink, options) }
    }
    override func write(_ value: [Key: Element], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, into: &writer, options)
    }
}

/// The positions of `texts` in ascending order of their texts (`<`), equal texts in the order
/// they are in: the order a stable sort of the texts gives.
func ascendingOrder(of texts: [String]) -> [Int] {
    var order = Array(texts.indices)
    order.sort { texts[$0] < texts[$1] }
    return order
}

/// Decodes a collection's element (or member) at `component` (`[2]`, a
/// key) with `body`, which stores it. What `recorder` got meanwhile is put
/// below `component`. On a failure, a lossy collection leaves the element
/// out and records that, forgetting what was recorded inside it; otherwise
/// the failure is thrown with `component` in its path. A bad mapping is
/// always thrown. `component`'s text and `found` are only built when needed.
@inline(__always)
func decodeElement(at component: JSONPathComponent, lossy: Bool, found: @autoclosure () -> String,
                           _ recorder: DecodingRecorder?, _ body: () throws(ValueFailure) -> Void) throws(ValueFailure) {
    let mark = recorder?.mark ?? 0
    do throws(ValueFailure) {
        try body()
    } catch {
        guard lossy, error.isRecoverable else { throw error.prefixed(by: component) }
        recorder?.recordDrop(.skipped, since: mark, found: found(), path: component.text, reason: error.reportReason)
        return
    }
    recorder?.prefix(from: mark, with: component.text)
}

/// Any JSON value ↔ `Any`, unchanged (null is `NSNull()`); models inside
/// the value are encoded with their own mappings (``EmbeddedModels``).
final class AnyCodec: JSONValueCodec<Any>, @unchecked Sendable {
    // @unchecked Sendable: one immutable `let`.

    /// The configuration the mapping is compiled in, for models inside values.
    private let context: MappingContextLink

    /// A codec whose embedded models are encoded in `context`.
    init(context: MappingContext) { self.context = MappingContextLink(context) }

    override var expectation: String { "any JSON value" }
    /// Foundation objects become the Swift values the bytes path gives (see ``NativeJSONValue``).
    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Any {
        try reader.nativeValue(value)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Any { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Any {
        try read(node, with: document)
    }
    /// The value, with the models inside it replaced by their JSON objects.
    override func encode(_ value: Any, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try EmbeddedModels(context: context, options: options).replacingModels(in: value) ?? value
    }
}

/// A value that must already have the property's type (`as?`), for types
/// JSON has no representation of unless a transformer makes one.
final class CastingCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    /// The package's exact conversion into `Value`.
    let converter = ValueConversion.converter(to: Value.self)

    override func decode(_ value: Any) throws(ValueFailure) -> Value {
        do {
            return try converter.convert(value)
        } catch {
            throw mismatch(value, FoundationReader())
        }
    }
}
