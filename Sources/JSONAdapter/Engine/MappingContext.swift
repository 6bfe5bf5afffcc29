import Foundation
import MantleInternals

/// The choices that shape compiled mappings (``JSONAdapter/Configuration``)
/// together with the mappings compiled under them.
///
/// Every configuration value owns one context, so mappings compiled for one
/// adapter's date format or key conversion are never seen by another: two
/// adapters used from concurrent tasks share nothing but the process-wide
/// per-type transformer registry, which both read. The process-wide default
/// is ``standard``.
final class MappingContext: Sendable {
    /// The default: ISO 8601 dates, the mappings' keys as written, the
    /// process-wide transformers only.
    static let standard = MappingContext(JSONAdapter.Configuration.Settings())

    let settings: JSONAdapter.Configuration.Settings
    /// The mappings compiled under them, by model type.
    let mappings = TypeCache<ModelMapping>()
    /// The codec for `Date` properties without a transformer.
    let dateCodec: JSONValueCodec<Date>

    /// A context with no mappings compiled yet.
    init(_ settings: JSONAdapter.Configuration.Settings) {
        self.settings = settings
        switch settings.dateFormat {
        case .iso8601: dateCodec = DateCodec()
        case .pattern(let pattern, let locale, let timeZone):
            dateCodec = TransformerCodec(JSONValueTransformer.date(format: pattern, locale: locale, timeZone: timeZone))
        case .secondsSince1970: dateCodec = TransformerCodec(.secondsSince1970(scale: 1))
        case .millisecondsSince1970: dateCodec = TransformerCodec(.secondsSince1970(scale: 1000))
        }
    }

    /// The transformer this context gives properties of exactly `type`: its
    /// own first, then the process-wide registry's.
    func transformer(for type: Any.Type) -> JSONValueTransformer? {
        settings.transformersByType[ObjectIdentifier(type)]
            ?? TypeTransformerRegistry.shared.withLock { $0.transformer(for: type) }
    }
}

/// A compiled mapping's (or nested-model codec's) link back to the context it
/// was compiled in. Weak, because the context's cache holds the mapping: a
/// strong link would be a cycle that kept every configuration's mappings
/// alive for ever.
struct MappingContextLink: @unchecked Sendable {
    // @unchecked Sendable: `context` is written once, in `init`, and only read after.

    /// The context, while something holds it.
    private weak var context: MappingContext?

    init(_ context: MappingContext) {
        self.context = context
    }

    /// The context. While a call decodes or encodes, its caller holds the
    /// configuration or adapter that owns the context (or it is
    /// ``MappingContext/standard``), so it is alive; were it not, this throws
    /// rather than guessing another context's choices.
    func resolve() throws(JSONAdapterError) -> MappingContext {
        guard let context else {
            throw JSONAdapterError(code: .invalidJSONMapping,
                                   detail: "the configuration this mapping was compiled with no longer exists")
        }
        return context
    }
}

extension JSONValueTransformer {
    /// JSON numbers of seconds (`scale` 1) or milliseconds (1000) since
    /// 1970 ↔ `Date`, exactly as the number says (fractions kept).
    static func secondsSince1970(scale: Double) -> JSONValueTransformer {
        JSONValueTransformer(forward: { (seconds: Double) -> Date in
            Date(timeIntervalSince1970: seconds / scale)
        }, reverse: { (date: Date) -> Double in
            date.timeIntervalSince1970 * scale
        })
    }
}
