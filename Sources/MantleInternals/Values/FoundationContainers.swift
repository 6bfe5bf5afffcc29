import Foundation

/// Reading Foundation's `NSArray` and `NSDictionary` without bridging them
/// whole: shared by the JSON adapter (native values, the writer), archiving
/// and descriptions.
package enum FoundationContainers {
    /// The elements of `array`, nested arrays and dictionaries as the objects
    /// they are.
    ///
    /// swift-corelibs-foundation bridges every element it hands out
    /// (`object(at:)`, iteration), and bridging a nested `NSArray` or
    /// `NSDictionary` converts all of it at once — without end for one that
    /// contains itself. Its mirror shows the stored objects unconverted, so
    /// containers are taken from there and only other elements are fetched
    /// (bridged). Darwin bridges lazily and iterates directly.
    package static func elements(of array: NSArray) -> [Any] {
        #if !canImport(Darwin)
        let stored = Mirror(reflecting: array).children.map(\.value)
        if stored.count == array.count, stored.allSatisfy({ type(of: $0) is AnyObject.Type }) {
            return stored.indices.map { index in
                isContainer(stored[index]) ? stored[index] : array.object(at: index)
            }
        }
        #endif
        return array.map { $0 }
    }

    /// The members of `dictionary`,
    /// nested arrays and dictionaries as the objects they are (see ``elements(of:)``).
    package static func members(of dictionary: NSDictionary) -> [(key: Any, value: Any)] {
        #if !canImport(Darwin)
        let stored = Mirror(reflecting: dictionary).children.compactMap { $0.value as? (key: NSObject, value: AnyObject) }
        if stored.count == dictionary.count {
            return stored.map { member in
                let value: Any = isContainer(member.value) ? member.value : dictionary.object(forKey: member.key) ?? NSNull()
                return (member.key, value)
            }
        }
        #endif
        return dictionary.map { ($0.key, $0.value) }
    }

    /// The elements of `value` when it is an array — a Swift array of any
    /// element type or an `NSArray` (read with ``elements(of:)``, never
    /// bridged whole) — else `nil`.
    package static func arrayElements(of value: Any) -> [Any]? {
        if type(of: value) is AnyObject.Type {
            guard let array = value as? NSArray else { return nil }
            return elements(of: array)
        }
        if let array = value as? [Any] { return array }
        return (value as? any ArrayRepresentable)?.anyElements
    }

    /// The members of `value` when it is a dictionary with string keys — a
    /// Swift `[String: _]` or an `NSDictionary` whose keys are all strings
    /// (read with ``members(of:)``, never bridged whole) — else `nil`.
    package static func stringKeyedMembers(of value: Any) -> [String: Any]? {
        if type(of: value) is AnyObject.Type {
            guard let dictionary = value as? NSDictionary else { return nil }
            var result = [String: Any](minimumCapacity: dictionary.count)
            for (key, member) in members(of: dictionary) {
                guard let key = string(key) else { return nil }
                result[key] = member
            }
            return result
        }
        if let dictionary = value as? [String: Any] { return dictionary }
        return (value as? any StringKeyedDictionaryRepresentable)?.anyMembers
    }

    /// `true` for an `NSArray` or `NSDictionary` (tested on class instances only).
    package static func isContainer(_ value: Any) -> Bool {
        guard type(of: value) is AnyObject.Type else { return false }
        return value is NSArray || value is NSDictionary
    }

    /// A dictionary key as a Swift string, or `nil` when it is not a string.
    package static func string(_ key: Any) -> String? {
        if let string = key as? String { return string }
        if type(of: key) is AnyObject.Type, let string = key as? NSString { return String(describing: string) }
        return nil
    }
}
