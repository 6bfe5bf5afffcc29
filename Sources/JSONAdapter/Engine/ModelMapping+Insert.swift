import Foundation
import MantleInternals

extension ModelMapping {
    /// Sets `value` at a key path (unescaped keys), creating the objects on the way.
    ///
    /// When two properties write to the same place (`user` and `user.login`),
    /// a `nil` (`NSNull`) never replaces what the other wrote: a `nil` user
    /// with a `nil` `user.login` writes `"user": null`, and a user with a
    /// `nil` `reporterLogin` keeps the user's login, so that the JSON decodes
    /// back to the same model.
    ///
    /// A key made of digits (`data.1.name`) is written as an object member
    /// named by its digits, which decoding reads back (a digit key reads an
    /// object's member as well as an array's element) — unless another
    /// property has written an array there, whose element at that index it
    /// then sets. An index past that array's end throws (unless the value is
    /// `nil`, which needs no place): padding the array would change the other
    /// property's value.
    static func insert(_ value: Any, at path: ArraySlice<String>,
                       into dictionary: inout [String: Any]) throws(ValueFailure) {
        guard let first = path.first else { return }
        if path.count == 1 {
            if ValueConversion.isNull(value), dictionary[first] != nil { return }
            dictionary[first] = value
            return
        }
        let existing = dictionary[first]
        if let existing, ValueConversion.isNull(existing), ValueConversion.isNull(value) { return }
        dictionary[first] = try inserting(value, at: path.dropFirst(), into: existing)
    }

    /// `container` (what is written at the place so far, or `nil`) with
    /// `value` set at `path` inside it.
    private static func inserting(_ value: Any, at path: ArraySlice<String>,
                                  into container: Any?) throws(ValueFailure) -> Any {
        guard let key = path.first else { return value }
        if let container, let position = ParsedKeyPath.arrayIndex(of: key), var array = FoundationContainers.arrayElements(of: container) {
            guard position < array.count else {
                if ValueConversion.isNull(value) { return container }
                throw ValueFailure(detail: "cannot write at index \(position) of an array of \(array.count) "
                                       + "written by another property")
            }
            if path.count == 1 {
                if !ValueConversion.isNull(value) { array[position] = value }
                return array
            }
            let element = array[position]
            if ValueConversion.isNull(element), ValueConversion.isNull(value) { return array }
            array[position] = try inserting(value, at: path.dropFirst(), into: element)
            return array
        }
        var nested = container.flatMap { $0 as? [String: Any] } ?? [:]
        try insert(value, at: path, into: &nested)
        return nested
    }
}
