import Foundation
import JSONAdapter

/// Errors: each names the model, the property, the JSON key path, and what
/// was expected and found; a payload with several failures reports them all,
/// one line each, declared constraints included; nothing is half-decoded.
public enum ErrorsExample {
    struct Repository: JSONSerializing {
        var name = ""
        var stars = 0
        var ownerLogin = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name", "stars": "stargazers_count", "ownerLogin": "owner.login"]
        }

        /// Rules checked while decoding (and stated in the JSON Schema).
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            switch key {
            case "name": [.length(1...100)]
            case "stars": [.range(0...)]
            default: []
            }
        }
    }

    /// The lines the example prints.
    public static func run() -> [String] {
        let inputs = [
            #"{"name": "mantle", "stargazers_count": "many"}"#,
            #"{"name": "mantle", "owner": {"login": 42}}"#,
            #"{"name": "mantle", "stargazers_count": 1.5}"#,
            #"[{"name": "a"}, {"name": null}]"#,
            #"{"name": "mantle",}"#,
            #"{"name": "", "stargazers_count": -1, "owner": {"login": 42}}"#,
        ]
        return inputs.map { text in
            do {
                if text.hasPrefix("[") {
                    _ = try JSONAdapter.models(of: Repository.self, fromJSONData: Data(text.utf8))
                } else {
                    _ = try JSONAdapter.model(of: Repository.self, fromJSONData: Data(text.utf8))
                }
                return "decoded"
            } catch let error as JSONAdapterError {
                return "\(error.code): \(error)"
            } catch {
                return "\(error)"
            }
        }
    }
}
