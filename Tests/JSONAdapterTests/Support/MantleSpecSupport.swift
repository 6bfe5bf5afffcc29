//
//  MantleSpecSupport.swift
//  Helpers shared by the ports of Mantle's JSON specs (MTLJSONAdapterSpec,
//  MTLValueTransformerSpec, MTLValueTransformerInversionAdditionsSpec,
//  MTLPredefinedTransformerAdditionsSpec).
//
//  Everything lives in the `MantleSpec` namespace.
//

import Foundation
import Testing
import JSONAdapter
import MantleTestSupport

enum MantleSpec {

    /// The Swift counterpart of Mantle's shared example `MTLTransformerErrorExamples`:
    /// transforming `invalidInput` (and reverse transforming `invalidReverseInput`
    /// if the transformer is reversible) throws a `TransformerError` with code
    /// `.invalidInput` whose `inputValue` is the offending value.
    static func expectTransformerErrors(
        _ transformer: JSONValueTransformer,
        invalidInput: Any,
        invalidReverseInput: Any,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // it(@"should return errors occurring during transformation")
        let forward = caught(TransformerError.self, sourceLocation: sourceLocation) {
            _ = try transformer.transformedValue(invalidInput)
        }
        #expect(forward?.code == .invalidInput, sourceLocation: sourceLocation)
        #expect(forward.map { jsonEqual($0.inputValue, invalidInput) } == true, sourceLocation: sourceLocation)

        // it(@"should return errors occurring during reverse transformation")
        guard transformer.allowsReverseTransformation else { return }
        let reverse = caught(TransformerError.self, sourceLocation: sourceLocation) {
            _ = try transformer.reverseTransformedValue(invalidReverseInput)
        }
        #expect(reverse?.code == .invalidInput, sourceLocation: sourceLocation)
        #expect(reverse.map { jsonEqual($0.inputValue, invalidReverseInput) } == true, sourceLocation: sourceLocation)
    }

    // MARK: Comparing JSON values

    /// Unwraps any level of `Optional` hidden inside an `Any`.
    static func flattened(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let child = mirror.children.first else { return nil }
            return flattened(child.value)
        }
        return value
    }

    /// Numeric value of a JSON number (Swift integer / floating point types,
    /// Bool, or NSNumber), compared by value like `-[NSNumber isEqual:]`.
    static func numericValue(_ value: Any) -> Double? {
        switch value {
        case let v as Int: return Double(v)
        case let v as Int8: return Double(v)
        case let v as Int16: return Double(v)
        case let v as Int32: return Double(v)
        case let v as Int64: return Double(v)
        case let v as UInt: return Double(v)
        case let v as UInt8: return Double(v)
        case let v as UInt16: return Double(v)
        case let v as UInt32: return Double(v)
        case let v as UInt64: return Double(v)
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as NSNumber: return v.doubleValue
        case let v as Bool: return v ? 1 : 0
        default: return nil
        }
    }

    private static func dictionary(_ value: Any) -> [String: Any]? {
        if let d = value as? [String: Any] { return d }
        if let d = value as? NSDictionary {
            var result: [String: Any] = [:]
            for (key, element) in d {
                guard let key = key as? String else { return nil }
                result[key] = element
            }
            return result
        }
        return nil
    }

    private static func array(_ value: Any) -> [Any]? {
        if value is String { return nil }
        if let a = value as? [Any] { return a }
        if let a = value as? NSArray { return a.map { $0 } }
        return nil
    }

    /// Deep equality of JSON-like values, with the semantics of `-[NSDictionary isEqual:]`
    /// as used by Mantle's specs: NSNull equals only NSNull, numbers compare by value,
    /// dictionaries and arrays compare element-wise, anything else compares through
    /// `AnyHashable` (URL, UUID, Date, models, ...). A nil on one side equals only nil.
    static func jsonEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
        let l = flattened(lhs), r = flattened(rhs)
        guard let l, let r else { return l == nil && r == nil }

        if l is NSNull || r is NSNull { return l is NSNull && r is NSNull }

        if let ls = l as? String {
            guard let rs = r as? String else { return false }
            return ls == rs
        }
        if r is String { return false }

        if let ld = dictionary(l) {
            guard let rd = dictionary(r), ld.count == rd.count else { return false }
            for (key, value) in ld {
                guard let other = rd[key], jsonEqual(value, other) else { return false }
            }
            return true
        }
        if let la = array(l) {
            guard let ra = array(r), la.count == ra.count else { return false }
            return zip(la, ra).allSatisfy { jsonEqual($0, $1) }
        }
        if let ln = numericValue(l) {
            guard let rn = numericValue(r) else { return false }
            return ln == rn
        }
        if let lh = l as? AnyHashable, let rh = r as? AnyHashable {
            return lh == rh
        }
        return false
    }
}
