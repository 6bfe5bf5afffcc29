import Foundation

/// Whether an encoding holds every key and value of its input: the check that
/// a corpus's models are full (a field a model left out would be missing).
enum JSONEquivalence {
    /// The key path of the first difference between `input` and `output`
    /// (both `JSONSerialization` objects), or `nil` when they agree: every key
    /// of an input object is in the output object with an equivalent value,
    /// and a key only in the output is `null` (an optional field the input
    /// leaves out). Numbers agree when their text or their `Double` values do,
    /// or their `Float` values do (coordinates are `Float`, as in serde's models).
    static func difference(input: Any, output: Any, path: String = "$") -> String? {
        if let inputObject = input as? [String: Any] {
            guard let outputObject = output as? [String: Any] else { return path }
            for (key, value) in inputObject {
                guard let other = outputObject[key] else { return "\(path).\(key) (missing)" }
                if let difference = difference(input: value, output: other, path: "\(path).\(key)") { return difference }
            }
            for (key, value) in outputObject where inputObject[key] == nil && !(value is NSNull) {
                return "\(path).\(key) (not in the input)"
            }
            return nil
        }
        if let inputArray = input as? [Any] {
            guard let outputArray = output as? [Any], outputArray.count == inputArray.count else { return path }
            for (index, (value, other)) in zip(inputArray, outputArray).enumerated() {
                if let difference = difference(input: value, output: other, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        }
        if input is NSNull { return output is NSNull ? nil : path }
        if let string = input as? String { return output as? String == string ? nil : path }
        if let number = input as? NSNumber, let other = output as? NSNumber {
            let same = number.stringValue == other.stringValue || number.doubleValue == other.doubleValue
                || Float(number.doubleValue) == Float(other.doubleValue)
            return same ? nil : "\(path) (\(number) against \(other))"
        }
        return path
    }
}
