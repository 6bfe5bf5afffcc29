import Foundation
import MantleJSON

extension JSONAdapter {
    /// How JSON text is laid out: the options of `JSONEncoder.OutputFormatting`, with the same
    /// names and the same bytes.
    ///
    /// For the same values and the same set, ``JSONAdapter/jsonData(from:options:)-s4mr``
    /// writes what swift-foundation's `JSONEncoder` writes with that `outputFormatting`:
    /// `[.prettyPrinted, .sortedKeys]` here and there give the same bytes. As with
    /// `JSONEncoder`, a set without ``withoutEscapingSlashes`` writes `/` as `\/`; the
    /// ``EncodingOptions/standard`` options hold `.withoutEscapingSlashes`, so plain calls write
    /// URLs as they are, and a set you give replaces the whole choice.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The options' bits.
        public let rawValue: UInt

        /// Creates options from bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Indented text: a newline after `[`, `{` and each `,`, two spaces a level,
        /// `" : "` between a key and its value; an empty array or object is `[` or `{`, two
        /// newlines and the closing bracket, as `JSONEncoder` writes them.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)

        /// The members of every object (models, nested models, dictionaries, `Codable` values)
        /// in ascending order of their keys' UTF-8 bytes, the order swift-foundation's
        /// `JSONEncoder` gives: `"B"` before `"a"`, `"10"` before `"9"`, `"z"` before `"é"`.
        /// Without it, a model's members are in its mapping's order.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)

        /// `/` written as it is; without this option it is written `\/`, as `JSONEncoder` and
        /// `JSONSerialization` write it.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 2)

        /// The writer's layout for these options.
        var writerFormatting: JSONWriter.Formatting {
            var formatting: JSONWriter.Formatting = []
            if contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
            if contains(.sortedKeys) { formatting.insert(.sortedKeys) }
            if !contains(.withoutEscapingSlashes) { formatting.insert(.escapedSlashes) }
            return formatting
        }
    }

    /// Everything one encode call may vary, in one value: the ``Configuration``, how the text
    /// is laid out (``OutputFormatting``), and whether `nil` values are written.
    ///
    /// Every encode method takes it as its last argument, `options`, which defaults to the
    /// standard choices, so the plain calls stay plain:
    ///
    /// ```swift
    /// let data = try JSONAdapter.jsonData(from: issue)
    /// let pretty = try JSONAdapter.jsonData(from: issues, options: .outputFormatting([.prettyPrinted, .sortedKeys]))
    /// let lines = try JSONAdapter.jsonLinesData(from: tweets, options: .configuration(twitter))
    /// let sparse = try JSONAdapter.jsonDictionary(from: issue, options: .omitsNilValues)
    /// ```
    ///
    /// Decoding takes ``DecodingOptions``; a configuration used for both goes in each.
    public struct EncodingOptions: Sendable {
        /// The standard choices: ``Configuration/standard``, compact text with `/` as it is
        /// (``OutputFormatting/withoutEscapingSlashes``), `nil` written as `null`.
        public static var standard: EncodingOptions { EncodingOptions() }

        /// The mappings' choices (date format, data encoding, key conversion, transformers by
        /// type); ``Configuration/standard`` by default. An adapter's own methods use the
        /// adapter's configuration while this is the standard one.
        public var configuration: Configuration

        /// How JSON text is laid out, exactly as `JSONEncoder` lays it out with the same set;
        /// ``OutputFormatting/withoutEscapingSlashes`` by default. It shapes text only
        /// (`jsonData`, JSON Lines, `mergePatchData`), not the dictionaries of
        /// `jsonDictionary` and `jsonArray`. JSON Lines are never pretty printed (a line
        /// holds one value): there ``OutputFormatting/prettyPrinted`` is ignored.
        public var outputFormatting: OutputFormatting

        /// `true` to leave out the members whose value is `nil` instead of writing `null`
        /// (and nested objects that leaves empty), as `encodeIfPresent` does; `false` by
        /// default. A ``JSONOptional`` says for itself: `.null` is written, `.absent` is not.
        public var omitsNilValues: Bool

        /// Options with the given choices; every one defaults to the standard.
        public init(configuration: Configuration = .standard,
                    outputFormatting: OutputFormatting = .withoutEscapingSlashes,
                    omitsNilValues: Bool = false) {
            self.configuration = configuration
            self.outputFormatting = outputFormatting
            self.omitsNilValues = omitsNilValues
        }

        /// The standard options with `configuration`.
        public static func configuration(_ configuration: Configuration) -> EncodingOptions {
            EncodingOptions(configuration: configuration)
        }

        /// The standard options with `outputFormatting` (which replaces the standard
        /// ``OutputFormatting/withoutEscapingSlashes``, as setting `JSONEncoder`'s does).
        public static func outputFormatting(_ outputFormatting: OutputFormatting) -> EncodingOptions {
            EncodingOptions(outputFormatting: outputFormatting)
        }

        /// The standard options with ``omitsNilValues-swift.property`` set: `nil` values are
        /// left out rather than written as `null`.
        public static var omitsNilValues: EncodingOptions { EncodingOptions(omitsNilValues: true) }

        /// What the codecs see of these options.
        var flags: EncodingFlags { omitsNilValues ? .omitNilValues : [] }

        /// A writer that lays text out as ``outputFormatting`` says.
        func makeWriter() -> JSONWriter {
            JSONWriter(formatting: outputFormatting.writerFormatting)
        }

        /// A writer for one line of JSON Lines: never pretty printed.
        func makeLineWriter() -> JSONWriter {
            JSONWriter(formatting: outputFormatting.subtracting(.prettyPrinted).writerFormatting)
        }

        /// `true` while ``configuration`` is the standard one (which an adapter's methods
        /// replace with the adapter's).
        var usesStandardConfiguration: Bool { configuration.context === MappingContext.standard }
    }

    /// The choices of one encode call that the codecs see, as they write each value.
    struct EncodingFlags: OptionSet, Sendable {
        let rawValue: Int

        /// Leave out properties whose value is `nil` (``EncodingOptions/omitsNilValues-swift.property``).
        static let omitNilValues = EncodingFlags(rawValue: 1 << 0)
    }
}
