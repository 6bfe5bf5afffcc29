//
//  RoundTripDifferences.swift
//  The round-trip oracle shared by the mutation-fuzz tests and the libFuzzer
//  target (Fuzz/run.sh compiles this file into the fuzzer too).
//

import Foundation
@testable import JSONAdapter

// MARK: - Round-trip differences

/// Classifies the differences between a decoded model and its encode/decode
/// round trip (also used by the libFuzzer target in Fuzz/).
///
/// Accepted: a property whose key path overlaps another's (GHIssue's
/// `reporterLogin` = "user.login" and `user`) being nil on one side — a user
/// object without "login" gives login "" and reporterLogin nil, which no JSON
/// gives back — ("overlap"), and Dates differing by less than half a
/// millisecond, the precision they are written with ("date<1ms").
enum RoundTripDifferences {
    /// Keys of `type` whose JSON key path overlaps another mapped key's.
    static func overlappingKeys(_ type: any JSONSerializing.Type) -> Set<String> {
        func paths(_ keyPath: JSONKeyPath) -> [String] {
            switch keyPath {
            case .path(let path): return [path]
            case .composite(let paths), .alternatives(let paths): return paths
            }
        }
        let mapping = type.jsonKeyPathsByPropertyKey.mapValues(paths)
        var result = Set<String>()
        for (key, ownPaths) in mapping {
            for (other, otherPaths) in mapping where other != key {
                for a in ownPaths {
                    for b in otherPaths where a == b || a.hasPrefix(b + ".") || b.hasPrefix(a + ".") {
                        result.insert(key)
                    }
                }
            }
        }
        return result
    }

    /// `nil` when `a` and `b` are equal up to accepted differences (added to
    /// `categories`); otherwise where and how they differ.
    static func unexplained(_ a: Any, _ b: Any, path: String, into categories: inout Set<String>) -> String? {
        if ReflectiveEquality.isEqual(a, b) { return nil }
        if let ma = a as? any JSONSerializing, let mb = b as? any JSONSerializing, type(of: ma) == type(of: mb) {
            let overlap = overlappingKeys(type(of: ma))
            let da = ma.dictionaryValue
            let db = mb.dictionaryValue
            for key in Set(da.keys).union(db.keys).sorted() {
                let va = da[key] ?? NSNull()
                let vb = db[key] ?? NSNull()
                if ReflectiveEquality.isEqual(va, vb) { continue }
                if overlap.contains(key), va is NSNull || vb is NSNull {
                    categories.insert("overlap")
                    continue
                }
                if let problem = unexplained(va, vb, path: path + "." + key, into: &categories) { return problem }
            }
            return nil
        }
        if let aa = a as? [Any], let ab = b as? [Any] {
            guard aa.count == ab.count else { return "\(path): \(aa.count) vs \(ab.count) elements" }
            for (index, (x, y)) in zip(aa, ab).enumerated() {
                if let problem = unexplained(x, y, path: path + "[\(index)]", into: &categories) { return problem }
            }
            return nil
        }
        if let da = a as? Date, let db = b as? Date, abs(da.timeIntervalSince(db)) < 0.0005 {
            categories.insert("date<1ms")
            return nil
        }
        return "\(path): \(a) vs \(b)"
    }
}
