//
//  UntrustedInputArticleTests.swift
//  UntrustedInput.md: exact numbers, what the parser refuses, nesting limits
//  and duplicate keys.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("UntrustedInput.md")
struct UntrustedInputArticleTests {
    /// Decodes JSON text as `Limits`, returning the error code if it throws.
    private func code(_ text: String) -> JSONAdapterError.Code? {
        do {
            _ = try JSONAdapter.model(of: Limits.self, fromJSONData: Data(text.utf8))
            return nil
        } catch let error as JSONAdapterError {
            return error.code
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test("numbers convert only exactly; too big for 64 bits and 1e400 are .invalidValue", arguments: [
        #"{"big": 9007199254740993.5}"#, #"{"big": -9223372036854775809}"#, #"{"small": 300}"#,
        #"{"big": 18446744073709551616}"#, #"{"real": 1e400}"#,
    ])
    func exactNumbers(text: String) {
        #expect(code(text) == .invalidValue)
    }

    @Test("lone surrogate escapes, a byte order mark and trailing commas are .invalidJSONData", arguments: [
        #"{"name": "\uD800"}"#, "\u{FEFF}{}", #"{"name": "a",}"#,
    ])
    func rejected(text: String) {
        #expect(code(text) == .invalidJSONData)
    }

    @Test("500 nested arrays parse; deeper than 512 and 100,000 brackets are .invalidJSONData")
    func nesting() throws {
        let nested = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let model = try JSONAdapter.model(of: Limits.self, fromJSONData: Data(#"{"payload": \#(nested)}"#.utf8))
        #expect(model.payload is [Any])
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(code(#"{"payload": \#(deep)}"#) == .invalidJSONData)
        #expect(code(String(repeating: "[", count: 100_000)) == .invalidJSONData)
    }

    @Test("duplicate keys: the last occurrence wins, as in JSONSerialization")
    func duplicateKeys() throws {
        let text = #"{"name": "first", "name": "last"}"#
        #expect(try JSONAdapter.model(of: Limits.self, fromJSONData: Data(text.utf8)).name == "last")
        #expect(try JSONAdapter.model(of: Limits.self, from: try FoundationJSON.object(text)).name == "last")
    }
}

// MARK: - Models

extension UntrustedInputArticleTests {
    /// Properties for the limits README's "Untrusted input" names.
    struct Limits: JSONSerializing {
        var big: Int64 = 0
        var small: Int8 = 0
        var real = 0.0
        var name = ""
        var payload: Any = NSNull()

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "big": "big", "small": "small", "real": "real", "name": "name", "payload": "payload",
        ]
    }
}
