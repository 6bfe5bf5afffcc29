// The plain twins of twitter.json's models (TwitterModels.swift): the same
// fields and types, `Codable` for JSONDecoder/JSONEncoder (with the snake-case
// key strategies) and `Hashable` with the compiler's synthesized `==` and
// `hash(into:)`, the reference for the models' own.
import Foundation

/// The plain twins of ``TwitterCorpus``'s models.
enum TwitterTwin {
    struct Search: Codable, Hashable {
        var statuses: [Status] = []
        var searchMetadata = SearchMetadata()
    }

    struct Status: Codable, Hashable {
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
    }

    /// ``Status`` less `retweeted_status`.
    struct RetweetedStatus: Codable, Hashable {
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
    }

    struct Metadata: Codable, Hashable {
        var resultType = TwitterResultType.recent
        var isoLanguageCode = TwitterLanguage.en
    }

    struct User: Codable, Hashable {
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
    }

    struct UserEntities: Codable, Hashable {
        var url: UserURL?
        var description = UserURL()
    }

    /// serde's `UserUrl` and `UserEntitiesDescription` (the same single field).
    struct UserURL: Codable, Hashable {
        var urls: [URLEntity] = []
    }

    /// serde's `Url`.
    struct URLEntity: Codable, Hashable {
        var url = ""
        var expandedUrl = ""
        var displayUrl = ""
        var indices: [Int] = []
    }

    struct StatusEntities: Codable, Hashable {
        var hashtags: [Hashtag] = []
        var symbols: [Int] = []
        var urls: [URLEntity] = []
        var userMentions: [UserMention] = []
        var media: [Media]?
    }

    struct Hashtag: Codable, Hashable {
        var text = ""
        var indices: [Int] = []
    }

    struct UserMention: Codable, Hashable {
        var screenName = ""
        var name = ""
        var id = 0
        var idStr = ""
        var indices: [Int] = []
    }

    struct Media: Codable, Hashable {
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
    }

    struct Sizes: Codable, Hashable {
        var medium = Size()
        var small = Size()
        var thumb = Size()
        var large = Size()
    }

    struct Size: Codable, Hashable {
        var w = 0
        var h = 0
        var resize = TwitterResize.fit
    }

    struct SearchMetadata: Codable, Hashable {
        var completedIn: Float = 0
        var maxId = 0
        var maxIdStr = ""
        var nextResults = ""
        var query = ""
        var refreshUrl = ""
        var count = 0
        var sinceId = 0
        var sinceIdStr = ""
    }
}
