//  The stream framer: where each value of a JSON Lines or array stream begins
//  and ends, whatever the chunks the bytes arrive in.

import Testing

@testable import MantleJSON

@Suite("JSONStreamFramer")
struct JSONStreamFramerTests {
    /// The values `text` frames into, fed `chunk` bytes at a time, each with
    /// the line it started on; or the framing error.
    static func frames(_ text: String, _ layout: JSONStreamFramer.Layout, chunk: Int,
                       maximumDepth: Int = 10) throws(JSONDataError) -> [(value: String, line: Int)] {
        var framer = JSONStreamFramer(layout: layout, maximumDepth: maximumDepth)
        var values: [(value: String, line: Int)] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            let result: Result<Int, JSONDataError> = bytes[start..<end].withUnsafeBufferPointer { buffer in
                var position = 0
                do throws(JSONDataError) {
                    while position < buffer.count {
                        position += try framer.scan(UnsafeBufferPointer(rebasing: buffer[position...]))
                        if framer.hasValue {
                            let line = framer.valueLine
                            values.append((String(decoding: framer.takeValue(), as: UTF8.self), line))
                        }
                    }
                } catch {
                    return .failure(error)
                }
                return .success(position)
            }
            start += try result.get()
        }
        try framer.finish()
        if framer.hasValue {
            let line = framer.valueLine
            values.append((String(decoding: framer.takeValue(), as: UTF8.self), line))
        }
        return values
    }

    /// A stream, its layout, and the values and lines it frames into.
    struct Framing: Sendable {
        let text: String
        let layout: JSONStreamFramer.Layout
        let values: [String]
        let lines: [Int]
    }

    static let framings = [
        Framing(text: "{\"a\":1}\n\n  \n[2]\r\n\"x\"", layout: .lines, values: ["{\"a\":1}", "[2]", "\"x\""], lines: [1, 4, 5]),
        Framing(text: "{\"a\":1}\n", layout: .lines, values: ["{\"a\":1}"], lines: [1]),
        Framing(text: "[{\"a\":\"],\\\"\"}, 2 ,\n[3,[4]] , \"s\"]  ", layout: .array,
                values: ["{\"a\":\"],\\\"\"}", "2", "[3,[4]]", "\"s\""], lines: [1, 1, 2, 2]),
        Framing(text: "[]", layout: .array, values: [], lines: []),
    ]

    @Test("values and their lines do not depend on the chunks", arguments: framings, [1, 3, 1000])
    func framing(_ framing: Framing, chunk: Int) throws {
        let framed = try Self.frames(framing.text, framing.layout, chunk: chunk)
        #expect(framed.map(\.value) == framing.values)
        #expect(framed.map(\.line) == framing.lines)
    }

    @Test("a broken array stream is an error at its byte", arguments: [
        ("{}", "expected '[' to open the array, found '{' at byte 0"),
        ("[1,]", "expected a value after ',', found ']' at byte 3"),
        ("[,1]", "expected a value, found ',' at byte 1"),
        ("[1 2]", "expected ',' or ']' after an element, found '2' at byte 3"),
        ("[1] x", "unexpected 'x' after the array at byte 4"),
        ("[1", "the stream ends before the array is closed at byte 2"),
        (String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12), "nesting deeper than 10 at byte 11"),
    ])
    func arrayErrors(text: String, message: String) {
        let error = #expect(throws: JSONDataError.self) { try Self.frames(text, .array, chunk: 1) }
        #expect(error?.description == message)
    }

    /// The values of `text` fed one byte at a time, each with the offset of
    /// the byte after which it was handed out.
    static func handOuts(_ text: String, _ layout: JSONStreamFramer.Layout) throws -> [(value: String, at: Int)] {
        var framer = JSONStreamFramer(layout: layout, maximumDepth: 10)
        var values: [(value: String, at: Int)] = []
        for (offset, byte) in text.utf8.enumerated() {
            var byte = byte
            let consumed = try withUnsafePointer(to: &byte) { try framer.scan(UnsafeBufferPointer(start: $0, count: 1)) }
            #expect(consumed == 1)
            if framer.hasValue { values.append((String(decoding: framer.takeValue(), as: UTF8.self), offset)) }
        }
        try framer.finish()
        #expect(!framer.hasValue)
        return values
    }

    /// Checks: each element is handed out at its last byte — a container at
    /// its closing bracket, a string at its closing quote, a literal at its
    /// last letter — and a number at the byte after it, which is the first
    /// that shows it has ended; a line at its line feed.
    @Test("a value is handed out as soon as its last byte is in")
    func handOutAtLastByte() throws {
        let text = #"[{"a":[1,"]"]} , "s\"" ,true,null ,false, 12 ,-3,[] ]"#
        let values = try Self.handOuts(text, .array)
        #expect(values.map(\.value) == [#"{"a":[1,"]"]}"#, #""s\"""#, "true", "null", "false", "12", "-3", "[]"])
        #expect(values.map(\.at) == [13, 21, 27, 32, 39, 44, 48, 50])

        let lines = try Self.handOuts("{\"a\":1}\n\n[2]\r\n", .lines)
        #expect(lines.map(\.value) == [#"{"a":1}"#, "[2]"])
        #expect(lines.map(\.at) == [7, 13])
    }

    /// Checks: after a complete element, anything but `,`, `]` or white
    /// space is an error at that byte, the element having been handed out.
    @Test("after a complete element only ',' or ']' may follow", arguments: [
        (#"[{"a":1}x]"#, #"{"a":1}"#, "expected ',' or ']' after an element, found 'x' at byte 8"),
        (#"["s" "t"]"#, #""s""#, "expected ',' or ']' after an element, found '\"' at byte 5"),
        ("[truex]", "true", "expected ',' or ']' after an element, found 'x' at byte 5"),
        (#"[{"a":1}"#, #"{"a":1}"#, "the stream ends before the array is closed at byte 8"),
    ])
    func afterCompleteElement(text: String, first: String, message: String) {
        var framer = JSONStreamFramer(layout: .array, maximumDepth: 10)
        var values: [String] = []
        let error = #expect(throws: JSONDataError.self) {
            for byte in text.utf8 {
                var byte = byte
                _ = try withUnsafePointer(to: &byte) { try framer.scan(UnsafeBufferPointer(start: $0, count: 1)) }
                if framer.hasValue { values.append(String(decoding: framer.takeValue(), as: UTF8.self)) }
            }
            try framer.finish()
        }
        #expect(values == [first])
        #expect(!framer.isInElement)
        #expect(error?.description == message)
    }

    @Test("the framer holds one value at a time")
    func boundedBuffer() throws {
        var framer = JSONStreamFramer(layout: .array, maximumDepth: 10)
        var text = Array("[".utf8)
        for index in 0..<10_000 { text += Array(#"{"id":\#(index)},"#.utf8) }
        text += Array(#"{"id":-1}]"#.utf8)
        var values = 0
        var largestCapacity = 0
        try text.withUnsafeBufferPointer { buffer in
            var position = 0
            while position < buffer.count {
                position += try framer.scan(UnsafeBufferPointer(rebasing: buffer[position...]))
                if framer.hasValue {
                    values += 1
                    largestCapacity = max(largestCapacity, framer.value.capacity)
                    _ = framer.takeValue()
                }
            }
        }
        try framer.finish()
        #expect(values == 10_001)
        #expect(largestCapacity < 64)
    }
}
