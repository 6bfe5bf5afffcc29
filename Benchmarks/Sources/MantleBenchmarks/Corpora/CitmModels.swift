// citm_catalog.json, every field: the library's models (`CitmCorpus`) and their
// plain `Codable, Hashable` twins (`CitmTwin`). Field for field the models of
// serde's json-benchmark (src/copy/citm_catalog.rs): maps keyed by numeric
// strings (`PrimStr<u32>` there) are `[Int: _]` (the JSON keys are parsed on
// both sides), ids are `Int` (u32/u64 there), a field that is always `null`
// (`()` there) is `String?`, the always-empty `blockIds` is `[Int]`.
import Foundation
import JSONAdapter

/// The library's models of citm_catalog.json; JSON keys are the property names.
enum CitmCorpus {
    struct Catalog: JSONSerializing {
        var areaNames: [Int: String] = [:]
        var audienceSubCategoryNames: [Int: String] = [:]
        var blockNames: [Int: String] = [:]
        var events: [Int: Event] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [Int: String] = [:]
        var subTopicNames: [Int: String] = [:]
        var subjectNames: [Int: String] = [:]
        var topicNames: [Int: String] = [:]
        var topicSubTopics: [Int: [Int]] = [:]
        var venueNames: [String: String] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Event: JSONSerializing {
        var description: String?
        var id = 0
        var logo: String?
        var name = ""
        var subTopicIds: [Int] = []
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Performance: JSONSerializing {
        var eventId = 0
        var id = 0
        var logo: String?
        var name: String?
        var prices: [Price] = []
        var seatCategories: [SeatCategory] = []
        var seatMapImage: String?
        var start = 0
        var venueCode = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Price: JSONSerializing {
        var amount = 0
        var audienceSubCategoryId = 0
        var seatCategoryId = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct SeatCategory: JSONSerializing {
        var areas: [Area] = []
        var seatCategoryId = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Area: JSONSerializing {
        var areaId = 0
        var blockIds: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}

/// The plain twins of ``CitmCorpus``'s models: the same fields and types, with
/// synthesized `Codable` and `Hashable` conformances.
enum CitmTwin {
    struct Catalog: Codable, Hashable {
        var areaNames: [Int: String] = [:]
        var audienceSubCategoryNames: [Int: String] = [:]
        var blockNames: [Int: String] = [:]
        var events: [Int: Event] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [Int: String] = [:]
        var subTopicNames: [Int: String] = [:]
        var subjectNames: [Int: String] = [:]
        var topicNames: [Int: String] = [:]
        var topicSubTopics: [Int: [Int]] = [:]
        var venueNames: [String: String] = [:]
    }

    struct Event: Codable, Hashable {
        var description: String?
        var id = 0
        var logo: String?
        var name = ""
        var subTopicIds: [Int] = []
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int] = []
    }

    struct Performance: Codable, Hashable {
        var eventId = 0
        var id = 0
        var logo: String?
        var name: String?
        var prices: [Price] = []
        var seatCategories: [SeatCategory] = []
        var seatMapImage: String?
        var start = 0
        var venueCode = ""
    }

    struct Price: Codable, Hashable {
        var amount = 0
        var audienceSubCategoryId = 0
        var seatCategoryId = 0
    }

    struct SeatCategory: Codable, Hashable {
        var areas: [Area] = []
        var seatCategoryId = 0
    }

    struct Area: Codable, Hashable {
        var areaId = 0
        var blockIds: [Int] = []
    }
}
