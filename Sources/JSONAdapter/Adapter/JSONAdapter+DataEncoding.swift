import Foundation
import MantleInternals

extension JSONAdapter.Configuration {
    /// How `Data` values are written in JSON, and read back.
    ///
    /// Choose it for every `Data` property of a configuration with
    /// ``JSONAdapter/Configuration/dataEncoding`` (which also applies to
    /// `Data` inside `Codable` property values), or for one property with the
    /// transformer ``JSONValueTransformer/data(_:)``, as dates have
    /// ``JSONAdapter/Configuration/dateFormat`` and
    /// ``JSONValueTransformer/date(format:locale:timeZone:)``.
    public enum DataEncoding: Sendable, Hashable {
        /// Base64 text with the standard alphabet (`+`, `/`) and `=` padding
        /// (RFC 4648 §4), as `JSONEncoder`'s default `.base64` strategy
        /// writes it; read as `Data(base64Encoded:)` reads it (padding
        /// required, no whitespace). The default.
        case base64
        /// URL-safe base64 (RFC 4648 §5: `-` and `_` instead of `+` and `/`),
        /// written without padding; read with or without it.
        case base64URL
        /// Two hexadecimal digits per byte, written in lowercase (`"00ff10"`);
        /// read in either case.
        case hex
        /// An array of the byte values (`[0, 255, 16]`), as `JSONEncoder`'s
        /// `.deferredToData` strategy writes it (each element an exact integer
        /// from 0 to 255).
        case byteArray

        /// What is expected, for errors (`base64 data`).
        var expectation: String {
            switch self {
            case .base64: return "base64 data"
            case .base64URL: return "base64url data"
            case .hex: return "hex data"
            case .byteArray: return "an array of bytes (integers 0–255)"
            }
        }

        /// The bytes that the JSON string `text` stands for, or `nil` when it
        /// is not in this encoding (always `nil` for ``byteArray``).
        func data(fromText text: String) -> Data? {
            switch self {
            case .base64: return Data(base64Encoded: text)
            case .base64URL: return Self.data(fromBase64URL: text)
            case .hex: return Self.data(fromHex: text)
            case .byteArray: return nil
            }
        }

        /// The bytes in a Foundation JSON value (a string, or an array of
        /// numbers for ``byteArray``; `NSString`/`NSArray`/`NSNumber` as well
        /// as their Swift forms), or `nil` when it is not in this encoding.
        func data(fromJSON value: Any) -> Data? {
            guard self == .byteArray else { return (value as? String).flatMap(data(fromText:)) }
            guard let elements = FoundationContainers.arrayElements(of: value) else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(elements.count)
            for element in elements {
                guard let byte = NumberValue(element)?.exactly(UInt8.self) else { return nil }
                bytes.append(byte)
            }
            return Data(bytes)
        }

        /// The JSON text of `data` for the string encodings (`nil` for ``byteArray``).
        func text(of data: Data) -> String? {
            switch self {
            case .base64: return data.base64EncodedString()
            case .base64URL:
                var text = data.base64EncodedString()
                while text.last == "=" { text.removeLast() }
                return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
            case .hex:
                let digits = Array("0123456789abcdef".utf8)
                var text: [UInt8] = []
                text.reserveCapacity(data.count * 2)
                for byte in data {
                    text.append(digits[Int(byte >> 4)])  // 32-bit: a UInt8
                    text.append(digits[Int(byte & 0x0F)])  // 32-bit: a UInt8
                }
                return String(decoding: text, as: UTF8.self)
            case .byteArray: return nil
            }
        }

        /// The Foundation JSON value of `data`: a string, or `[Int]` for ``byteArray``.
        func jsonValue(of data: Data) -> Any {
            text(of: data) ?? data.map { Int($0) }  // 32-bit: UInt8s
        }

        /// RFC 4648 §5 text, padded or not, as bytes; `nil` for any other
        /// character, misplaced or excess padding, or an impossible length.
        private static func data(fromBase64URL text: String) -> Data? {
            var bytes = Array(text.utf8)
            var padding = 0
            while bytes.last == UInt8(ascii: "=") {
                bytes.removeLast()
                padding += 1
            }
            guard padding <= 2, padding == 0 || (bytes.count + padding) % 4 == 0, bytes.count % 4 != 1 else {
                return nil
            }
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "-"): bytes[index] = UInt8(ascii: "+")
                case UInt8(ascii: "_"): bytes[index] = UInt8(ascii: "/")
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"):
                    break
                default: return nil
                }
            }
            while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
            return Data(base64Encoded: Data(bytes))
        }

        /// Hexadecimal text (even length, digits in either case) as bytes.
        private static func data(fromHex text: String) -> Data? {
            let digits = Array(text.utf8)
            guard digits.count % 2 == 0 else { return nil }
            /// The value of one hexadecimal digit.
            func nibble(_ digit: UInt8) -> UInt8? {
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
                default: return nil
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(digits.count / 2)
            var index = 0
            while index < digits.count {
                guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
                index += 2
            }
            return Data(bytes)
        }
    }
}

extension JSONValueTransformer {
    /// JSON text (or, for `.byteArray`, an array of numbers) ↔ `Data`, in
    /// `encoding`: the per-property choice, where
    /// ``JSONAdapter/Configuration/dataEncoding`` chooses for every `Data`
    /// property of a configuration.
    ///
    /// ```swift
    /// static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
    ///     key == "checksum" ? .data(.hex) : nil
    /// }
    /// ```
    ///
    /// `nil` passes through; input in another form throws
    /// ``TransformerError/Code/invalidInput`` (`expected hex data, found string "xyz"`).
    /// It states the JSON Schema of the encoding (``JSONValueTransformer/withJSONSchema(_:)``).
    public static func data(_ encoding: JSONAdapter.Configuration.DataEncoding) -> JSONValueTransformer {
        JSONValueTransformer(
            forward: { value in
                guard let value = flattenedOptional(value) else { return nil }
                guard let data = encoding.data(fromJSON: value) else {
                    throw TransformerError.invalidInput(value, expected: encoding.expectation)
                }
                return data
            },
            reverse: { value in
                guard let value = flattenedOptional(value) else { return nil }
                guard let data = value as? Data else { throw TransformerError.invalidInput(value, expected: "Data") }
                return encoding.jsonValue(of: data)
            })
            .withJSONSchema(encoding.jsonSchema)
    }
}
