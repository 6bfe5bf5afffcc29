// The scanner's numbers: the RFC 8259 grammar, validated; converted only on
// access (`JSONDocument+Numbers.swift`).

extension JSONScanner {
    /// Scans a number at `pos` (first byte `-` or a digit), validating the RFC 8259 grammar,
    /// and appends its node.
    @inline(__always)
    mutating func scanNumber(depth: Int) throws(JSONDataError) {
        let start = pos
        var flags = JSONNode.numberIsInteger
        if p[pos] == UInt8(ascii: "-") {
            flags |= JSONNode.numberIsNegative
            pos &+= 1
        }
        guard pos < end, Self.isDigit(p[pos]) else {
            throw JSONDataError("invalid number (expected a digit)", at: pos)
        }
        if p[pos] == UInt8(ascii: "0") {
            pos &+= 1
            if pos < end && Self.isDigit(p[pos]) {
                throw JSONDataError("invalid number (leading zeros are not allowed)", at: start)
            }
        } else {
            pos &+= 1
            skipDigits()
        }
        if pos < end && p[pos] == UInt8(ascii: ".") {
            flags &= ~JSONNode.numberIsInteger
            pos &+= 1
            guard pos < end, Self.isDigit(p[pos]) else {
                throw JSONDataError("invalid number (expected a digit after '.')", at: pos)
            }
            skipDigits()
        }
        if pos < end && (p[pos] | 0x20) == UInt8(ascii: "e") {
            flags &= ~JSONNode.numberIsInteger
            pos &+= 1
            if pos < end && (p[pos] == UInt8(ascii: "+") || p[pos] == UInt8(ascii: "-")) {
                pos &+= 1
            }
            guard pos < end, Self.isDigit(p[pos]) else {
                throw JSONDataError("invalid number (expected a digit in the exponent)", at: pos)
            }
            skipDigits()
        }
        nodes.append(JSONNode(scalar: .number, textStart: start, textLength: pos &- start, offset: start,
                              flags: flags, depth: depth))
    }

    /// Whether `c` is an ASCII digit.
    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10
    }

    /// Skips ASCII digits.
    @inline(__always)
    private mutating func skipDigits() {
        while pos < end && Self.isDigit(p[pos]) { pos &+= 1 }
    }
}
