import Foundation
import MantleJSON

extension JSONAdapter {
    /// Everything one decode call may vary, in one value: the
    /// ``Configuration``, where in the document the model (or array) sits,
    /// the nesting limit, how many failures an error reports, and a recorder
    /// for the leniency applied.
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
        /// no recorder.
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

        /// Options with the given choices; every one defaults to the standard.
        public init(configuration: Configuration = .standard, keyPath: String? = nil,
                    maximumDepth: Int = DecodingOptions.defaultMaximumDepth,
                    maximumErrorCount: Int = DecodingOptions.defaultMaximumErrorCount,
                    leniencyRecorder: JSONLeniencyReport.Recorder? = nil) {
            self.configuration = configuration
            self.keyPath = keyPath
            self.maximumDepth = maximumDepth
            self.maximumErrorCount = maximumErrorCount
            self.leniencyRecorder = leniencyRecorder
        }

        /// The standard options with `configuration`.
        public static func configuration(_ configuration: Configuration) -> DecodingOptions {
            DecodingOptions(configuration: configuration)
        }

        /// The standard options reading the object or array at `keyPath`.
        public static func keyPath(_ keyPath: String) -> DecodingOptions {
            DecodingOptions(keyPath: keyPath)
        }

        /// `true` when failing elements of the top-level array are left out
        /// (``JSONLeniency/lossyCollections``).
        var isLossy: Bool { configuration.leniency.contains(.lossyCollections) }

        /// `true` while ``configuration`` is the standard one (which an
        /// adapter's methods replace with the adapter's).
        var usesStandardConfiguration: Bool { configuration.context === MappingContext.standard }
    }
}
