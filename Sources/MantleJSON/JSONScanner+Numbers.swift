// The scanner's numbers: the RFC 8259 grammar, validated; converted only on
// access (`JSONDocument+Numbers.swift`).

extension JSONScanner {
    /// Scans a number at `pos` (first byte `-` or a digit), validating the RFC 8259 grammar,
    /// and appends its node.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    mutating func scanNumber(depth: Int) throws(JSONDataError) {
        let start = pos
        var flags = JSONNode.numberIsInteger
        if p[pos] == UInt8(ascii: "-") {
            flags |= JSONNode.numberIsNegative
            pos &+= 1
        }
        guard pos < end, Self.isDigit(p[pos]) else {
            throw Self.error("invalid number (expected a digit)", at: pos)
        }
        if p[pos] == UInt8(ascii: "0") {
            pos &+= 1
            if pos < end && Self.isDigit(p[pos]) {
                throw Self.error("invalid number (leading zeros are not allowed)", at: start)
            }
        } else {
            pos &+= 1
            skipDigits()
        }
        if pos < end && p[pos] == UInt8(ascii: ".") {
            flags &= ~JSONNode.numberIsInteger
            pos &+= 1
            guard pos < end, Self.isDigit(p[pos]) else {
                throw Self.error("invalid number (expected a digit after '.')", at: pos)
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
                throw Self.error("invalid number (expected a digit in the exponent)", at: pos)
            }
            skipDigits()
        }
        stacks.nodes.append(JSONNode(scalar: .number, textStart: start, textLength: pos &- start, offset: start,
                              flags: flags, depth: depth))
    }

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10
    }

    /// Skips ASCII digits, eight at a time while eight bytes remain.
    @inline(__always)
    private mutating func skipDigits() {
        while end &- pos >= 8 {
            let mask = Self.nonDigitMask(Self.load(p + pos))
            if mask != 0 {
                pos &+= mask.trailingZeroBitCount &>> 3
                return
            }
            pos &+= 8
        }
        while pos < end && Self.isDigit(p[pos]) { pos &+= 1 }
    }

    /// Marks (with bit 7) the bytes of `w` that are not ASCII digits. The lowest marked byte
    /// is always exact: a borrow or carry between bytes only starts at a marked byte.
    ///
    /// Per byte `b`: below `0x30` when `b - 0x30` wraps while `b < 0x80`; above `0x39` when
    /// `b + 0x46` reaches `0x80` (no carry out below `0x80`); `0x80` and above by bit 7.
    @inline(__always)
    static func nonDigitMask(_ w: UInt64) -> UInt64 {  // 32-bit: UInt64 words throughout
        let ones: UInt64 = 0x0101_0101_0101_0101
        let below = (w &- ones &* 0x30) & ~w
        let above = w &+ ones &* 0x46
        return (below | above | w) & 0x8080_8080_8080_8080
    }

    /// The value of the eight ASCII digits in `w`, the first in its lowest byte (as ``load(_:)``
    /// reads them): pairs, then quadruples, then all eight, by multiplications (fast_float's
    /// `parse_eight_digits_unrolled`).
    @inline(__always)
    static func eightDigits(_ w: UInt64) -> UInt64 {  // 32-bit: UInt64 words throughout
        var value = w &- 0x3030_3030_3030_3030
        value = value &* 10 &+ value &>> 8
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let pairs = (value & mask) &* (100 &+ 1_000_000 &<< 32)
        let quads = (value &>> 16 & mask) &* (1 &+ 10_000 &<< 32)
        return (pairs &+ quads) &>> 32
    }
}
