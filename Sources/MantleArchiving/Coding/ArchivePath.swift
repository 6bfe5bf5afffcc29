import Foundation

/// Where a value sits in the model graph, for error messages
/// (`owner.tags[2]`, `byName["x"].count`). Built as a cheap linked list of
/// components that share their parents; rendered only when an error is thrown.
///
/// A path to an object deep in a chain (`next.next.next…`) is as long as the
/// chain, so nothing here recurses per component: rendering walks the list,
/// and releasing it unlinks the components one by one (see ``Component``).
struct ArchivePath: CustomStringConvertible {
    /// One step of a path, holding its parent.
    private final class Component {
        /// What the step is.
        enum Step {
            /// A property of the model at the parent path.
            case key(String)
            /// An element of an array or set.
            case index(Int)
            /// A value of a string-keyed dictionary.
            case dictionaryKey(String)
        }

        /// The path this step starts from (`nil`: the root model).
        var parent: Component?
        let step: Step

        init(parent: Component?, step: Step) {
            self.parent = parent
            self.step = step
        }

        /// Releases the parents this component alone holds one at a time: the
        /// default release would free a chain of a million components through
        /// a million nested calls.
        deinit {
            var next = parent.take()
            while var component = next {
                next = nil
                guard isKnownUniquelyReferenced(&component) else { break }
                next = component.parent.take()
            }
        }
    }

    /// The innermost step (`nil`: the root).
    private let last: Component?

    /// The root model.
    static var root: ArchivePath { ArchivePath(last: nil) }

    private init(last: Component?) {
        self.last = last
    }

    /// The path to the property `key` of the model here.
    func appending(key: String) -> ArchivePath { ArchivePath(last: Component(parent: last, step: .key(key))) }
    /// The path to element `index` of the collection here.
    func appending(index: Int) -> ArchivePath { ArchivePath(last: Component(parent: last, step: .index(index))) }
    /// The path to the value for `key` of the dictionary here.
    func appending(dictionaryKey: String) -> ArchivePath {
        ArchivePath(last: Component(parent: last, step: .dictionaryKey(dictionaryKey)))
    }

    /// The innermost property key, if any.
    var propertyKey: String? {
        var component = last
        while let current = component {
            if case .key(let key) = current.step { return key }
            component = current.parent
        }
        return nil
    }

    /// The most steps a rendered path shows: the first and last ones, with
    /// the count of those left out between them.
    static let renderedSteps = (leading: 8, trailing: 40)

    /// The dotted path, empty for the root. Very long paths (an object deep
    /// in a chain) keep their first and last steps: `next.next.….next.name`
    /// with the number of steps left out.
    var description: String {
        var steps: [Component.Step] = []
        var component = last
        while let current = component {
            steps.append(current.step)
            component = current.parent
        }
        steps.reverse()
        let (leading, trailing) = Self.renderedSteps
        var text = ""
        for (position, step) in steps.enumerated() {
            if steps.count > leading + trailing, position >= leading, position < steps.count - trailing {
                if position == leading { text += ".…(\(steps.count - leading - trailing) more steps)…" }
                continue
            }
            switch step {
            case .key(let key): text += position == 0 ? key : "." + key
            case .index(let index): text += "[\(index)]"
            case .dictionaryKey(let key): text += "[\(String(reflecting: key))]"
            }
        }
        return text
    }
}

extension ModelArchiverError {
    /// An error located at `path`.
    init(_ code: Code, at path: ArchivePath, modelTypeName: String? = nil,
         expected: String? = nil, found: String? = nil, detail: String? = nil) {
        let archivePath = path.description
        self.init(code: code, archivePath: archivePath.isEmpty ? nil : archivePath, propertyKey: path.propertyKey,
                  modelTypeName: modelTypeName, expected: expected, found: found, detail: detail)
    }
}
