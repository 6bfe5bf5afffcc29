//  Floating-point numbers written by JSONWriter exactly as JSONEncoder writes them (the standard
//  library's shortest round-trip `description` without a trailing `.0`), written without a
//  String, and parsed back to the same value.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: writing floating-point numbers")
struct JSONWriterNumberTests {
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 3.0, 1e-7, 1e16, 1e22, 123_456.789, -2.5e-308, .leastNonzeroMagnitude,
        Double.leastNormalMagnitude, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        .pi, 9_007_199_254_740_992, 0.30000000000000004, 1.7976931348623157e308, 1_000_000, 1e15, 1e21,
        1e-5, 1e-4, 0.001, 1.2345678901234568e20, 4_503_599_627_370_496.5, -1e100,
        -73.986951, 45.5016889, // canada.json-like coordinates
    ]

    /// What `JSONEncoder` writes for `value`: the oracle.
    static func encoderText<T: Encodable>(_ value: T) throws -> String {
        let text = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }

    /// What `JSONWriter` writes for `value`.
    static func written(_ value: Double) throws -> String {
        var writer = JSONWriter()
        try writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// What `JSONWriter` writes for `value`.
    static func written(_ value: Float) throws -> String {
        var writer = JSONWriter()
        try writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("a Double is written as JSONEncoder writes it and parses back exactly", arguments: doubles)
    func double(value: Double) throws {
        let text = try Self.written(value)
        #expect(text == (try Self.encoderText(value)))
        let document = try JSONDocument(text: text)
        let read = try #require(document.floatingValue(at: 0, as: Double.self))
        #expect(read == value && read.sign == value.sign)
    }

    @Test("integral values lose only the .0: 1000000.0 is 1000000 and -0.0 is -0")
    func integral() throws {
        #expect(try Self.written(1_000_000.0) == "1000000")
        #expect(try Self.written(-0.0) == "-0")
        #expect(try Self.written(1e21) == "1e+21")
        #expect(try Self.written(1e-7) == "1e-07")
        #expect(try Self.written(Float(3)) == "3")
    }

    @Test("a Float is written with the digits of a Float, as JSONEncoder writes it", arguments: [
        Float(0.1), 3, -0.0, 1e-7, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 16_777_216, 1e10, 1_000_000,
    ])
    func float(value: Float) throws {
        let text = try Self.written(value)
        #expect(text == (try Self.encoderText(value)))
        let read = try #require(try JSONDocument(text: text).floatingValue(at: 0, as: Float.self))
        #expect(read == value && read.sign == value.sign)
    }

    @Test("generated doubles and floats are written as JSONEncoder writes them", arguments: [1, 2, 3] as [UInt64])
    func generated(seed: UInt64) throws {
        var state = seed
        for index in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Every third value integral, where the `.0` rule applies.
            var value = Double(bitPattern: state)
            if index % 3 == 0 { value = (value.truncatingRemainder(dividingBy: 1e18)).rounded(.towardZero) }
            if value.isFinite {
                #expect(try Self.written(value) == (try Self.encoderText(value)), "\(value)")
            }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: state >> 17))
            if float.isFinite {
                #expect(try Self.written(float) == (try Self.encoderText(float)), "\(float)")
            }
        }
    }

    @Test("non-finite numbers are refused", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        var writer = JSONWriter()
        #expect(throws: JSONWriterError.self) { try writer.write(value) }
        #expect(writer.bytes.isEmpty)
    }
}
