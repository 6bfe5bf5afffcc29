import Foundation

/// An 80-bit extended-precision number (`Float80`, which only x86 has) as
/// its fields, so that every platform can read an archive holding one: the
/// sign and 15-bit exponent, and the 63 fraction bits (`Float80`'s
/// `significandBitPattern`; the explicit integer bit follows from the exponent).
///
/// Archived as `{"$float80": <10 bytes>}`: the sign and exponent as two
/// bytes, then the fraction bits as eight, both big-endian.
struct ExtendedReal: Equatable {
    /// The sign (top bit) and the biased exponent (low 15 bits).
    var signAndExponent: UInt16
    /// The fraction bits below the explicit integer bit.
    var fraction: UInt64

    /// The archived bytes.
    var data: Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        for shift in [8, 0] { bytes.append(UInt8(truncatingIfNeeded: signAndExponent >> UInt16(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: fraction >> UInt64(shift))) }
        return Data(bytes)
    }

    /// The number archived as `data`, or `nil` unless it is 10 bytes whose
    /// fraction fits in 63 bits.
    init?(data: Data) {
        guard data.count == 10 else { return nil }
        let bytes = [UInt8](data)
        signAndExponent = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        fraction = bytes[2...].reduce(0) { $0 << 8 | UInt64($1) }
        guard fraction >> 63 == 0 else { return nil }  // 32-bit: a UInt64 shift, no Int involved
    }

    #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
    /// The fields of `value` when it is a `Float80`.
    init?(_ value: Any) {
        guard let number = value as? Float80 else { return nil }
        signAndExponent = (number.sign == .minus ? 0x8000 : 0) | UInt16(number.exponentBitPattern)
        fraction = number.significandBitPattern
    }

    var float80: Float80 {
        Float80(sign: signAndExponent >> 15 == 1 ? .minus : .plus,
                exponentBitPattern: UInt(signAndExponent & 0x7FFF), significandBitPattern: fraction)  // 32-bit: 15 bits; Float80 exists only on x86
    }
    #else
    /// `nil`: this platform has no `Float80`.
    init?(_ value: Any) { nil }
    #endif
}
