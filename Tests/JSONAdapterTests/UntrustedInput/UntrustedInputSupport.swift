//
//  UntrustedInputSupport.swift
//  Shared helpers of the untrusted-input tests (limits, mutation fuzzing,
//  atomic failure): what an acceptable failure is, deeply nested input, the
//  keys the GitHub models read, and the models several of these suites use.
//  (The random numbers are MantleTestSupport's SplitMix64; JSON is parsed and
//  written by JSONSerialization, the reference independent of the library.)
//

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter
import MantleTestSupport

/// Helpers of the untrusted-input tests: what an acceptable failure is, deeply nested
/// input, and the keys the GitHub models read (which the mutation fuzzer aims at).
enum UntrustedInput {
    /// Why `error` is not an acceptable failure of decoding untrusted JSON, or
    /// `nil` when it is: it must be a ``JSONAdapterError`` that either names
    /// the property and the JSON key path, or is one of the codes about the
    /// JSON as a whole (`.invalidJSONData`, `.invalidJSONDictionary`, `.noClassFound`).
    static func problem(with error: any Error) -> String? {
        guard let error = error as? JSONAdapterError else {
            return "threw \(type(of: error)), not JSONAdapterError: \(error)"
        }
        if error.description.isEmpty { return "empty description" }
        switch error.code {
        case .invalidJSONData, .invalidJSONDictionary, .noClassFound:
            return nil
        case .invalidJSONMapping:
            return "a fixed model reported .invalidJSONMapping: \(error)"
        case .invalidValue:
            guard error.propertyKey != nil, error.jsonKeyPath != nil else {
                return "no property key or JSON key path: \(error)"
            }
            return nil
        }
    }

    /// `String(repeating: open)…String(repeating: close)` with `inner` inside.
    static func nested(_ depth: Int, open: String = "[", close: String = "]", inner: String = "") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    /// The JSON keys the GitHub models read (every component of every mapped key path).
    static let mappedGitHubKeys: Set<String> = {
        let types: [any JSONSerializing.Type] = [
            GHIssue.self, GHSearchResult.self, GHRepository.self, GHOrganization.self, GHLabel.self, GHUser.self,
            GHRelease.self, GHAsset.self, GHCombinedStatus.self, GHStatus.self, GHValidationError.self,
            GHValidationError.Detail.self,
        ]
        var keys = Set<String>()
        for type in types {
            for keyPath in type.jsonKeyPathsByPropertyKey.values {
                switch keyPath {
                case .path(let path): keys.formUnion(path.split(separator: ".").map(String.init))
                case .composite(let paths), .alternatives(let paths):
                    for path in paths { keys.formUnion(path.split(separator: ".").map(String.init)) }
                }
            }
        }
        return keys
    }()
}

// MARK: - Models

/// Models of the limits and fuzz-findings tests: every integer width and both
/// floating-point types, and one string.
enum LimitModels {
    /// Every integer width and both floating-point types.
    struct Numbers: JSONSerializing {
        var int = 0
        var int64: Int64 = 0
        var int8: Int8 = 0
        var uint: UInt = 0
        var uint64: UInt64 = 0
        var double = 0.0
        var float: Float = 0
        var ints: [Int] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "int": "int", "int64": "int64", "int8": "int8", "uint": "uint", "uint64": "uint64",
            "double": "double", "float": "float", "ints": "ints",
        ]
    }

    /// One big string.
    struct BigString: JSONSerializing {
        var text = ""

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text"]
    }
}
