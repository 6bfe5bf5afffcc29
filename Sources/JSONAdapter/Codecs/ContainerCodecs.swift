import Foundation
import MantleInternals
import MantleJSON

/// JSON null ↔ `nil`; anything else through the wrapped type's codec.
final class OptionalCodec<Wrapped>: JSONValueCodec<Wrapped?>, @unchecked Sendable {
    let wrapped: JSONValueCodec<Wrapped>

    init(_ wrapped: JSONValueCodec<Wrapped>) { self.wrapped = wrapped }

    override var unsupportedReason: String? { wrapped.unsupportedReason }

    override var expectation: String { wrapped.expectation + " or null" }

    override func decode(_ value: Any) throws(ValueFailure) -> Wrapped? {
        if ValueConversion.isNull(value) { return nil }
        return try wrapped.decode(value)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Wrapped? {
        if document.kind(at: node) == .null { return nil }
        return try wrapped.decode(document, node)
    }

    override func encode(_ value: Wrapped?, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        guard let value else { return NSNull() }
        return try wrapped.encode(value, options)
    }

    override func write(_ value: Wrapped?, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer, options)
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

    // Both decoders append an element that decodes directly when no recorder is present (it
    // needs nothing but its value then), and pass it through `decodeElement` otherwise, or when
    // it fails (with the failure, not decoding it again). Calling `decodeElement`'s closure per
    // element made this unspecialised generic code ask the runtime for `[Element]`'s metadata
    // each time: 28% of decoding canada.json's coordinates, 10% of citm_catalog.json (callgrind).

    override func decode(_ value: Any) throws(ValueFailure) -> [Element] {
        guard let array = value as? [Any] else { throw mismatch(value) }
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors { return try decodeCollecting(array, recorder, errors) }
        var result: [Element] = []
        result.reserveCapacity(array.count)
        for index in array.indices {  // not `enumerated()`: see `encode`
            var failure: ValueFailure?
            if recorder == nil {
                do throws(ValueFailure) {
                    result.append(try element.decode(array[index]))
                    continue
                } catch {
                    failure = error
                }
            }
            try decodeElement(at: .index(index), lossy: lossy, found: ValueDescription.describe(array[index]),
                              recorder) { () throws(ValueFailure) in
                if let failure { throw failure }
                result.append(try element.decode(array[index]))
            }
        }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Element] {
        guard document.kind(at: node) == .array else { throw mismatch(document, node) }
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors { return try decodeCollecting(document, node, recorder, errors) }
        var result: [Element] = []
        result.reserveCapacity(document.count(at: node))
        var index = 0
        for child in document.elements(of: node) {
            defer { index += 1 }
            var failure: ValueFailure?
            if recorder == nil {
                do throws(ValueFailure) {
                    result.append(try element.decode(document, child))
                    continue
                } catch {
                    failure = error
                }
            }
            try decodeElement(at: .index(index), lossy: lossy, found: describe(document, child),
                              recorder) { () throws(ValueFailure) in
                if let failure { throw failure }
                result.append(try element.decode(document, child))
            }
        }
        return result
    }

    /// ``decode(_:)`` in a collecting pass (``ErrorCollector``): every element's failure is noted.
    private func decodeCollecting(_ array: [Any], _ recorder: DecodingRecorder,
                                  _ errors: ErrorCollector) throws(ValueFailure) -> [Element] {
        var collected = CollectedElements(recorder: recorder, errors: errors, lossy: lossy)
        var result: [Element] = []
        for index in array.indices {
            if let value = collected.decode(at: .index(index), found: ValueDescription.describe(array[index]), {
                () throws(ValueFailure) in try element.decode(array[index])
            }) { result.append(value) }
        }
        try collected.finish()
        return result
    }

    /// ``decode(_:_:)`` in a collecting pass (``ErrorCollector``): every element's failure is noted.
    private func decodeCollecting(_ document: JSONDocument, _ node: Int, _ recorder: DecodingRecorder,
                                  _ errors: ErrorCollector) throws(ValueFailure) -> [Element] {
        var collected = CollectedElements(recorder: recorder, errors: errors, lossy: lossy)
        var result: [Element] = []
        var index = 0
        for child in document.elements(of: node) {
            if let value = collected.decode(at: .index(index), found: describe(document, child), {
                () throws(ValueFailure) in try element.decode(document, child)
            }) { result.append(value) }
            index += 1
        }
        try collected.finish()
        return result
    }

    override func encode(_ value: [Element], _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        var result: [Any] = []
        result.reserveCapacity(value.count)
        // `0..<count` rather than `enumerated()` or `indices`: in this unspecialised generic
        // code, each `(offset, element)` pair would look up tuple metadata at run time (a third
        // of canada.json's encoding, measured under callgrind), and `indices` is a generic call.
        for index in 0..<value.count {
            do throws(ValueFailure) {
                result.append(try element.encode(value[index], options))
            } catch {
                throw error.prefixed(by: .index(index))
            }
        }
        return result
    }

    override func write(_ value: [Element], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.beginArray()
        for index in 0..<value.count {  // see `encode`
            do throws(ValueFailure) {
                try element.write(value[index], to: &writer, options)
            } catch {
                throw error.prefixed(by: .index(index))
            }
        }
        writer.endArray()
    }
}

/// JSON arrays ↔ `Set<Element>` (through ``ArrayCodec``).
final class SetCodec<Element: Hashable>: JSONValueCodec<Set<Element>>, @unchecked Sendable {
    let array: ArrayCodec<Element>

    /// Wraps an element codec; `lossy` leaves out elements that fail.
    init(_ element: JSONValueCodec<Element>, lossy: Bool = false) { array = ArrayCodec(element, lossy: lossy) }

    override var unsupportedReason: String? { array.unsupportedReason }

    override func decode(_ value: Any) throws(ValueFailure) -> Set<Element> {
        Set(try array.decode(value))
    }

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

    override func decode(_ value: Any) throws(ValueFailure) -> [Key: Element] {
        guard let dictionary = value as? [String: Any] else {
            if let keyValueArrays, let elements = FoundationContainers.arrayElements(of: value) {
                return try decodePairs(elements, keyValueArrays)
            }
            throw mismatch(value)
        }
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors { return try decodeCollecting(dictionary, recorder, errors) }
        var result = [Key: Element](minimumCapacity: dictionary.count)
        var storedTwice = false
        for (text, item) in dictionary {
            try decodeElement(at: .member(text), lossy: lossy, found: ValueDescription.describe(item), recorder) { () throws(ValueFailure) in
                if result.updateValue(try element.decode(item), forKey: try dictionaryKey(text)) != nil { storedTwice = true }
            }
        }
        if storedTwice { try checkDistinctKeys(dictionary.keys) }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Key: Element] {
        guard document.kind(at: node) == .object else {
            if let keyValueArrays, document.kind(at: node) == .array {
                return try decodePairs(document, node, keyValueArrays)
            }
            throw mismatch(document, node)
        }
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors { return try decodeCollecting(document, node, recorder, errors) }
        var result = [Key: Element](minimumCapacity: document.count(at: node))
        var storedTwice = false
        for (keyNode, valueNode) in document.members(of: node) {
            let text = document.string(at: keyNode)  // the last of duplicate keys wins
            try decodeElement(at: .member(text), lossy: lossy, found: describe(document, valueNode), recorder) { () throws(ValueFailure) in
                if result.updateValue(try element.decode(document, valueNode), forKey: try dictionaryKey(text)) != nil {
                    storedTwice = true
                }
            }
        }
        if storedTwice { try checkDistinctKeys(document.members(of: node).map { document.string(at: $0.key) }) }
        return result
    }

    /// ``decode(_:)`` in a collecting pass (``ErrorCollector``): every member's failure is noted.
    private func decodeCollecting(_ dictionary: [String: Any], _ recorder: DecodingRecorder,
                                  _ errors: ErrorCollector) throws(ValueFailure) -> [Key: Element] {
        var collected = CollectedElements(recorder: recorder, errors: errors, lossy: lossy)
        var result: [Key: Element] = [:]
        var storedTwice = false
        for (text, item) in dictionary {
            if let (key, value) = collected.decode(at: .member(text), found: ValueDescription.describe(item), {
                () throws(ValueFailure) in (try dictionaryKey(text), try element.decode(item))
            }) { if result.updateValue(value, forKey: key) != nil { storedTwice = true } }
        }
        try collected.finish()
        if storedTwice { try checkDistinctKeys(dictionary.keys) }
        return result
    }

    /// ``decode(_:_:)`` in a collecting pass (``ErrorCollector``): every member's failure is noted.
    private func decodeCollecting(_ document: JSONDocument, _ node: Int, _ recorder: DecodingRecorder,
                                  _ errors: ErrorCollector) throws(ValueFailure) -> [Key: Element] {
        var collected = CollectedElements(recorder: recorder, errors: errors, lossy: lossy)
        var result: [Key: Element] = [:]
        var storedTwice = false
        for (keyNode, valueNode) in document.members(of: node) {
            let text = document.string(at: keyNode)
            if let (key, value) = collected.decode(at: .member(text), found: describe(document, valueNode), {
                () throws(ValueFailure) in (try dictionaryKey(text), try element.decode(document, valueNode))
            }) { if result.updateValue(value, forKey: key) != nil { storedTwice = true } }
        }
        try collected.finish()
        if storedTwice { try checkDistinctKeys(document.members(of: node).map { document.string(at: $0.key) }) }
        return result
    }

    /// The object key `dictionaryKey` is written as.
    func text(of dictionaryKey: Key) throws(ValueFailure) -> String {
        guard let text = key.format(dictionaryKey) else {
            throw ValueFailure(detail: "the key \(dictionaryKey) has no JSON form")
        }
        return text
    }

    override func encode(_ value: [Key: Element], _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        if let keyValueArrays, keyValueArrays.isWritten { return try encodePairs(value, keyValueArrays, options) }
        var result = [String: Any](minimumCapacity: value.count)
        for (dictionaryKey, item) in value {
            let text = try text(of: dictionaryKey)
            do throws(ValueFailure) {
                result[text] = try element.encode(item, options)
            } catch {
                throw error.prefixed(by: .member(text))
            }
        }
        return result
    }

    override func write(_ value: [Key: Element], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        if let keyValueArrays, keyValueArrays.isWritten { return try writePairs(value, keyValueArrays, to: &writer, options) }
        var members: [(String, Element)] = []
        members.reserveCapacity(value.count)
        for (dictionaryKey, item) in value { members.append((try text(of: dictionaryKey), item)) }
        writer.beginObject()
        for (text, item) in members.sorted(by: { $0.0 < $1.0 }) {
            writer.writeKey(text)
            do throws(ValueFailure) {
                try element.write(item, to: &writer, options)
            } catch {
                throw error.prefixed(by: .member(text))
            }
        }
        writer.endObject()
    }
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
    override func decode(_ value: Any) throws(ValueFailure) -> Any { try NativeJSONValue.native(value) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Any {
        try document.nativeValue(at: node)
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
            throw mismatch(value)
        }
    }
}
