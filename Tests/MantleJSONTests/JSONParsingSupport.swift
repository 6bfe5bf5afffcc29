//
//  JSONParsingSupport.swift
//  What the JSON parsing tests share: where the JSONTestSuite and GitHub
//  fixtures are, and parsing a Swift string.
//

import Foundation
import Testing

@testable import MantleJSON
import MantleTestSupport

// MARK: - Fixtures

/// Locations of the JSONTestSuite fixtures copied into this package
/// (`Tests/MantleJSONTests/Fixtures/JSONTestSuite`, see the README there).
enum JSONParsingFixtures {
    /// `<package root>/Tests/MantleJSONTests/Fixtures/JSONTestSuite`.
    static let root: URL = RepositoryFiles.url("Tests/MantleJSONTests/Fixtures/JSONTestSuite")

    /// `<package root>/Examples/Fixtures`: the GitHub responses.
    static let github: URL = RepositoryFiles.url("Examples/Fixtures")

    /// Sorted names of the `.json` files in `folder` whose names start with `prefix`.
    static func files(_ folder: String, prefix: String = "") -> [String] {
        let path = root.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of `folder/name`.
    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name)))
    }

    /// The documented outcome of every implementation-defined (`i_`) file: true = accepted.
    static let implementationDefined: [String: Bool] = [
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_second_surrogate.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_500_nested_arrays.json": true,
        "i_structure_UTF-8_BOM_empty_object.json": false,
    ]
}

/// Parses a Swift string.
func parse(_ text: String, maximumDepth: Int = 512) throws(JSONDataError) -> JSONDocument {
    try JSONDocument(text: text, maximumDepth: maximumDepth)
}

/// The parse error for `text`, or nil if it parses.
func parseError(_ text: String) -> JSONDataError? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

/// The materialised canonical form of the root of `text`.
func canonical(_ text: String) throws -> CanonicalJSON {
    let document = try parse(text)
    return CanonicalJSON(try document.anyValue(at: document.rootIndex))
}
