import JSONAdapter

/// Class clusters: `classForParsing(jsonDictionary:)` picks the subclass that
/// decodes each message; each subclass encodes with its own mapping.
public enum ClassClustersExample {
    class Message: JSONSerializing {
        var id = 0
        var kind = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "kind": "type"] }
        class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            switch jsonDictionary["type"] as? String {
            case "text": return TextMessage.self
            case "picture": return PictureMessage.self
            default: return nil   // decoding throws .noClassFound
            }
        }
    }

    final class TextMessage: Message {
        var body = ""
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["body": "body"])
        }
    }

    final class PictureMessage: Message {
        var imageURL: URL?
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["imageURL": "image_url"])
        }
    }

    /// The lines the example prints.
    public static func run() throws -> [String] {
        let json = Data(#"""
            [{"id": 1, "type": "text", "body": "Hello"},
             {"id": 2, "type": "picture", "image_url": "https://example.com/cat.png"}]
            """#.utf8)
        var lines: [String] = []
        for message in try JSONAdapter.models(of: Message.self, fromJSONData: json) {
            switch message {
            case let text as TextMessage: lines.append("#\(text.id) text: \(text.body)")
            case let picture as PictureMessage: lines.append("#\(picture.id) picture: \(picture.imageURL?.absoluteString ?? "-")")
            default: lines.append("#\(message.id) unknown")
            }
        }
        do {
            _ = try JSONAdapter.model(of: Message.self, fromJSONData: Data(#"{"id": 3, "type": "video"}"#.utf8))
        } catch let error as JSONAdapterError {
            lines.append("video: \(error.code)")
        }
        let encoded = try JSONAdapter.jsonData(from: TextMessage(dictionary: ["id": 4, "kind": "text", "body": "Hi"]))
        lines.append(String(decoding: encoded, as: UTF8.self))
        return lines
    }
}

import Foundation
