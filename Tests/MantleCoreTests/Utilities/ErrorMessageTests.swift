import Foundation
import Testing
import MantleArchiving
@testable import MantleCore
import MantleInternals

/// The one wording of the package's errors: every error type fills the same
/// fields and its description is ``ErrorMessage/text``.
@Suite("ErrorMessage: one shape for every error")
struct ErrorMessageTests {
    /// A model whose property of the wrong type gives a `ModelError`.
    struct User: Model {
        var login = ""
        var id = 0
    }

    /// An error the tests put behind others.
    struct Cause: Error, CustomStringConvertible {
        var description: String { "the cause" }
    }

    @Test("parts are left out when absent, in one order", arguments: [
        (ErrorMessage(modelTypeName: "GHIssue", propertyKey: "number", location: "[2].number",
                      expected: "Int", found: #"string "x""#),
         #"GHIssue.number → "[2].number": expected Int, found string "x""#),
        (ErrorMessage(modelTypeName: "GHUser", propertyKey: "id", expected: "Int", found: "null",
                      detail: "the property is not optional"),
         "GHUser.id: expected Int, found null (the property is not optional)"),
        (ErrorMessage(location: "owner", summary: "unknown archived type", found: "Dog", detail: "register it"),
         #""owner": unknown archived type: found Dog (register it)"#),
        (ErrorMessage(summary: "invalid JSON", detail: "unexpected end of input at byte 3"),
         "invalid JSON: unexpected end of input at byte 3"),
        (ErrorMessage(propertyKey: "", location: "", lineNumber: 4, expected: "a JSON object"),
         "line 4: expected a JSON object"),
        (ErrorMessage(modelTypeName: "GHUser", propertyKey: "login", underlyingError: Cause()),
         "GHUser.login: the cause"),
        (ErrorMessage(detail: "said", underlyingError: Cause()), "said"),
    ])
    func wording(message: ErrorMessage, text: String) {
        #expect(message.text == text)
    }

    @Test("a ModelError names the model and the property, and fills expected and found")
    func modelError() throws {
        let error = try #require(throws: ModelError.self) { _ = try User(dictionary: ["id": "x"]) }
        #expect(error.code == .typeMismatch)
        #expect(error.modelTypeName == "User" && error.propertyKey == "id")
        #expect(error.expected == "Int" && error.found == #"string "x""#)
        #expect(error.description == #"User.id: expected Int, found string "x""#)
        let unknown = try #require(throws: ModelError.self) { _ = try User(dictionary: ["nmae": "x"]) }
        #expect(unknown.expected == nil && unknown.found == nil)
        #expect(unknown.description == "User.nmae: no settable property with this key")
    }

    @Test("an ModelArchiverError names the model and the archive path, and fills the versions of version codes")
    func archiveError() {
        let mismatch = ModelArchiverError(code: .typeMismatch, archivePath: "owner.repositories[2].stars", propertyKey: "stars",
                                    modelTypeName: "GHRepository", expected: "Int", found: #"string "many""#)
        #expect(mismatch.description == #"GHRepository → "owner.repositories[2].stars": expected Int, found string "many""#)
        let newer = ModelArchiverError(code: .newerVersion(archived: 3, supported: 2), archivePath: "owner",
                                 modelTypeName: "GHUser")
        #expect(newer.expected == "version 2 or older" && newer.found == "version 3")
        #expect(newer.description == #"GHUser → "owner": archived at a newer model version: expected version 2 or older, found version 3"#)
        let corrupt = ModelArchiverError(code: .corruptData, detail: "an offset is out of range")
        #expect(corrupt.description == "corrupt archive data: an offset is out of range")
    }
}
