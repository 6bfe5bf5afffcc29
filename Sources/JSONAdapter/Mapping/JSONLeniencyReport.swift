import Foundation
import MantleInternals

/// Every leniency a decode applied (see ``JSONLeniency``), in the order the
/// JSON was read, as a ``Recorder`` passed in the call's
/// ``JSONAdapter/JSONAdapter/DecodingOptions/leniencyRecorder`` receives it.
///
/// Both decoding paths (JSON text and `JSONSerialization` dictionaries) give
/// the same entries for the same JSON, with two exceptions of form: the
/// dictionary path lists the members of a JSON object decoded into a
/// dictionary property in `[String: Any]`'s order, and `found` shows a
/// number as each path holds it (`1.50` as written in the text, `1.5` from
/// `JSONSerialization`). Leniency applied inside a value that was then
/// dropped (an element skipped, a property given its default) is not
/// listed; the drop is.
public struct JSONLeniencyReport: Sendable, Hashable, CustomStringConvertible {
    /// One leniency applied.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// What decoding did instead of failing.
        public enum Action: Sendable, Hashable, CustomStringConvertible {
            /// The value was converted to the named type
            /// (``JSONLeniency/numberStringCoercion``, ``JSONLeniency/boolCoercion``).
            case coerced(toType: String)
            /// The array element or dictionary value was left out
            /// (``JSONLeniency/lossyCollections``).
            case skipped
            /// The property kept its default value (``JSONLeniency/defaultOnFailure``).
            case usedDefault

            /// `coerced to Int`, `skipped`, `used the default`.
            public var description: String {
                switch self {
                case .coerced(let type): return "coerced to \(type)"
                case .skipped: return "skipped"
                case .usedDefault: return "used the default"
                }
            }
        }

        /// The model type whose property it concerns (the innermost one), if any;
        /// `nil` for an element of a top-level array only.
        public var modelTypeName: String?
        /// The key of that property, or `nil` for an element of a top-level array.
        public var propertyKey: String?
        /// Where in the JSON, from the top level, dotted, with `[i]` for array
        /// elements (`"[3].labels[1].name"`).
        public var jsonKeyPath: String
        /// What the JSON held there (`string "42"`, `null`, `object`).
        public var found: String
        /// What was done.
        public var action: Action
        /// Why the value could not be taken as it was, for skipped elements and
        /// defaults (`expected String, found number 42 at "login"`); `nil` for coercions.
        public var reason: String?

        /// Creates an entry.
        public init(modelTypeName: String?, propertyKey: String?, jsonKeyPath: String, found: String,
                    action: Action, reason: String? = nil) {
            self.modelTypeName = modelTypeName
            self.propertyKey = propertyKey
            self.jsonKeyPath = jsonKeyPath
            self.found = found
            self.action = action
            self.reason = reason
        }

        /// `GHIssue.number → "[2].number": found string "42", coerced to Int`.
        public var description: String {
            let subject = ErrorMessage(modelTypeName: modelTypeName, propertyKey: propertyKey, location: jsonKeyPath).subject
            let detail = reason.map { " (\($0))" } ?? ""
            return "\(subject): found \(found), \(action)\(detail)"
        }
    }

    /// The leniencies applied, in the order the JSON was read.
    public var entries: [Entry]

    /// A report of `entries`.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// `true` when the JSON needed no leniency.
    public var isEmpty: Bool { entries.isEmpty }

    /// One entry per line.
    public var description: String {
        entries.isEmpty ? "no leniency applied" : entries.map(\.description).joined(separator: "\n")
    }
}
