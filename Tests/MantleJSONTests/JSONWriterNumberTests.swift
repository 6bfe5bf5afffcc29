//  Floating-point numbers written by JSONWriter: the shortest round-trip text
//  (the standard library's `description`), written without a String, and
//  parsed back to the same value.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: writing floating-point numbers")
struct JSONWriterNumberTests {
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 3.0, 1e-7, 1e16, 1e22, 123_456.789, -2.5e-308, .leastNonzeroMagnitude,
        Double.leastNormalMagnitude, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        .pi, 9_007_199_254_740_992, 0.30000000000000004, 1.7976931348623157e308,
        -73.986951, 45.5016889, // canada.json-like coordinates
    ]

    @Test("a Double is written as its description and parses back exactly", arguments: doubles)
    func double(value: Double) throws {
        var writer = JSONWriter()
        try writer.write(value)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == value.description)
        #expect(Double(text) == value)
    }

    @Test("a Float is written with the digits of a Float", arguments: [Float(0.1), 3, -0.0, 1e-7, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 16_777_216])
    func float(value: Float) throws {
        var writer = JSONWriter()
        try writer.write(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == value.description)
    }

    @Test("generated doubles match description", arguments: [1, 2, 3])
    func generated(seed: UInt64) throws {
        var state = seed
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: state)
            guard value.isFinite else { continue }
            var writer = JSONWriter()
            try writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == value.description)
        }
    }

    @Test("non-finite numbers are refused", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        var writer = JSONWriter()
        #expect(throws: JSONWriterError.self) { try writer.write(value) }
        #expect(writer.bytes.isEmpty)
    }
}
