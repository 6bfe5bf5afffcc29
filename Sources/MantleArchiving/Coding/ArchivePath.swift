import Foundation

/// Where a value sits in the model graph, for error messages
/// (`owner.tags[2]`, `byName["x"].count`). Built as a cheap linked list;
/// rendered only when an error is thrown.
indirect enum ArchivePath: CustomStringConvertible {
    /// The root model.
    case root
    /// A property of the model at the parent path.
    case key(ArchivePath, String)
    /// An element of an array or set.
    case index(ArchivePath, Int)
    /// A value of a string-keyed dictionary.
    case dictionaryKey(ArchivePath, String)

    /// The path to the property `key` of the model here.
    func appending(key: String) -> ArchivePath { .key(self, key) }
    /// The path to element `index` of the collection here.
    func appending(index: Int) -> ArchivePath { .index(self, index) }
    /// The path to the value for `key` of the dictionary here.
    func appending(dictionaryKey: String) -> ArchivePath { .dictionaryKey(self, dictionaryKey) }

    /// The innermost property key, if any.
    var propertyKey: String? {
        var path = self
        while true {
            switch path {
            case .root: return nil
            case .key(_, let key): return key
            case .index(let parent, _), .dictionaryKey(let parent, _): path = parent
            }
        }
    }

    /// The dotted path, empty for the root. Iterative: a path can be as deep
    /// as the deepest archive, and is rendered when the stack is already low.
    var description: String {
        var parts: [String] = []
        var path = self
        loop: while true {
            switch path {
            case .root: break loop
            case .key(let parent, let key):
                parts.append(parent.isRoot ? key : "." + key)
                path = parent
            case .index(let parent, let index):
                parts.append("[\(index)]")
                path = parent
            case .dictionaryKey(let parent, let key):
                parts.append("[\(String(reflecting: key))]")
                path = parent
            }
        }
        return parts.reversed().joined()
    }

    /// `true` for the root.
    private var isRoot: Bool {
        if case .root = self { return true }
        return false
    }
}

extension ArchiveError {
    /// An error located at `path`.
    init(_ code: Code, at path: ArchivePath, modelTypeName: String? = nil,
         expected: String? = nil, found: String? = nil, detail: String? = nil) {
        let archivePath = path.description
        self.init(code: code, archivePath: archivePath.isEmpty ? nil : archivePath, propertyKey: path.propertyKey,
                  modelTypeName: modelTypeName, expected: expected, found: found, detail: detail)
    }
}
