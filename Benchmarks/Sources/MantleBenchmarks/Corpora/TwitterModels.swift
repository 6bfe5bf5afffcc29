// twitter.json, every field: the library's models (`TwitterCorpus`) and their
// plain `Codable, Hashable` twins (`TwitterTwin`, for JSONDecoder/JSONEncoder
// and the synthesized `==`/`hash`). Field for field the models of serde's
// json-benchmark (src/copy/twitter.rs), with Swift types where Rust's have no
// counterpart: ids are `Int` (u64/u32 there), the `*_str` ids and colours stay
// `String` (serde parses them into integers), `indices` is `[Int]` (a `(u8, u8)`
// tuple there), a field that is always `null` (`()` there) is `String?`, the
// always-empty `symbols` is `[Int]`. A Swift struct cannot hold itself, so
// `retweeted_status` (`Option<Box<Status>>` there) is a `RetweetedStatus`: the
// same fields less `retweeted_status`, which no retweeted status in the file has.
import Foundation
import JSONAdapter

/// The language codes of the file (serde's `LanguageCode`).
enum TwitterLanguage: String, Codable, Hashable {
    case cn = "zh-cn", en, es, it, ja, zh
}

/// serde's `ResultType`.
enum TwitterResultType: String, Codable, Hashable {
    case recent
}

/// serde's `Resize`.
enum TwitterResize: String, Codable, Hashable {
    case fit, crop
}

/// The library's models of twitter.json; JSON keys are the snake-case property names.
enum TwitterCorpus {
    struct Search: JSONSerializing {
        var statuses: [Status] = []
        var searchMetadata = SearchMetadata()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct Status: JSONSerializing {
        var metadata = Metadata()
        var createdAt = ""
        var id = 0
        var idStr = ""
        var text = ""
        var source = ""
        var truncated = false
        var inReplyToStatusId: Int?
        var inReplyToStatusIdStr: String?
        var inReplyToUserId: Int?
        var inReplyToUserIdStr: String?
        var inReplyToScreenName: String?
        var user = User()
        var geo: String?
        var coordinates: String?
        var place: String?
        var contributors: String?
        var retweetedStatus: RetweetedStatus?
        var retweetCount = 0
        var favoriteCount = 0
        var entities = StatusEntities()
        var favorited = false
        var retweeted = false
        var possiblySensitive: Bool?
        var lang = TwitterLanguage.en
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    /// ``Status`` less `retweeted_status`.
    struct RetweetedStatus: JSONSerializing {
        var metadata = Metadata()
        var createdAt = ""
        var id = 0
        var idStr = ""
        var text = ""
        var source = ""
        var truncated = false
        var inReplyToStatusId: Int?
        var inReplyToStatusIdStr: String?
        var inReplyToUserId: Int?
        var inReplyToUserIdStr: String?
        var inReplyToScreenName: String?
        var user = User()
        var geo: String?
        var coordinates: String?
        var place: String?
        var contributors: String?
        var retweetCount = 0
        var favoriteCount = 0
        var entities = StatusEntities()
        var favorited = false
        var retweeted = false
        var possiblySensitive: Bool?
        var lang = TwitterLanguage.en
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct Metadata: JSONSerializing {
        var resultType = TwitterResultType.recent
        var isoLanguageCode = TwitterLanguage.en
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct User: JSONSerializing {
        var id = 0
        var idStr = ""
        var name = ""
        var screenName = ""
        var location = ""
        var description = ""
        var url: String?
        var entities = UserEntities()
        var protected = false
        var followersCount = 0
        var friendsCount = 0
        var listedCount = 0
        var createdAt = ""
        var favouritesCount = 0
        var utcOffset: Int?
        var timeZone: String?
        var geoEnabled = false
        var verified = false
        var statusesCount = 0
        var lang = TwitterLanguage.en
        var contributorsEnabled = false
        var isTranslator = false
        var isTranslationEnabled = false
        var profileBackgroundColor = ""
        var profileBackgroundImageUrl = ""
        var profileBackgroundImageUrlHttps = ""
        var profileBackgroundTile = false
        var profileImageUrl = ""
        var profileImageUrlHttps = ""
        var profileBannerUrl: String?
        var profileLinkColor = ""
        var profileSidebarBorderColor = ""
        var profileSidebarFillColor = ""
        var profileTextColor = ""
        var profileUseBackgroundImage = false
        var defaultProfile = false
        var defaultProfileImage = false
        var following = false
        var followRequestSent = false
        var notifications = false
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct UserEntities: JSONSerializing {
        var url: UserURL?
        var description = UserURL()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// serde's `UserUrl` and `UserEntitiesDescription` (the same single field).
    struct UserURL: JSONSerializing {
        var urls: [URLEntity] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// serde's `Url`.
    struct URLEntity: JSONSerializing {
        var url = ""
        var expandedUrl = ""
        var displayUrl = ""
        var indices: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct StatusEntities: JSONSerializing {
        var hashtags: [Hashtag] = []
        var symbols: [Int] = []
        var urls: [URLEntity] = []
        var userMentions: [UserMention] = []
        var media: [Media]?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct Hashtag: JSONSerializing {
        var text = ""
        var indices: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct UserMention: JSONSerializing {
        var screenName = ""
        var name = ""
        var id = 0
        var idStr = ""
        var indices: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct Media: JSONSerializing {
        var id = 0
        var idStr = ""
        var indices: [Int] = []
        var mediaUrl = ""
        var mediaUrlHttps = ""
        var url = ""
        var displayUrl = ""
        var expandedUrl = ""
        var type = ""
        var sizes = Sizes()
        var sourceStatusId: Int?
        var sourceStatusIdStr: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    struct Sizes: JSONSerializing {
        var medium = Size()
        var small = Size()
        var thumb = Size()
        var large = Size()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Size: JSONSerializing {
        var w = 0
        var h = 0
        var resize = TwitterResize.fit
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct SearchMetadata: JSONSerializing {
        var completedIn: Float = 0
        var maxId = 0
        var maxIdStr = ""
        var nextResults = ""
        var query = ""
        var refreshUrl = ""
        var count = 0
        var sinceId = 0
        var sinceIdStr = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }
}
