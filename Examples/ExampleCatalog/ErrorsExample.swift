import Foundation
import JSONAdapter

/// Errors: each names the model, the property, the JSON key path, and what
/// was expected and found; nothing is half-decoded.
public enum ErrorsExample {
    struct Repository: JSONSerializing {
        var name = ""
        var stars = 0
        var ownerLogin = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name", "stars": "stargazers_count", "ownerLogin": "owner.login"]
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
