import Foundation
import MantleJSON

/// The form `JSONEncoder` writes dictionaries in whose keys are neither
/// `String` nor `Int` nor `CodingKeyRepresentable` (`[UUID: _]`, `[URL: _]`,
/// `[Double: _]`, `[Bool: _]`, `[Int64: _]`, raw-value enums): a flat array of
/// keys and values in turn, `[key, value, key, value, …]`, each key as its
/// type's JSON value (a string for `UUID`, a number for `Double`), which is
/// the only form `JSONDecoder` reads for them.
///
/// ``DictionaryCodec`` reads this form beside its object form for such keys,
/// and writes it instead when the configuration's
/// ``JSONAdapter/Configuration/keyedDictionaryEncoding`` is
/// ``JSONAdapter/Configuration/KeyedDictionaryEncoding/keyValueArray``.
struct KeyValueArrays<Key: Hashable>: @unchecked Sendable {
    // @unchecked Sendable: immutable; the codec is an immutable, Sendable class.

    /// The keys' codec: their type's own, without the transformers a
    /// configuration sets for the type (the object form's keys ignore them too).
    let key: JSONValueCodec<Key>
    /// `true` when dictionaries are written in this form.
    let isWritten: Bool

    /// The form for keys of `Key` under `context`, or `nil` when `JSONEncoder`
    /// writes such dictionaries as objects.
    static func of(_: Key.Type, in context: MappingContext) -> KeyValueArrays<Key>? {
        guard writesPairs(Key.self) else { return nil }
        return KeyValueArrays(key: CodecFactory.plainCodec(for: Key.self, in: context),
                              isWritten: context.settings.keyedDictionaryEncoding == .keyValueArray)
    }

    /// `true` when `JSONEncoder` writes dictionaries keyed by `type` as flat
    /// arrays: the key type is neither `String`, nor `Int`, nor `CodingKeyRepresentable`.
    static func writesPairs(_ type: Any.Type) -> Bool {
        if type == String.self || type == Int.self { return false }
        if #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *) {
            return !(type is any CodingKeyRepresentable.Type)
        }
        return true
    }
}

extension DictionaryCodec {
    /// The dictionary of the flat array `elements`.
    func decodePairs<Reader: JSONValueReader>(_ elements: [Reader.Value], with reader: Reader,
                                              _ pairs: KeyValueArrays<Key>) throws(ValueFailure) -> [Key: Element] {
        try decodePairs(count: elements.count,
                        key: { index throws(ValueFailure) in try reader.decode(elements[index], with: pairs.key) },
                        value: { index throws(ValueFailure) in try reader.decode(elements[index], with: element) },
                        found: { reader.found(elements[$0]) })
    }

    /// The dictionary of a flat array of `count` elements, whose keys (at even
    /// positions) and values (at odd ones) `key` and `value` decode: the last
    /// of repeated keys wins, as in `JSONDecoder`. A lossy codec leaves out a
    /// pair whose key or value fails; a collecting pass notes every failure.
    private func decodePairs(count: Int, key decodeKey: (Int) throws(ValueFailure) -> Key,
                             value decodeValue: (Int) throws(ValueFailure) -> Element,
                             found: (Int) -> String) throws(ValueFailure) -> [Key: Element] {
        guard count % 2 == 0 else {
            throw ValueFailure(expected: "an object, or an array of keys and values in turn",
                               found: "array of \(count)", detail: "the last key has no value")
        }
        var result = [Key: Element](minimumCapacity: count / 2)
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors {
            var collected = CollectedElements(recorder: recorder, errors: errors, lossy: lossy)
            for index in stride(from: 0, to: count, by: 2) {
                guard let key = collected.decode(at: .index(index), found: found(index), {
                    () throws(ValueFailure) in try decodeKey(index)
                }) else { continue }
                if let value = collected.decode(at: .index(index + 1), found: found(index + 1), {
                    () throws(ValueFailure) in try decodeValue(index + 1)
                }) { result[key] = value }
            }
            try collected.finish()
            return result
        }
        for index in stride(from: 0, to: count, by: 2) {
            var key: Key?
            try decodeElement(at: .index(index), lossy: lossy, found: found(index), recorder) { () throws(ValueFailure) in
                key = try decodeKey(index)
            }
            guard let key else { continue }  // left out: lossy
            try decodeElement(at: .index(index + 1), lossy: lossy, found: found(index + 1), recorder) {
                () throws(ValueFailure) in result[key] = try decodeValue(index + 1)
            }
        }
        return result
    }

    /// The members of `value` in ascending order of their keys' text (the
    /// object form's order), so that the text is the same on every run.
    private func sortedMembers(_ value: [Key: Element]) throws(ValueFailure) -> [(key: Key, value: Element)] {
        var members: [(text: String, member: (key: Key, value: Element))] = []
        members.reserveCapacity(value.count)
        for member in value { members.append((try text(of: member.key), member)) }
        return members.sorted { $0.text < $1.text }.map(\.member)
    }

    /// Writes `value` as a flat array of keys and values.
    func writePairs(_ value: [Key: Element], _ pairs: KeyValueArrays<Key>, into sink: inout some JSONValueSink,
                    _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        sink.beginArray()
        var index = 0
        for member in try sortedMembers(value) {
            do throws(ValueFailure) {
                try sink.write(member.key, with: pairs.key, options)
            } catch {
                throw error.prefixed(by: .index(index))
            }
            do throws(ValueFailure) {
                try sink.write(member.value, with: element, options)
            } catch {
                throw error.prefixed(by: .index(index + 1))
            }
            index += 2
        }
        sink.endArray()
    }
}
