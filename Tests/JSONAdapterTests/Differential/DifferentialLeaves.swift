//
//  DifferentialLeaves.swift
//  A value (a model, its Codable twin) as its leaves by path, each leaf as
//  text that tells apart what must stay apart (-0.0 and 0.0, Float and
//  Double digits, a Decimal's exact digits), for comparing values of
//  different types field by field.
//

import Foundation

extension Differential {
    /// What `JSONSerialization` loses before the dictionary path sees a value (the documented
    /// exceptions to "both paths agree"), applied to the leaves of the value it should give.
    struct SerializationLosses {
        /// How many leaves a loss changed.
        var count = 0

        /// `-0` is the integer 0 to it, so a `-0.0` (written `-0`, as JSONEncoder writes it)
        /// reads as `0.0`.
        mutating func number<F: BinaryFloatingPoint>(_ x: F) -> F {
            guard x == 0, x.sign == .minus else { return x }
            count += 1
            return 0
        }

        /// It reads a fraction written in 17 characters or fewer as a `Double` (on Linux; longer
        /// ones as a `Decimal`), so a `Decimal` of 16 or 17 significant digits comes back as the
        /// shortest text of that `Double` (`8723795.039889521` as `8723795.039889522`).
        mutating func decimal(_ x: Decimal) -> Decimal {
            let text = x.description
            guard text.count <= 17, text.contains("."), let double = Double(text),
                  let read = Decimal(string: "\(double)", locale: nil), read != x else { return x }
            count += 1
            return read
        }

        /// It drops a byte-order mark (U+FEFF) at the start of a string, a member name's too.
        mutating func string(_ text: String) -> String {
            guard text.unicodeScalars.first == "\u{FEFF}" else { return text }
            count += 1
            return String(text.unicodeScalars.dropFirst())
        }
    }

    /// The leaves of `value` by path (`geo.tags[1]`, `countsByName["a"]`); a set is one leaf,
    /// its elements' texts sorted. With `losses`, as the dictionary path must see them.
    static func leaves(_ value: Any, losses: UnsafeMutablePointer<SerializationLosses>? = nil) -> [String: String] {
        var result: [String: String] = [:]
        collectLeaves(value, path: "", into: &result, losses: losses)
        return result
    }

    /// The text of a leaf value, or `nil` when `value` has parts.
    private static func leafText(_ value: Any, losses: UnsafeMutablePointer<SerializationLosses>? = nil) -> String? {
        switch value {
        case let x as Double: return "Double \(losses?.pointee.number(x) ?? x)"
        case let x as Float: return "Float \(losses?.pointee.number(x) ?? x)"
        #if os(Linux) || os(Windows) || os(Android)
        case let x as Float16: return "Float16 \(losses?.pointee.number(x) ?? x)"
        #endif
        case let x as Bool: return "\(x)"
        case let x as any BinaryInteger: return "\(x)"
        case let x as String: return (losses?.pointee.string(x) ?? x).debugDescription
        case let x as Character: return (losses?.pointee.string(String(x)) ?? String(x)).debugDescription
        case let x as Decimal: return "Decimal \(losses?.pointee.decimal(x) ?? x)"
        case let x as URL: return "URL \(x.absoluteString)"
        case let x as UUID: return "UUID \(x.uuidString)"
        case let x as Date: return "Date \(x.timeIntervalSinceReferenceDate)"
        case let x as Data: return "Data \(x.base64EncodedString())"
        case let x as any RawRepresentable: return "case \(leafText(x.rawValue, losses: losses) ?? "\(x.rawValue)")"
        default: return nil
        }
    }

    private static func collectLeaves(_ value: Any, path: String, into result: inout [String: String],
                                      losses: UnsafeMutablePointer<SerializationLosses>?) {
        if let text = leafText(value, losses: losses) {
            result[path] = text
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first?.value {
                collectLeaves(wrapped, path: path, into: &result, losses: losses)
            } else {
                result[path] = "nil"
            }
        case .collection:
            if mirror.children.isEmpty { result[path] = "[]" }
            for (index, child) in mirror.children.enumerated() {
                collectLeaves(child.value, path: "\(path)[\(index)]", into: &result, losses: losses)
            }
        case .set:
            let elements = mirror.children.map { child in
                leaves(child.value, losses: losses).sorted { $0.key < $1.key }.map { "\($0.key)\($0.value)" }.joined(separator: ",")
            }
            result[path] = "{" + elements.sorted().joined(separator: ", ") + "}"
        case .dictionary:
            if mirror.children.isEmpty { result[path] = "[:]" }
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                // A member name is a string to JSONSerialization, whatever key it stands for.
                let key = leafText(pair[0].value, losses: pair[0].value is String ? losses : nil) ?? "\(pair[0].value)"
                collectLeaves(pair[1].value, path: "\(path)[\(key)]", into: &result, losses: losses)
            }
        default:
            if mirror.children.isEmpty { result[path] = "\(value)" }
            for child in mirror.children {
                let label = child.label ?? "?"
                collectLeaves(child.value, path: path.isEmpty ? label : "\(path).\(label)", into: &result, losses: losses)
            }
        }
    }

    /// The differences between two values' leaves (`path: ours ≠ theirs`) that `allowed` does
    /// not accept; `allowed` gets the path and both texts (`nil` for a leaf one side lacks).
    static func differences(_ ours: [String: String], _ theirs: [String: String],
                            allowed: (String, String?, String?) -> Bool = { _, _, _ in false }) -> [String] {
        var result: [String] = []
        for path in Set(ours.keys).union(theirs.keys).sorted() where ours[path] != theirs[path] {
            if allowed(path, ours[path], theirs[path]) { continue }
            result.append("\(path): \(ours[path] ?? "absent") ≠ \(theirs[path] ?? "absent")")
        }
        return result
    }
}
