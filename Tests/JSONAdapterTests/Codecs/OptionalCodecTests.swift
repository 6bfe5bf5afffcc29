//
//  OptionalCodecTests.swift
//  `OptionalCodec` writes a present value by reading the payload in place, at the optional's
//  own address: every payload layout writes (and encodes) what the wrapped type's codec does.
//

import Foundation
import Testing
import MantleJSON
@testable import JSONAdapter

@Suite("OptionalCodec writing")
struct OptionalCodecTests {
    /// A model with no stored property: a payload of no bytes.
    struct Empty: JSONSerializing {
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
    }

    /// Writes `value` through the codec of `Value?` and through the codec of `Value`, and `nil`
    /// through the first: the same bytes, and `null`.
    private func check<Value>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let optional = CodecFactory.codec(for: Value?.self, in: .standard, leniency: [])
        let plain = CodecFactory.codec(for: Value.self, in: .standard, leniency: [])
        #expect(optional is OptionalCodec<Value>, sourceLocation: sourceLocation)
        var viaOptional = JSONWriter(), viaPlain = JSONWriter(), viaNil = JSONWriter()
        try optional.write(.some(value), to: &viaOptional, [])
        try plain.write(value, to: &viaPlain, [])
        try optional.write(nil, to: &viaNil, [])
        #expect(!viaPlain.bytes.isEmpty, sourceLocation: sourceLocation)
        #expect(viaOptional.bytes == viaPlain.bytes, sourceLocation: sourceLocation)
        #expect(String(decoding: viaNil.bytes, as: UTF8.self) == "null", sourceLocation: sourceLocation)
        // The Foundation value (`jsonDictionary`'s), written out to compare.
        var builtOptional = JSONWriter(), builtPlain = JSONWriter()
        try builtOptional.writeAny(try optional.encode(.some(value), []), sortedKeys: true)
        try builtPlain.writeAny(try plain.encode(value, []), sortedKeys: true)
        #expect(builtOptional.bytes == builtPlain.bytes, sourceLocation: sourceLocation)
        #expect(try optional.encode(nil, []) is NSNull, sourceLocation: sourceLocation)
    }

    /// Payloads with an extra tag byte (`Int`, `Int8`, `Double`, `UUID`), spare bits (`Bool`,
    /// `String`, enums, references), several words (`Decimal`, a struct model), none (an empty
    /// model), and an optional itself (present and nil inside).
    @Test("a present value writes what its own codec writes, for every payload layout")
    func payloadLayouts() throws {
        try check(Int.min)
        try check(Int8(-7))
        try check(UInt64.max)
        try check(-0.25)
        try check(Float(1.5))
        try check(true)
        try check(false)
        try check("")
        try check("a string long enough to live on the heap, with \"escapes\" and é")
        try check(try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))
        try check(try #require(URL(string: "https://example.com/x")))
        try check(Decimal(string: "12.30", locale: nil) ?? 0)
        try check(ValueModels.Shade.blue)
        try check(ValueModels.Level.high)
        try check(ValueModels.Leaf(name: "leaf", size: 2))
        try check(MessageCluster.Message())
        try check(Empty())
        try check([1, 2, 3])
        try check(["b": "2", "a": "1"])
        try check(Optional(Optional(5)))
        try check(Int?.some(5))
        try check(Int?.none)
        try check(String?.some("x"))
    }
}
