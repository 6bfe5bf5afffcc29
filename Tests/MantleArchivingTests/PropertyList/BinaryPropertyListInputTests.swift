import Foundation
import Testing
@testable import MantleArchiving

/// The binary property-list reader against a table of hand-made inputs, in
/// the manner of JSONTestSuite: `y_` inputs are read with the value given,
/// `n_` inputs are refused with the failure given (truncated, offsets out of
/// range, cycles of object references, huge counts, bad markers), and none
/// crashes.
@Suite("Archiving: binary property-list inputs")
struct BinaryPropertyListInputTests {
    enum Outcome: Equatable {
        case value(PropertyListValue)
        case notAPropertyList
        case truncated
        case corrupt
        case tooDeepForStack
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: Data
        let outcome: Outcome
        var testDescription: String { name }
    }

    /// `data` with the trailer's byte `index` (0–31) set to `byte`.
    static func trailer(_ data: Data, _ index: Int, _ byte: UInt8) -> Data {
        var bytes = [UInt8](data)
        bytes[bytes.count - 32 + index] = byte
        return Data(bytes)
    }

    /// `data` with its 8-byte trailer field at `index` (8: object count, 16: top, 24: table offset) set to `value`.
    static func trailerWord(_ data: Data, _ index: Int, _ value: UInt64) -> Data {
        var bytes = [UInt8](data)
        for position in 0..<8 {
            bytes[bytes.count - 32 + index + position] = UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * position))
        }
        return Data(bytes)
    }

    /// `depth` arrays, each holding the next, around `true`: built by hand
    /// (2-byte references, 4-byte offsets), since the writer only ever gets
    /// archives nested at most 256 deep.
    static func nested(_ depth: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<depth {
            offsets.append(bytes.count)
            bytes += [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)]
        }
        offsets.append(bytes.count)
        bytes.append(0x09)
        let table = bytes.count
        for offset in offsets { bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: offset >> ($0 * 8)) } }
        func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes += [0, 0, 0, 0, 0, 0, 4, 2] + word(depth + 1) + word(0) + word(table)
        return Data(bytes)
    }

    static let bool = handMadePropertyList([[0x09]])

    static let cases: [Case] = [
        Case(name: "y_true", bytes: bool, outcome: .value(.bool(true))),
        Case(name: "y_empty_array", bytes: handMadePropertyList([[0xA0]]), outcome: .value(.array([]))),
        Case(name: "y_empty_dictionary", bytes: handMadePropertyList([[0xD0]]), outcome: .value(.dictionary([:]))),
        Case(name: "y_int_1_byte", bytes: handMadePropertyList([[0x10, 0xFF]]), outcome: .value(.integer(255))),
        Case(name: "y_int_2_bytes", bytes: handMadePropertyList([[0x11, 0x01, 0x00]]), outcome: .value(.integer(256))),
        Case(name: "y_int_8_bytes_negative", bytes: handMadePropertyList([[0x13] + Array(repeating: 0xFF, count: 8)]),
             outcome: .value(.integer(-1))),
        Case(name: "y_int_16_bytes_above_int64", bytes: handMadePropertyList([[0x14] + Array(repeating: 0, count: 8)
                                                                               + Array(repeating: 0xFF, count: 8)]),
             outcome: .value(.unsignedInteger(.max))),
        Case(name: "y_real_4_bytes", bytes: handMadePropertyList([[0x22, 0x3F, 0xC0, 0x00, 0x00]]), outcome: .value(.real(1.5))),
        Case(name: "y_utf16", bytes: handMadePropertyList([[0x62, 0x00, 0x65, 0x03, 0x01]]),
             outcome: .value(.string("e\u{301}"))),
        Case(name: "y_count_as_integer", bytes: handMadePropertyList([[0x5F, 0x10, 0x0F] + Array(repeating: 0x61, count: 15)]),
             outcome: .value(.string(String(repeating: "a", count: 15)))),
        Case(name: "y_dictionary", bytes: handMadePropertyList([[0xD1, 0x01, 0x02], [0x51, 0x6B], [0x08]]),
             outcome: .value(.dictionary(["k": .bool(false)]))),
        Case(name: "y_shared_scalar", bytes: handMadePropertyList([[0xA2, 0x01, 0x01], [0x09]]),
             outcome: .value(.array([.bool(true), .bool(true)]))),
        Case(name: "y_nested_at_the_limit", bytes: nested(256), outcome: .value({
            var value = PropertyListValue.bool(true)
            for _ in 0..<256 { value = .array([value]) }
            return value
        }())),

        Case(name: "n_empty", bytes: Data(), outcome: .truncated),
        Case(name: "n_json", bytes: Data("{\"a\": 1}".utf8), outcome: .notAPropertyList),
        Case(name: "n_header_cut", bytes: Data("bplis".utf8), outcome: .truncated),
        Case(name: "n_version", bytes: Data("bplist01".utf8) + bool.dropFirst(8), outcome: .corrupt),
        Case(name: "n_no_trailer", bytes: bool.prefix(20), outcome: .truncated),
        Case(name: "n_offset_size_0", bytes: trailer(bool, 6, 0), outcome: .truncated),
        Case(name: "n_offset_size_9", bytes: trailer(bool, 6, 9), outcome: .truncated),
        Case(name: "n_reference_size_0", bytes: trailer(bool, 7, 0), outcome: .truncated),
        Case(name: "n_object_count_0", bytes: trailerWord(bool, 8, 0), outcome: .truncated),
        Case(name: "n_object_count_huge", bytes: trailerWord(bool, 8, .max), outcome: .truncated),
        Case(name: "n_top_out_of_range", bytes: trailerWord(bool, 16, 1), outcome: .truncated),
        Case(name: "n_table_in_header", bytes: trailerWord(bool, 24, 3), outcome: .truncated),
        Case(name: "n_table_past_trailer", bytes: trailerWord(bool, 24, 1 << 40), outcome: .truncated),
        Case(name: "n_table_runs_into_trailer", bytes: trailerWord(trailerWord(bool, 8, 20), 24, 9), outcome: .truncated),
        Case(name: "n_offset_into_header", bytes: {
            var bytes = [UInt8](bool)
            bytes[9] = 2
            return Data(bytes)
        }(), outcome: .corrupt),
        Case(name: "n_offset_past_objects", bytes: {
            var bytes = [UInt8](bool)
            bytes[9] = 0xF0
            return Data(bytes)
        }(), outcome: .corrupt),
        Case(name: "n_reference_out_of_range", bytes: handMadePropertyList([[0xA1, 0x05], [0x09]]), outcome: .corrupt),
        Case(name: "n_array_contains_itself", bytes: handMadePropertyList([[0xA1, 0x00]]), outcome: .corrupt),
        Case(name: "n_cycle_of_three", bytes: handMadePropertyList([[0xA1, 0x01], [0xA1, 0x02], [0xA1, 0x00]]),
             outcome: .corrupt),
        Case(name: "n_dictionary_contains_itself", bytes: handMadePropertyList([[0xD1, 0x01, 0x00], [0x51, 0x6B]]),
             outcome: .corrupt),
        Case(name: "n_shared_containers", bytes: handMadePropertyList((0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
                                                                     + [[0x09]]),
             outcome: .corrupt),
        Case(name: "n_dictionary_key_not_string", bytes: handMadePropertyList([[0xD1, 0x01, 0x01], [0x09]]), outcome: .corrupt),
        Case(name: "n_dictionary_repeats_key", bytes: handMadePropertyList([[0xD2, 0x01, 0x01, 0x02, 0x02], [0x51, 0x6B], [0x09]]),
             outcome: .corrupt),
        Case(name: "n_array_references_past_end", bytes: handMadePropertyList([[0xA3, 0x01]]), outcome: .corrupt),
        Case(name: "n_huge_count", bytes: handMadePropertyList([[0x4F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]),
             outcome: .corrupt),
        Case(name: "n_huge_array_count", bytes: handMadePropertyList([[0xAF, 0x13, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]),
             outcome: .corrupt),
        Case(name: "n_count_not_an_integer", bytes: handMadePropertyList([[0x5F, 0x51, 0x61]]), outcome: .corrupt),
        Case(name: "n_count_of_16_bytes", bytes: handMadePropertyList([[0x5F, 0x14] + Array(repeating: 0, count: 16)]),
             outcome: .corrupt),
        Case(name: "n_count_cut", bytes: handMadePropertyList([[0x5F]]), outcome: .corrupt),
        Case(name: "n_string_past_end", bytes: handMadePropertyList([[0x55, 0x61]]), outcome: .corrupt),
        Case(name: "n_ascii_with_high_byte", bytes: handMadePropertyList([[0x51, 0x80]]), outcome: .corrupt),
        Case(name: "n_utf16_lone_surrogate", bytes: handMadePropertyList([[0x61, 0xD8, 0x00]]), outcome: .corrupt),
        Case(name: "n_int_32_bytes", bytes: handMadePropertyList([[0x15] + Array(repeating: 0, count: 32)]), outcome: .corrupt),
        Case(name: "n_int_128_bits", bytes: handMadePropertyList([[0x14, 0, 0, 0, 0, 0, 0, 0, 1] + Array(repeating: 0, count: 8)]),
             outcome: .corrupt),
        Case(name: "n_int_cut", bytes: handMadePropertyList([[0x13, 0x01]]), outcome: .corrupt),
        Case(name: "n_real_2_bytes", bytes: handMadePropertyList([[0x21, 0x00, 0x00]]), outcome: .corrupt),
        Case(name: "n_date_4_bytes", bytes: handMadePropertyList([[0x32, 0x00, 0x00, 0x00, 0x00]]), outcome: .corrupt),
        Case(name: "n_null", bytes: handMadePropertyList([[0x00]]), outcome: .corrupt),
        Case(name: "n_fill", bytes: handMadePropertyList([[0x0F]]), outcome: .corrupt),
        Case(name: "n_uid", bytes: handMadePropertyList([[0x80, 0x01]]), outcome: .corrupt),
        Case(name: "n_set", bytes: handMadePropertyList([[0xC1, 0x01], [0x09]]), outcome: .corrupt),
        Case(name: "n_unknown_marker", bytes: handMadePropertyList([[0x70]]), outcome: .corrupt),
        Case(name: "n_nested_past_the_limit", bytes: nested(257), outcome: .corrupt),
        Case(name: "n_nested_far_past_the_limit", bytes: nested(5_000), outcome: .corrupt),
    ]

    @Test("hand-made inputs are read or refused as the table says", arguments: cases)
    func input(_ input: Case) {
        let outcome: Outcome
        do {
            outcome = .value(try BinaryPropertyListReader.value(from: input.bytes, maximumDepth: 256))
        } catch {
            switch error {
            case .notAPropertyList: outcome = .notAPropertyList
            case .truncated: outcome = .truncated
            case .corrupt: outcome = .corrupt
            case .tooDeepForStack: outcome = .tooDeepForStack
            }
        }
        #expect(outcome == input.outcome)
    }

    @Test("every prefix and every one-byte change of the table's valid inputs is read or refused, never crashed on")
    func mutations() {
        var read = 0, refused = 0
        for input in Self.cases where input.name.hasPrefix("y_") && input.bytes.count < 400 {
            let bytes = [UInt8](input.bytes)
            var variants = (0..<bytes.count).map { Data(bytes.prefix($0)) }
            for position in bytes.indices {
                for byte: UInt8 in [0x00, 0x01, 0x0F, 0x7F, 0x80, 0xFF] {
                    var changed = bytes
                    changed[position] = byte
                    variants.append(Data(changed))
                }
            }
            for variant in variants {
                if (try? BinaryPropertyListReader.value(from: variant, maximumDepth: 256)) != nil { read += 1 } else { refused += 1 }
            }
        }
        #expect(read > 0 && refused > 0)
    }
}
