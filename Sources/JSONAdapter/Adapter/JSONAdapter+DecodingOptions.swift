import Foundation
import MantleJSON

extension JSONAdapter {
    /// Everything one decode call may vary, in one value: the
    /// ``Configuration``, where in the document the model (or array) sits,
    /// the nesting limit, how many failures an error reports, a recorder
    /// for the leniency applied, a ``JSONTypeDiscriminator`` choosing each
    /// object's type, and how `update` treats a nested object.
    ///
    /// Every decode method takes it as its last argument, `options`, which
    /// defaults to the standard choices, so the plain calls stay plain:
    ///
    /// ```swift
    /// let issue = try JSONAdapter.model(of: GHIssue.self, fromJSONData: data)
    /// let items = try JSONAdapter.models(of: GHIssue.self, fromJSONData: search, options: .keyPath("items"))
    /// let viewer = try JSONAdapter.model(of: User.self, fromJSONData: envelope,
    ///                                    options: .init(configuration: twitter, keyPath: "data.viewer"))
    ///
    /// let recorder = JSONLeniencyReport.Recorder()
    /// let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data,
    ///                                     options: .init(configuration: lenient, leniencyRecorder: recorder))
    /// if !recorder.report.isEmpty { log.notice("server drift: \(recorder.report)") }
    ///
    /// let events = try JSONAdapter.models(of: GHEvent.self, fromJSONData: data, options: .discriminator(kinds))
    /// try JSONAdapter.update(&issue, fromJSONData: body, options: .mergePatch)
    /// ```
    ///
    /// (Encoding takes ``EncodingOptions``.)
    public struct DecodingOptions: Sendable {
        /// The nesting limit used unless a call says otherwise: 512 arrays and
        /// objects, as `JSONSerialization` and `JSONDecoder` allow.
        public static var defaultMaximumDepth: Int { JSONLimits.defaultMaximumDepth }

        /// The number of failures a decode error reports unless a call says
        /// otherwise: 20.
        public static var defaultMaximumErrorCount: Int { 20 }

        /// The standard choices: ``Configuration/standard``, the whole
        /// document, ``defaultMaximumDepth``, ``defaultMaximumErrorCount``,
        /// no recorder, no discriminator, and ``UpdateRule/merge``.
        public static var standard: DecodingOptions { DecodingOptions() }

        /// The mappings' choices (date format, key conversion, leniency,
        /// transformers by type); ``Configuration/standard`` by default. An
        /// adapter's own methods use the adapter's configuration while this
        /// is the standard one.
        public var configuration: Configuration

        /// Where in the document the model's object (or, for `models`, the
        /// array of objects) sits, dotted (`"data.viewer"`, `"items"`, with
        /// digit keys indexing arrays: `"pages.0.items"`), or `nil` for the
        /// top level. The top level must then be an object. A missing or
        /// `null` value there, or an intermediate that is not an object, is
        /// ``JSONAdapterError/Code/invalidJSONDictionary``; a malformed path
        /// (`"a..b"`) is ``JSONAdapterError/Code/invalidJSONMapping``; errors
        /// and report entries from inside name the whole path
        /// (`data.items[3].user.login`).
        public var keyPath: String?

        /// The deepest nesting of arrays and objects accepted in JSON text
        /// (``defaultMaximumDepth`` by default); deeper text is
        /// ``JSONAdapterError/Code/invalidJSONData``, never a stack overflow.
        /// Foundation dictionaries are already parsed, so it does not apply to them.
        public var maximumDepth: Int

        /// How many failures the thrown ``JSONAdapterError`` reports
        /// (``defaultMaximumErrorCount``, 20, by default): the first, in
        /// document order, with the others in its
        /// ``JSONAdapterError/additionalErrors``; failures beyond this many
        /// are only counted, in ``JSONAdapterError/omittedErrorCount``. 1
        /// stops at the first failure; values below 1 act as 1.
        ///
        /// A call that succeeds costs the same whatever this is: only once
        /// decoding has failed is the input decoded again, going on past each
        /// failure (properties, elements and members of collections, nested
        /// models, their `validate()`, and broken ``JSONConstraint``s) to
        /// find the others.
        public var maximumErrorCount: Int

        /// Where the call adds the ``JSONLeniencyReport`` of what its
        /// ``Configuration/leniency`` (and the models' own
        /// ``JSONSerializing/jsonLeniency(forKey:)``) bent, or `nil` not to
        /// record. A call that throws adds nothing.
        public var leniencyRecorder: JSONLeniencyReport.Recorder?

        /// The class cluster that chooses the type of each top-level object
        /// the call decodes (the object, each element of the array, each
        /// line or streamed value), or `nil` for the decoded type's own
        /// choice (``JSONSerializing/typeDiscriminator``,
        /// ``JSONSerializing/classForParsing(jsonDictionary:)``), which it
        /// replaces: the type it chooses is decoded as that type, without
        /// asking that type's own cluster again. Nested models are chosen by
        /// their own types, as without it.
        ///
        /// The static methods return `M`, so the chosen type must be `M` or
        /// a subclass of it: any other is ``JSONAdapterError/Code/noClassFound``,
        /// as is a field the discriminator has no type for (and no fallback).
        /// An adapter's methods return `any JSONSerializing`: an adapter for a
        /// class takes a subclass of it, and one for a struct takes any type
        /// the discriminator chooses — the way to decode a cluster of structs
        /// sharing a protocol, as that protocol:
        ///
        /// ```swift
        /// let kinds = JSONTypeDiscriminator(keyPath: "kind", types: ["circle": Circle.self, "square": Square.self])
        /// let adapter = try JSONAdapter(modelType: Circle.self)
        /// let shapes = try adapter.models(fromJSONData: data, options: .discriminator(kinds)) as? [any Shape]
        /// ```
        ///
        /// `update` keeps the updated model's type, and does not consult it.
        public var discriminator: JSONTypeDiscriminator?

        /// How `update(_:from:options:)` and `update(_:fromJSONData:options:)`
        /// treat a nested object and `null`: ``UpdateRule/merge`` (Mantle's
        /// merge, the default) or ``UpdateRule/mergePatch`` (RFC 7396). Other
        /// decode calls do not consult it.
        public var updateRule: UpdateRule

        /// How `update` applies a JSON object to a model that already has
        /// values (see "Updating models and patch documents").
        public enum UpdateRule: Sendable, Hashable {
            /// Mantle's merge, for a server's partial answer: each present
            /// key is decoded as decoding would (a nested object decodes a
            /// whole new nested model) and merged with
            /// ``Model/mergeValue(forKey:from:)``; `null` clears an optional.
            case merge
            /// JSON Merge Patch (RFC 7396), for a `PATCH` body: a nested
            /// object patches the nested model (or the property's JSON),
            /// recursively; `null` clears; arrays are replaced whole; the
            /// values are never merged through `mergeValue(forKey:from:)`.
            case mergePatch
        }

        /// Options with the given choices; every one defaults to the standard.
        public init(configuration: Configuration = .standard, keyPath: String? = nil,
                    maximumDepth: Int = DecodingOptions.defaultMaximumDepth,
                    maximumErrorCount: Int = DecodingOptions.defaultMaximumErrorCount,
                    leniencyRecorder: JSONLeniencyReport.Recorder? = nil,
                    discriminator: JSONTypeDiscriminator? = nil, updateRule: UpdateRule = .merge) {
            self.configuration = configuration
            self.keyPath = keyPath
            self.maximumDepth = maximumDepth
            self.maximumErrorCount = maximumErrorCount
            self.leniencyRecorder = leniencyRecorder
            self.discriminator = discriminator
            self.updateRule = updateRule
        }

        /// The standard options with `configuration`.
        public static func configuration(_ configuration: Configuration) -> DecodingOptions {
            DecodingOptions(configuration: configuration)
        }

        /// The standard options reading the object or array at `keyPath`.
        public static func keyPath(_ keyPath: String) -> DecodingOptions {
            DecodingOptions(keyPath: keyPath)
        }

        /// The standard options with `discriminator` choosing the type of
        /// each top-level object (see ``discriminator-swift.property``).
        public static func discriminator(_ discriminator: JSONTypeDiscriminator) -> DecodingOptions {
            DecodingOptions(discriminator: discriminator)
        }

        /// The standard options with ``UpdateRule/mergePatch``: `update`
        /// applies the JSON as an RFC 7396 merge patch.
        public static var mergePatch: DecodingOptions { DecodingOptions(updateRule: .mergePatch) }

        /// `true` when failing elements of the top-level array are left out
        /// (``JSONLeniency/lossyCollections``).
        var isLossy: Bool { configuration.leniency.contains(.lossyCollections) }

        /// `true` while ``configuration`` is the standard one (which an
        /// adapter's methods replace with the adapter's).
        var usesStandardConfiguration: Bool { configuration.context === MappingContext.standard }
    }
}
