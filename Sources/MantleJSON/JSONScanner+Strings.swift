// The scanner's strings: finding the closing quote eight bytes at a time,
// validating escapes (`JSONEscapes`) and multi-byte UTF-8.

extension JSONScanner {
    /// Marks (with bit 7) the bytes of `w` that need attention inside a string: `"`, `\`,
    /// control characters (< 0x20) and non-ASCII bytes. The lowest marked byte is always exact.
    @inline(__always)
    private static func specialMask(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let q = w ^ (ones &* 0x22)
        let b = w ^ (ones &* 0x5C)
        let quote = (q &- ones) & ~q
        let backslash = (b &- ones) & ~b
        let control = (w &- ones &* 0x20) & ~w
        return (quote | backslash | control | w) & high
    }

    /// The offset of the first of the sixteen bytes at `address` that needs attention inside
    /// a string (`"`, `\\`, a control character below 0x20 or a non-ASCII byte), or 16 when
    /// there is none. Three vector compares (`SIMD16<Int8>`: a signed `< 0x20` takes both control
    /// and non-ASCII bytes); the compare mask's two halves, 0xFF per marked byte, are tested as
    /// words, and the first marked byte is the lowest set bit's.
    ///
    /// SAFETY: the caller checks that sixteen bytes remain at `address` (`end - pos >= 16`);
    /// `loadUnaligned` needs no alignment.
    @inline(__always)
    static func firstSpecialByte(_ address: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(address).loadUnaligned(as: SIMD16<Int8>.self)
        // Vector operands typed in full: the overloads taking a scalar, and `SIMD16(repeating:)`
        // left to inference, compile to a loop over the lanes (measured: 3× the scan's cost).
        let control = SIMD16<Int8>(repeating: 0x20), quote = SIMD16<Int8>(repeating: 0x22)
        let backslash = SIMD16<Int8>(repeating: 0x5C)
        let marked = (v .< control) .| (v .== quote) .| (v .== backslash)
        let halves = unsafeBitCast(marked, to: SIMD2<UInt64>.self)
        if halves[0] != 0 { return halves[0].trailingZeroBitCount &>> 3 }
        return 8 &+ halves[1].trailingZeroBitCount &>> 3
    }

    /// Scans the string whose opening quote is at `pos`; on return `pos` is at the closing quote.
    /// Returns its flags: ``JSONNode/stringHasEscapes`` when it contains escapes,
    /// ``JSONNode/stringHasNonASCII`` when its raw bytes include any above 0x7F.
    @inline(__always)
    mutating func scanString() throws(JSONDataError) -> UInt8 {
        let quote = pos
        pos &+= 1
        var flags: UInt8 = 0
        while true {
            find: do {
                while end &- pos >= 16 {
                    let offset = Self.firstSpecialByte(p + pos)
                    pos &+= offset
                    if offset < 16 { break find }
                }
                while end &- pos >= 8 {
                    let m = Self.specialMask(Self.load(p + pos))
                    if m != 0 {
                        pos &+= m.trailingZeroBitCount &>> 3
                        break find
                    }
                    pos &+= 8
                }
            }
            guard pos < end else {
                throw Self.error("unterminated string", at: quote)
            }
            let c = p[pos]
            if c == UInt8(ascii: "\"") {
                return flags
            } else if c == UInt8(ascii: "\\") {
                flags |= JSONNode.stringHasEscapes
                try scanEscape(quote: quote)
            } else if c >= 0x80 {
                flags |= JSONNode.stringHasNonASCII
                try scanUTF8(lead: c)
            } else if c < 0x20 {
                throw Self.controlCharacterError(c, at: pos)
            } else {
                pos &+= 1
            }
        }
    }

    /// Validates the escape sequence whose backslash is at `pos` (``JSONEscapes``) and skips it.
    private mutating func scanEscape(quote: Int) throws(JSONDataError) {
        guard end &- pos >= 2 else {
            throw JSONDataError("unterminated string", at: quote)
        }
        // SAFETY: `p[0..<end]` is the input (see `scan`); `escape` reads only inside the
        // buffer it is given, checking each length first.
        switch JSONEscapes.escape(in: UnsafeBufferPointer(start: p, count: end), at: pos) {
        case .scalar(_, let length):
            pos &+= length
        case .unknownLetter:
            throw JSONDataError("invalid escape sequence '\\\(JSONDataError.describe(byte: p[pos + 1]))'", at: pos)
        case .missingHexDigits:
            throw JSONDataError("invalid \\u escape (expected four hex digits)", at: pos)
        case .unpairedHighSurrogate:
            throw JSONDataError("unpaired UTF-16 high surrogate escape", at: pos)
        case .unpairedLowSurrogate:
            throw JSONDataError("unpaired UTF-16 low surrogate escape", at: pos)
        }
    }

    /// Validates the multi-byte UTF-8 sequences from `pos`, whose first lead byte (>= 0x80) is
    /// `lead`, and skips them: one after another while the next byte is not ASCII (text in
    /// other scripts, without returning to the string loop and its word scan per character).
    ///
    /// The common sequences (two bytes, and three bytes led by `E1`…`EC`, `EE` or `EF`, whose
    /// continuation bytes may be any of `80`…`BF`) are checked on one four-byte word, which also
    /// holds the byte after them; the rest, and every invalid sequence, go byte by byte.
    private mutating func scanUTF8(lead: UInt8) throws(JSONDataError) {
        var lead = lead
        while true {
            // Five plain three-byte sequences in a row (CJK text) on one sixteen-byte vector.
            while end &- pos >= 16 {
                // SAFETY: sixteen bytes remain at `pos` (the loop's condition); `loadUnaligned`
                // needs no alignment.
                let v = UnsafeRawPointer(p + pos).loadUnaligned(as: SIMD16<UInt8>.self)
                guard Self.startsWithFiveThreeByteSequences(v) else { break }
                pos &+= 15
                lead = v[15]
                if lead < 0x80 { return }
            }
            // Two plain three-byte sequences in a row on one eight-byte word.
            while end &- pos >= 8 {
                // SAFETY: eight bytes remain at `pos` (the loop's condition).
                let w = Self.load(p + pos)
                let lead2 = UInt8(truncatingIfNeeded: w &>> 24)
                guard w & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0,  // 32-bit: `w` is a UInt64
                      lead != 0xE0, lead != 0xED, lead2 != 0xE0, lead2 != 0xED
                else { break }
                pos &+= 6
                lead = UInt8(truncatingIfNeeded: w &>> 48)  // 32-bit: `w` is a UInt64
                if lead < 0x80 { return }
            }
            if end &- pos >= 4 {
                // SAFETY: four bytes remain at `pos` (checked just above).
                let w = UInt32(littleEndian: UnsafeRawPointer(p + pos).loadUnaligned(as: UInt32.self))
                if lead &- 0xE1 <= 0xEF &- 0xE1 && lead != 0xED {
                    if w & 0x00C0_C000 == 0x0080_8000 {
                        pos &+= 3
                        lead = UInt8(truncatingIfNeeded: w &>> 24)
                        if lead < 0x80 { return }
                        continue
                    }
                } else if lead &- 0xC2 <= 0xDF &- 0xC2 {
                    if w & 0xC000 == 0x8000 {
                        pos &+= 2
                        lead = UInt8(truncatingIfNeeded: w &>> 16)
                        if lead < 0x80 { return }
                        continue
                    }
                }
            }
            try scanUTF8Sequence(lead: lead)
            guard pos < end, p[pos] >= 0x80 else { return }
            lead = p[pos]
        }
    }

    /// Whether the first fifteen of the sixteen bytes `v` are five plain three-byte UTF-8
    /// sequences: each a lead byte `E1`…`EC`, `EE` or `EF` followed by two continuation bytes
    /// `80`…`BF` (the leads whose continuation bytes may be any; `E0` and `ED` restrict their
    /// second byte and are left to the checks after this one). The sixteenth byte is not looked at.
    @inline(__always)
    static func startsWithFiveThreeByteSequences(_ v: SIMD16<UInt8>) -> Bool {
        // Vector operands typed in full (see `firstSpecialByte`); the lane constants as two
        // little-endian words (lane 0 in the first word's lowest byte), which compile to loads
        // (lane by lane, they compile to lane operations): `pattern` is F0 C0 C0 five times,
        // then 00; `expected` E0 80 80 five times, then 00; `leadLanes` FF 00 00 five times, then 00.
        let pattern = unsafeBitCast(SIMD2<UInt64>(0xC0F0_C0C0_F0C0_C0F0, 0x00C0_C0F0_C0C0_F0C0), to: SIMD16<UInt8>.self)
        let expected = unsafeBitCast(SIMD2<UInt64>(0x80E0_8080_E080_80E0, 0x0080_80E0_8080_E080), to: SIMD16<UInt8>.self)
        let leadLanes = unsafeBitCast(SIMD2<UInt64>(0x00FF_0000_FF00_00FF, 0x0000_00FF_0000_FF00), to: SIMD16<UInt8>.self)
        let e0 = SIMD16<UInt8>(repeating: 0xE0), ed = SIMD16<UInt8>(repeating: 0xED)
        let leads = v & leadLanes
        let bad = ((v & pattern) .!= expected) .| (leads .== e0) .| (leads .== ed)
        let halves = unsafeBitCast(bad, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] == 0
    }

    /// Validates one multi-byte UTF-8 sequence whose lead byte (>= 0x80) is at `pos`; skips it.
    @inline(__always)
    private mutating func scanUTF8Sequence(lead: UInt8) throws(JSONDataError) {
        /// Whether the byte `i` places after the lead exists and lies in `range`.
        @inline(__always) func byte(_ i: Int, _ range: ClosedRange<UInt8>) -> Bool {
            pos &+ i < end && range.contains(p[pos &+ i])
        }
        let cont: ClosedRange<UInt8> = 0x80...0xBF
        let length: Int
        let valid: Bool
        switch lead {
        case 0xC2...0xDF:
            length = 2; valid = byte(1, cont)
        case 0xE0:
            length = 3; valid = byte(1, 0xA0...0xBF) && byte(2, cont)
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3; valid = byte(1, cont) && byte(2, cont)
        case 0xED:
            length = 3; valid = byte(1, 0x80...0x9F) && byte(2, cont)
        case 0xF0:
            length = 4; valid = byte(1, 0x90...0xBF) && byte(2, cont) && byte(3, cont)
        case 0xF1...0xF3:
            length = 4; valid = byte(1, cont) && byte(2, cont) && byte(3, cont)
        case 0xF4:
            length = 4; valid = byte(1, 0x80...0x8F) && byte(2, cont) && byte(3, cont)
        default:
            length = 1; valid = false
        }
        guard valid else {
            throw JSONDataError("invalid UTF-8 in string", at: pos)
        }
        pos &+= length
    }
}
