import Foundation

/// One value of a property list, as ``BinaryPropertyListWriter`` writes it and
/// ``BinaryPropertyListReader`` reads it back.
///
/// This is the subset of the binary property list (`bplist00`) object kinds
/// that model archives use. It has no `null`, set or UID cases: those markers
/// are rejected when reading.
enum PropertyListValue: Equatable, Sendable {
    /// A string (written as ASCII when it is pure ASCII, UTF-16 otherwise).
    case string(String)
    case integer(Int64)
    /// An unsigned integer above `Int64.max` (a 16-byte integer object).
    case unsignedInteger(UInt64)
    /// A floating-point number (written as 64-bit).
    case real(Double)
    case bool(Bool)
    /// A date, in seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
}
