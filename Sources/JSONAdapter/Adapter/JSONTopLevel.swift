import Foundation
import MantleInternals
import MantleJSON

/// The top level of what one decode call reads: the one place that parses
/// JSON text (``JSONAdapterError/Code/invalidJSONData``), follows
/// ``JSONAdapter/DecodingOptions/keyPath``, checks the shape the call expects
/// ("expected a JSON object", "expected an array of objects":
/// ``JSONAdapterError/Code/invalidJSONDictionary``) and hands the options'
/// leniency recorder the call's report.
///
/// Every decode entry point — the static methods, an adapter's methods,
/// `update`, class clusters, JSON Lines and streams — goes through it, so
/// both decoding paths give the same errors with the same words, and the
/// depth limit is whatever the options say.
///
/// It is also where a call that failed decodes again to report every
/// failure at once (``collecting(_:_:)``).
///
/// With no key path and no recorder (the common call) it adds two `nil`
/// checks to the call: nothing per value.
enum JSONTopLevel {
    // MARK: One object

    /// Runs `decode` on the object at `options.keyPath` of the JSON text
    /// `data` (the top level itself without a key path).
    static func object<Result>(in data: Data, _ options: JSONAdapter.DecodingOptions,
                               _ decode: (JSONObjectSource) throws -> Result) throws -> Result {
        try recording(options) {
            let document = try parse(data, maximumDepth: options.maximumDepth)
            return try object(in: document, options, decode)
        }
    }

    /// Runs `decode` on the object at `options.keyPath` of `document` (its
    /// root without one).
    static func object<Result>(in document: JSONDocument, _ options: JSONAdapter.DecodingOptions,
                               _ decode: (JSONObjectSource) throws -> Result) throws -> Result {
        try object(at: document.rootIndex, with: document, options, decode)
    }

    /// Runs `decode` on the object at `options.keyPath` of `jsonDictionary`
    /// (`jsonDictionary` itself without a key path).
    static func object<Result>(in jsonDictionary: [String: Any], _ options: JSONAdapter.DecodingOptions,
                               _ decode: (JSONObjectSource) throws -> Result) throws -> Result {
        try recording(options) { try object(at: jsonDictionary, with: FoundationReader(), options, decode) }
    }

    /// Runs `decode` on the object at `options.keyPath` of `root` (`root` itself without one).
    private static func object<Reader: JSONValueReader, Result>(
        at root: Reader.Value, with reader: Reader, _ options: JSONAdapter.DecodingOptions,
        _ decode: (JSONObjectSource) throws -> Result
    ) throws -> Result {
        guard let keyPath = options.keyPath else {
            let source = try checkedObject(root, with: reader)
            return try collecting(options) { try decode(source) }
        }
        let path = try parsedKeyPath(keyPath)
        let value = try locate(path, in: root, with: reader)
        return try within(path.text) {
            let source = try checkedObject(value, with: reader)
            return try collecting(options) { try decode(source) }
        }
    }

    // MARK: An array of objects

    /// Runs `decode` on each object of the array at `options.keyPath` of the
    /// JSON text `data` (the top level itself without a key path); fails as a
    /// whole, naming the index of the failing element, unless the
    /// configuration's leniency has ``JSONLeniency/lossyCollections``.
    static func array<Element>(in data: Data, _ options: JSONAdapter.DecodingOptions,
                               _ decode: (JSONObjectSource) throws -> Element) throws -> [Element] {
        try recording(options) {
            let input = JSONInput(data, cachingURLs: true)
            if options.keyPath == nil, let elements = JSONArrayElements(input, maximumDepth: options.maximumDepth) {
                return try decodeElements(elements, options, decode)
            }
            let document = try parse(input, maximumDepth: options.maximumDepth)
            return try array(at: document.rootIndex, with: document, options, decode)
        }
    }

    /// The elements of a top-level array, decoded a batch at a time as they are parsed
    /// (``JSONArrayElements``), so that the tape alive at once is a batch's rather than the
    /// whole text's; what the call returns or throws is what ``elements(of:with:_:_:)`` gives
    /// for the whole text parsed first.
    ///
    /// In particular an invalid JSON text is the error wherever it is invalid, as when the
    /// text is parsed before anything is decoded (and for `JSONDecoder`): when an element
    /// fails to decode, the rest of the text is parsed (not decoded), and a syntax error
    /// there is thrown instead of the element's failure. Models decoded before the call
    /// failed are dropped (nothing is returned); code that decoding runs (transformers,
    /// `validate()`) has run for the elements before the syntax error, which it did not
    /// when the whole text was parsed first.
    ///
    /// Each pass (the first, then a collecting one after a failure) reads `elements` again
    /// from the first.
    private static func decodeElements<Element>(_ elements: JSONArrayElements, _ options: JSONAdapter.DecodingOptions,
                                                _ decode: (JSONObjectSource) throws -> Element) throws -> [Element] {
        var cursor: ElementCursor?
        func pass() throws -> [Element] {
            elements.rewind()
            let current = ElementCursor(elements)
            cursor = current
            let items = ElementSequence(cursor: current)
            let result = try decodeEach(items, lossy: options.isLossy, found: { $0.document.found($0.node) }) { item in
                try decode(checkedObject(item.node, with: item.document))
            }
            if let failure = current.failure { throw invalidJSON(failure) }
            return result
        }
        do {
            return try pass()
        } catch {
            if let failure = cursor?.syntaxErrorInRest() { throw invalidJSON(failure) }
            return try collectingPass(after: error, options, pass)
        }
    }

    /// Where a pass over a top-level array's elements is, and the parse error that ended it.
    private final class ElementCursor {
        let elements: JSONArrayElements
        var failure: JSONDataError?

        init(_ elements: JSONArrayElements) {
            self.elements = elements
        }

        /// The parse error of the text from the cursor on (the one that ended the pass, if
        /// any), parsing the elements not yet read.
        func syntaxErrorInRest() -> JSONDataError? {
            if let failure { return failure }
            do {
                while try elements.next() != nil {}
            } catch {
                failure = error
            }
            return failure
        }
    }

    /// The elements of a cursor as a sequence; a parse error ends it, kept in the cursor.
    private struct ElementSequence: Sequence, IteratorProtocol {
        let cursor: ElementCursor

        mutating func next() -> (document: JSONDocument, node: Int)? {
            do {
                return try cursor.elements.next()
            } catch {
                cursor.failure = error
                return nil
            }
        }
    }

    /// Runs `decode` on each JSON dictionary of the array `value` (a JSON
    /// object with a key path to the array), as ``array(in:_:_:)-(Data,_,_)``.
    static func array<Element>(in value: Any, _ options: JSONAdapter.DecodingOptions,
                               _ decode: (JSONObjectSource) throws -> Element) throws -> [Element] {
        try recording(options) { try array(at: value, with: FoundationReader(), options, decode) }
    }

    /// Runs `decode` on each object of the array at `options.keyPath` of `root` (`root` itself
    /// without one).
    private static func array<Reader: JSONValueReader, Element>(
        at root: Reader.Value, with reader: Reader, _ options: JSONAdapter.DecodingOptions,
        _ decode: (JSONObjectSource) throws -> Element
    ) throws -> [Element] {
        guard let keyPath = options.keyPath else { return try elements(of: root, with: reader, options, decode) }
        let path = try parsedKeyPath(keyPath)
        let value = try locate(path, in: root, with: reader)
        return try within(path.text) { try elements(of: value, with: reader, options, decode) }
    }

    /// The elements of the array `value`, each decoded from its object.
    private static func elements<Reader: JSONValueReader, Element>(
        of value: Reader.Value, with reader: Reader, _ options: JSONAdapter.DecodingOptions,
        _ decode: (JSONObjectSource) throws -> Element
    ) throws -> [Element] {
        guard let (_, items) = reader.array(value) else {
            guard options.configuration.leniency.contains(.singleObjectAsArray),
                  let source = reader.objectSource(value) else { throw notAnArray(reader.found(value)) }
            return try collecting(options) { try [singleObject(Element.self) { try decode(source) }] }
        }
        return try collecting(options) {
            try decodeEach(items, lossy: options.isLossy, found: reader.found) { element in
                try decode(checkedObject(element, with: reader))
            }
        }
    }

    /// Decodes the lone object where an array was expected
    /// (``JSONLeniency/singleObjectAsArray``), recording it.
    private static func singleObject<Element>(_: Element.Type, _ decode: () throws -> Element) throws -> Element {
        DecodingRecorder.current?.record(.coerced(toType: ValueDescription.typeName([Element].self)), found: "object")
        return try decode()
    }

    /// Decodes each item in order, naming the index of the first failure
    /// (in a collecting pass, ``decodeEachCollecting(_:lossy:found:_:_:_:)``);
    /// when `lossy`, a failing item is left out instead and, under a
    /// ``DecodingRecorder``, recorded with what `found` says it held. A bad
    /// mapping always fails.
    private static func decodeEach<Items: Sequence, Element>(
        _ items: Items, lossy: Bool, found: (Items.Element) -> String, _ decode: (Items.Element) throws -> Element
    ) throws -> [Element] {
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors {
            return try decodeEachCollecting(items, lossy: lossy, found: found, recorder, errors, decode)
        }
        var result: [Element] = []
        result.reserveCapacity(items.underestimatedCount)
        var index = 0
        for item in items {
            defer { index += 1 }
            let mark = recorder?.mark ?? 0
            do {
                result.append(try decode(item))
            } catch {
                let adapterError = error as? JSONAdapterError
                guard lossy, adapterError?.code.isRecoverable ?? true else {
                    guard let adapterError else { throw error }
                    throw adapterError.atIndex(index)
                }
                recorder?.recordDrop(.skipped, since: mark, found: found(item), path: "[\(index)]",
                                     reason: adapterError.map(\.description) ?? "\(error)")
                continue
            }
            recorder?.prefix(from: mark, with: "[\(index)]")
        }
        return result
    }

    // MARK: Parsing and shapes

    /// Parses JSON text, mapping parse errors to ``JSONAdapterError/Code/invalidJSONData``.
    static func parse(_ data: Data, maximumDepth: Int) throws -> JSONDocument {
        try parse(JSONInput(data, cachingURLs: true), maximumDepth: maximumDepth)
    }

    /// Parses JSON text, as ``parse(_:maximumDepth:)-(Data,_)``.
    static func parse(_ input: JSONInput, maximumDepth: Int) throws -> JSONDocument {
        do {
            return try JSONDocument(input: input, maximumDepth: maximumDepth)
        } catch {
            throw invalidJSON(error)
        }
    }

    /// Parses JSON text held in an array (a streamed value), as ``parse(_:maximumDepth:)-(Data,_)``.
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws -> JSONDocument {
        do {
            return try JSONDocument(bytes: bytes, maximumDepth: maximumDepth)
        } catch {
            throw invalidJSON(error)
        }
    }

    private static func invalidJSON(_ error: JSONDataError) -> JSONAdapterError {
        JSONAdapterError(code: .invalidJSONData, underlyingError: error, detail: error.description)
    }

    /// The object node `node` as a source; any other kind is "expected a JSON object".
    /// `value` as the object a model decodes from; any other value is an error.
    private static func checkedObject<Reader: JSONValueReader>(_ value: Reader.Value,
                                                               with reader: Reader) throws -> JSONObjectSource {
        guard let source = reader.objectSource(value) else { throw notAnObject(reader.found(value)) }
        return source
    }

    /// The error for a top level (or element) that is not an object.
    static func notAnObject(_ found: String) -> JSONAdapterError {
        JSONAdapterError(code: .invalidJSONDictionary, expected: "a JSON object", found: found)
    }

    /// The error for a top level (or value at the key path) that is not an array.
    private static func notAnArray(_ found: String) -> JSONAdapterError {
        JSONAdapterError(code: .invalidJSONDictionary, expected: "an array of objects", found: found)
    }

    // MARK: The key path

    /// `keyPath` split into keys; a malformed one is ``JSONAdapterError/Code/invalidJSONMapping``.
    private static func parsedKeyPath(_ keyPath: String) throws -> ParsedKeyPath {
        guard let path = ParsedKeyPath(keyPath) else {
            throw JSONAdapterError(code: .invalidJSONMapping, jsonKeyPath: keyPath,
                                   detail: "malformed JSON key path \(String(reflecting: keyPath))")
        }
        return path
    }

    /// The value at `path` in `root`, which must be an object.
    private static func locate<Reader: JSONValueReader>(_ path: ParsedKeyPath, in root: Reader.Value,
                                                        with reader: Reader) throws -> Reader.Value {
        guard let object = reader.asObject(root) else { throw notAnObject(reader.found(root)) }
        return try locate(path, in: object, with: reader)
    }

    /// The value at `path` in `object`; nothing or `null` there is an error.
    private static func locate<Reader: JSONValueReader>(_ path: ParsedKeyPath, in object: Reader.Object,
                                                        with reader: Reader) throws -> Reader.Value {
        var hint = 0
        let value: Reader.Value?
        do throws(ValueFailure) {
            value = try KeyPathLookup.value(at: path, in: object, with: reader, hint: &hint)
        } catch {
            throw JSONAdapterError(error, jsonKeyPath: path.text)
        }
        guard let value, !reader.isNull(value) else { throw missingValue(path) }
        return value
    }

    /// The error for nothing (or `null`) at the requested path.
    private static func missingValue(_ path: ParsedKeyPath) -> JSONAdapterError {
        JSONAdapterError(code: .invalidJSONDictionary, jsonKeyPath: path.text, detail: "no value at \"\(path.text)\"")
    }

    // MARK: Paths and reports

    /// Runs `body`, which decodes the value at `component` (a key path, or
    /// `[i]` for a streamed value), putting `component` before the JSON key
    /// paths of its errors and of the leniency it records. `component` is
    /// built only when it is used (an error, or a recorder present), so a
    /// stream does not format `[i]` for each value it decodes.
    static func within<Result>(_ component: @autoclosure () -> String, _ body: () throws -> Result) throws -> Result {
        let recorder = DecodingRecorder.current
        let mark = recorder?.mark ?? 0
        do {
            let result = try body()
            recorder?.prefix(from: mark, with: component())
            return result
        } catch let error as JSONAdapterError {
            throw error.prefixingPath(component())
        }
    }

    /// Runs `body`; when the options carry a ``JSONLeniencyReport/Recorder``,
    /// under a recorder of its own whose report is added to that one once
    /// `body` returns (nothing is added when it throws).
    static func recording<Result>(_ options: JSONAdapter.DecodingOptions,
                                  _ body: () throws -> Result) throws -> Result {
        guard let recorder = options.leniencyRecorder else { return try body() }
        let (result, report) = try DecodingRecorder.recording(body)
        recorder.append(report)
        return result
    }
}
