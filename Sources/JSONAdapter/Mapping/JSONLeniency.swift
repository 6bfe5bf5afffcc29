import Foundation

/// How far decoding bends for JSON that has drifted from what a model
/// expects. Strict (`[]`) is the default; each option is opt-in, per call or
/// adapter (``JSONAdapter/JSONAdapter/Configuration/leniency``) or per model
/// property (``JSONSerializing/jsonLeniency(forKey:)``).
///
/// ```swift
/// let lenient = JSONAdapter.Configuration(leniency: .all)
/// let recorder = JSONLeniencyReport.Recorder()
/// let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data,
///                                     options: .init(configuration: lenient, leniencyRecorder: recorder))
/// for entry in recorder.report.entries { log.warning("\(entry)") }   // what was bent, and where
/// ```
///
/// Every leniency applied is recorded in a ``JSONLeniencyReport``, so drift
/// is counted and logged instead of going unnoticed.
public struct JSONLeniency: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: Int

    /// Creates options from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A string holding a JSON number (`"123"`, `"-1.5"`, nothing else)
    /// decodes into a number property (integers, floating point, `Decimal`),
    /// with the strict rules for that type; a number decodes into a `String`
    /// property as its shortest text (`42`, `1.5`; an integral `2.0` is `"2"`).
    /// Raw-value enums follow their raw type, and a `Date` property written as
    /// a number (``JSONAdapter/JSONAdapter/Configuration/DateFormat/secondsSince1970``,
    /// ``JSONAdapter/JSONAdapter/Configuration/DateFormat/millisecondsSince1970``)
    /// takes `"1372701600"` as it takes `1372701600`.
    public static let numberStringCoercion = JSONLeniency(rawValue: 1 << 0)

    /// The strings `"true"` and `"false"` and the integers `0` and `1`
    /// decode into a `Bool` property.
    public static let boolCoercion = JSONLeniency(rawValue: 1 << 1)

    /// An array (or set) element or a dictionary value that fails to decode
    /// is left out instead of failing the collection; so is a failing
    /// element of a top-level array of models.
    public static let lossyCollections = JSONLeniency(rawValue: 1 << 2)

    /// A property whose JSON value fails to decode — `null` for a
    /// non-optional, a value of the wrong type, an unknown enum raw value, a
    /// nested model that fails — keeps the value `init()` gave it.
    public static let defaultOnFailure = JSONLeniency(rawValue: 1 << 3)

    /// A JSON object where an array (or set) of models is expected decodes
    /// as an array of that one model, as ObjectMapper's and KakaJSON's array
    /// mapping take it: for a property, and for the top level of
    /// `models(of:…)` (the configuration's leniency). The object decodes as
    /// an element would; its errors name the object's own path.
    public static let singleObjectAsArray = JSONLeniency(rawValue: 1 << 4)

    /// Every leniency.
    public static let all: JSONLeniency = [.numberStringCoercion, .boolCoercion, .lossyCollections, .defaultOnFailure,
                                           .singleObjectAsArray]
}
