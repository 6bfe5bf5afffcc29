import Foundation
import JSONAdapter

/// Transformers: Twitter's date format attached to one property, a typed
/// closure for another, and a value mapping for an enum-like string.
public enum TransformersExample {
    struct Tweet: JSONSerializing {
        var id = 0
        var text = ""
        var createdAt: Date?
        var retweets = 0
        var language = Language.unknown

        enum Language: Equatable { case english, french, unknown }

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            jsonKeyPaths(converting: .snakeCase, overriding: ["retweets": "retweet_count", "language": "lang"])
        }

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "createdAt": return .date(format: "EEE MMM dd HH:mm:ss Z yyyy")
            case "language":
                return .valueMapping(["en": Language.english, "fr": Language.french],
                                     defaultValue: Language.unknown, reverseDefaultValue: "und")
            default: return nil
            }
        }
    }

    /// The lines the example prints.
    public static func run() throws -> [String] {
        let json = Data(#"""
            {"id": 505874924095815681, "text": "Swift on Linux", "created_at": "Sun Aug 31 00:29:15 +0000 2014",
             "retweet_count": 3, "lang": "fr"}
            """#.utf8)
        let tweet = try JSONAdapter.model(of: Tweet.self, fromJSONData: json)
        let back = try JSONAdapter.jsonDictionary(from: tweet)
        return [
            "tweet \(tweet.id): \(tweet.text)",
            "created \(tweet.createdAt.map { ISO8601DateFormatter().string(from: $0) } ?? "-")",
            "language \(tweet.language), \(tweet.retweets) retweets",
            "created_at back: \(back["created_at"] as? String ?? "-"), lang back: \(back["lang"] as? String ?? "-")",
        ]
    }
}
