//
//  ArrayElementsDecodingTests.swift
//  A top-level array decoded from Data is parsed and decoded a batch of
//  elements at a time: the same models and the same errors as parsing the
//  whole text first (a syntax error anywhere wins over an element's failure,
//  as with JSONDecoder), and repeated URL strings share one URL.
//

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter
@testable import MantleJSON

@Suite("Top-level arrays decoded a batch of elements at a time")
struct ArrayElementsDecodingTests {
    /// The issues fixture with element 3's assignee login a number (a mapping error there),
    /// and, with `breakingAt`, a syntax error in an element appended after the others.
    static func issuesText(mappingError: Bool = true, syntaxError: Bool) throws -> String {
        var text = try AdapterErrorTests.issues(editing: 3) { element in
            if mappingError { element["assignee"] = ["login": 42, "id": 1] }
        }
        if syntaxError {
            #expect(text.last == "]")
            text.removeLast()
            text += #", {"id": 5, "title": }]"#
        }
        return text
    }

    /// The error parsing the whole `text` gives.
    static func parseError(_ text: String) -> JSONDataError? {
        do {
            _ = try JSONDocument(text: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("a syntax error after an element that fails to decode is the error, as when the whole text is parsed first",
          arguments: [
              JSONAdapter.DecodingOptions(),
              JSONAdapter.DecodingOptions(configuration: JSONAdapter.Configuration(leniency: .lossyCollections)),
              JSONAdapter.DecodingOptions(maximumErrorCount: 10),
          ])
    func syntaxErrorWins(options: JSONAdapter.DecodingOptions) throws {
        let text = try Self.issuesText(syntaxError: true)
        let expected = try #require(Self.parseError(text))
        let error = try #require(adapterError {
            _ = try JSONAdapter.models(of: GHIssue.self, fromJSONData: Data(text.utf8), options: options)
        })
        #expect(error.code == .invalidJSONData)
        #expect(error.underlyingError as? JSONDataError == expected)
        #expect(error.additionalErrors.isEmpty)
        #expect(error.jsonKeyPath == nil)
    }

    @Test("without the syntax error the element's failure is the error, naming its index")
    func mappingErrorAlone() throws {
        let text = try Self.issuesText(syntaxError: false)
        let error = try #require(adapterError {
            _ = try JSONAdapter.models(of: GHIssue.self, fromJSONData: Data(text.utf8))
        })
        #expect(error.code == .invalidValue)
        #expect(error.jsonKeyPath == "[3].assignee.login")
    }

    @Test("a syntax error alone, in the last element, is the error")
    func syntaxErrorAlone() throws {
        let text = try Self.issuesText(mappingError: false, syntaxError: true)
        let error = try #require(adapterError {
            _ = try JSONAdapter.models(of: GHIssue.self, fromJSONData: Data(text.utf8))
        })
        #expect(error.code == .invalidJSONData)
        #expect(error.underlyingError as? JSONDataError == Self.parseError(text))
    }

    @Test("the depth limit counts the top-level array, as when the whole text is parsed first")
    func depthLimit() throws {
        let text = try AdapterErrorTests.issues(editing: 0) { _ in }
        // The issues nest objects three deep inside the array (issue, labels' array, label).
        for depth in 1...5 {
            let options = JSONAdapter.DecodingOptions(maximumDepth: depth)
            let batched = Result { try JSONAdapter.models(of: GHIssue.self, fromJSONData: Data(text.utf8), options: options) }
            let whole = Result { try JSONDocument(text: text, maximumDepth: depth) }
            switch (batched, whole) {
            case (.success, .success): break
            case (.failure(let error), .failure(let parseError)):
                let adapter = try #require(error as? JSONAdapterError)
                #expect(adapter.code == .invalidJSONData)
                #expect(adapter.underlyingError as? JSONDataError == parseError as? JSONDataError)
            default:
                Issue.record("depth \(depth): batched \(batched), whole \(whole)")
            }
        }
    }

    @Test("thousands of issues across many batches decode equal to the dictionary path's, their URLs equal to URL(string:)")
    func manyIssues() throws {
        let array = try #require(try JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [Any])
        let many = Array(repeating: array, count: 200).flatMap { $0 }
        let data = try JSONSerialization.data(withJSONObject: many)
        let fromBytes = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
        let fromDictionaries = try JSONAdapter.models(of: GHIssue.self, from: many)
        #expect(fromBytes.count == many.count)
        #expect(fromBytes == fromDictionaries)
        for (issue, object) in zip(fromBytes, many) {
            let url = (object as? [String: Any])?["url"] as? String
            #expect(issue.url == url.flatMap(URL.init(string:)))
        }
    }

    @Test("more distinct URL strings than the cache keeps all decode to their own URLs")
    func moreURLsThanTheCacheKeeps() throws {
        let count = JSONStringCache<URL>.maximumCount + 500
        let objects: [[String: Any]] = (0..<count).map { i in
            ["url": "https://example.com/\(i % 2 == 0 ? i : count - i)", "html_url": "https://example.com/same", "number": i]
        }
        let data = try JSONSerialization.data(withJSONObject: objects)
        let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
        #expect(issues.count == count)
        for (i, issue) in issues.enumerated() {
            #expect(issue.url == URL(string: "https://example.com/\(i % 2 == 0 ? i : count - i)"))
            #expect(issue.htmlURL == URL(string: "https://example.com/same"))
        }
    }
}
