//
//  DataEncodingTests.swift
//  `Data` properties: base64 both ways by default, as `JSONDecoder` and
//  `JSONEncoder`; URL-safe base64, hex and byte arrays by configuration
//  (`dataEncoding`) or per property (`JSONValueTransformer.data(_:)`); the same
//  form for `Data` inside `Codable` values; bad input named.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Data properties")
struct DataEncodingTests {
    typealias Encoding = JSONAdapter.Configuration.DataEncoding

    /// `Data` inside a `Codable` value.
    struct Blob: Codable, Equatable {
        var bytes: Data
    }

    /// A model with `Data` in every position, and one property with its own form.
    struct Attachment: JSONSerializing, Equatable {
        var payload = Data()
        var thumbnail: Data?
        var chunks: [Data] = []
        var blob: Blob?
        var checksum = Data()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? { key == "checksum" ? .data(.hex) : nil }
    }

    /// The bytes of the tests: every kind of base64 digit, and a zero byte.
    static let bytes = Data([0, 1, 0xFB, 0xFF, 0x3E, 0x10])

    /// Each encoding with the JSON it writes for ``bytes``.
    static let forms: [(Encoding, String)] = [
        (.base64, #""AAH7/z4Q""#),
        (.base64URL, #""AAH7_z4Q""#),
        (.hex, #""0001fbff3e10""#),
        (.byteArray, "[0,1,251,255,62,16]"),
    ]

    /// The JSON of an attachment whose data values are all `form` (the checksum in hex).
    static func json(_ form: String) -> String {
        #"{"payload": \#(form), "thumbnail": \#(form), "chunks": [\#(form)], "blob": {"bytes": \#(form)}, "checksum": "0001fbff3e10"}"#
    }

    /// The attachment all of whose data values are ``bytes``.
    static var expected: Attachment {
        var attachment = Attachment()
        attachment.payload = bytes
        attachment.thumbnail = bytes
        attachment.chunks = [bytes]
        attachment.blob = Blob(bytes: bytes)
        attachment.checksum = bytes
        return attachment
    }

    /// Checks: every form decodes on both paths and encodes back to itself on both encoders.
    @Test("each encoding both ways", arguments: DecodingPath.allCases, 0..<4)
    func forms(path: DecodingPath, index: Int) throws {
        let (encoding, form) = Self.forms[index]
        var configuration = JSONAdapter.Configuration()
        configuration.dataEncoding = encoding
        #expect(configuration.dataEncoding == encoding)
        let attachment = try path.decode(Attachment.self, Self.json(form), configuration: configuration)
        #expect(attachment == Self.expected)
        let encoded = try path.encode(attachment, configuration: configuration)
        let canonical = FoundationJSON.canonical(json: form)
        for key in ["payload", "thumbnail"] { #expect(FoundationJSON.canonical(encoded[key]) == canonical, "\(key)") }
        #expect(FoundationJSON.canonical((encoded["chunks"] as? [Any])?.first) == canonical)
        #expect(FoundationJSON.canonical((encoded["blob"] as? [String: Any])?["bytes"]) == canonical)
        #expect(encoded["checksum"] as? String == "0001fbff3e10", "the property's own form")
    }

    /// Checks: by default Data is base64 and the text is JSONEncoder's; `.byteArray` is JSONEncoder's `.deferredToData`.
    @Test("the default is JSONEncoder's base64; byteArray is its deferredToData")
    func agreesWithJSONEncoder() throws {
        var attachment = Attachment()
        attachment.payload = Data((0...255).map { UInt8($0) })
        let encoded = try FoundationJSON.object(JSONAdapter.jsonData(from: attachment))
        let twin = try FoundationJSON.object(JSONEncoder().encode(["payload": attachment.payload]))
        #expect(encoded["payload"] as? String == twin["payload"] as? String)
        #expect(try JSONAdapter.model(of: Attachment.self, from: encoded).payload == attachment.payload)

        var configuration = JSONAdapter.Configuration()
        configuration.dataEncoding = .byteArray
        let bytes = try FoundationJSON.object(JSONAdapter.jsonData(from: attachment, options: .configuration(configuration)))
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .deferredToData
        let deferred = try FoundationJSON.object(encoder.encode(["payload": attachment.payload]))
        #expect(FoundationJSON.canonical(bytes["payload"]) == FoundationJSON.canonical(deferred["payload"]))
    }

    /// Checks: URL-safe base64 reads with or without padding, hex in either case, byte arrays with exact integers.
    @Test("accepted spellings", arguments: DecodingPath.allCases, [
        (Encoding.base64URL, #""AAH7_z4Q""#, [0, 1, 0xFB, 0xFF, 0x3E, 0x10]),
        (.base64URL, #""AAE""#, [0, 1]),
        (.base64URL, #""AAE=""#, [0, 1]),
        (.base64URL, #""""#, []),
        (.hex, #""0001FBff""#, [0, 1, 0xFB, 0xFF]),
        (.byteArray, "[5.0, 1e2]", [5, 100]),
        (.base64, #""AAE=""#, [0, 1]),
    ])
    func spellings(path: DecodingPath, row: (encoding: Encoding, form: String, bytes: [UInt8])) throws {
        var configuration = JSONAdapter.Configuration()
        configuration.dataEncoding = row.encoding
        let attachment = try path.decode(Attachment.self, #"{"payload": \#(row.form)}"#, configuration: configuration)
        #expect(attachment.payload == Data(row.bytes))
    }

    /// Checks: input in another form is refused, naming what was expected and found.
    @Test("bad input is named", arguments: DecodingPath.allCases, [
        (Encoding.base64, #""%%""#, #"expected base64 data, found string "%%""#),
        (.base64, #""AAE""#, #"expected base64 data, found string "AAE""#),
        (.base64, #"" AAE=""#, #"expected base64 data, found string " AAE=""#),
        (.base64, "5", "expected base64 data, found number 5"),
        (.base64, "[0]", "expected base64 data, found array of 1"),
        (.base64URL, #""AA+/""#, #"expected base64url data, found string "AA+/""#),
        (.base64URL, #""A""#, #"expected base64url data, found string "A""#),
        (.base64URL, #""AAE==""#, #"expected base64url data, found string "AAE==""#),
        (.hex, #""abc""#, #"expected hex data, found string "abc""#),
        (.hex, #""0g""#, #"expected hex data, found string "0g""#),
        (.byteArray, "[256]", "expected an array of bytes (integers 0–255), found array of 1"),
        (.byteArray, "[1.5]", "expected an array of bytes (integers 0–255), found array of 1"),
        (.byteArray, #"["1"]"#, "expected an array of bytes (integers 0–255), found array of 1"),
        (.byteArray, #""AAE=""#, #"expected an array of bytes (integers 0–255), found string "AAE=""#),
    ])
    func badInput(path: DecodingPath, row: (encoding: Encoding, form: String, reason: String)) throws {
        var configuration = JSONAdapter.Configuration()
        configuration.dataEncoding = row.encoding
        let error = try #require(adapterError {
            _ = try path.decode(Attachment.self, #"{"payload": \#(row.form)}"#, configuration: configuration)
        })
        #expect(error.description == #"Attachment.payload → "payload": \#(row.reason)"#)
        let inside = try #require(adapterError {
            _ = try path.decode(Attachment.self, #"{"blob": {"bytes": \#(row.form)}}"#, configuration: configuration)
        })
        #expect(inside.description == #"Attachment.blob → "blob.bytes": \#(row.reason)"#)
        #expect(inside.underlyingError is DecodingError)
    }

    /// Checks: the per-property transformer names its form, and `nil` and null pass through.
    @Test("the per-property transformer", arguments: DecodingPath.allCases)
    func transformer(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Attachment.self, #"{"checksum": "xyz"}"#) })
        #expect(error.description == #"Attachment.checksum → "checksum": expected hex data, found string "xyz""#)
        #expect(try path.decode(Attachment.self, #"{"thumbnail": null}"#).thumbnail == nil)
        let transformer = JSONValueTransformer.data(.byteArray)
        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.transformedValue([1, 2] as [Any]) as? Data == Data([1, 2]))
        #expect(try transformer.reverseTransformedValue(Data([3])) as? [Int] == [3])
        #expect(throws: TransformerError.self) { try transformer.reverseTransformedValue("not data") }
    }
}
