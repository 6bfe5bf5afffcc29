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
        switch self {
        case .root: return nil
        case .key(_, let key): return key
        case .index(let parent, _), .dictionaryKey(let parent, _): return parent.propertyKey
        }
    }

    /// The dotted path, empty for the root.
    var description: String {
        switch self {
        case .root: return ""
        case .key(let parent, let key):
            let prefix = parent.description
            return prefix.isEmpty ? key : prefix + "." + key
        case .index(let parent, let index):
            return parent.description + "[\(index)]"
        case .dictionaryKey(let parent, let key):
            return parent.description + "[\(String(reflecting: key))]"
        }
    }
}

extension ArchiveError {
    /// An error located at `path`.
    init(_ code: Code, at path: ArchivePath, modelTypeName: String? = nil,
         valueTypeName: String? = nil, detail: String = "") {
        self.init(code: code, keyPath: path.description, propertyKey: path.propertyKey,
                  modelTypeName: modelTypeName, valueTypeName: valueTypeName, detail: detail)
    }
}
