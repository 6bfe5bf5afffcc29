import Foundation

/// The names model types are archived under.
enum ArchiveTypeName {
    /// `String(reflecting: type)` with the process-specific part of private
    /// and local types removed: `App.(unknown context at $10a3c).Secret`
    /// becomes `App.(unknown context).Secret`, which is stable across runs.
    static func of(_ type: Any.Type) -> String {
        normalized(String(reflecting: type))
    }

    /// `name` without the addresses in `(unknown context at $…)` segments.
    static func normalized(_ name: String) -> String {
        let marker = "(unknown context at $"
        guard name.contains(marker) else { return name }
        var result = ""
        var rest = Substring(name)
        while let range = rest.range(of: marker) {
            result += rest[..<range.lowerBound]
            result += "(unknown context)"
            rest = rest[range.upperBound...]
            if let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
        }
        return result + rest
    }
}
