import Foundation

/// One archived value, after the archive's structure has been checked (see
/// ``ArchiveFormat`` for how each case is written).
indirect enum ArchivedValue {
    case null
    /// A nested optional's `.some` around a value (an inner `nil`, or another `.some`).
    case wrapped(ArchivedValue)
    case string(String)
    case integer(Int64)
    /// An integer above `Int64.max`.
    case unsignedInteger(UInt64)
    case real(Double)
    /// An 80-bit extended-precision number that a `Double` cannot hold.
    case extendedReal(ExtendedReal)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case url(URL)
    case uuid(UUID)
    case decimal(Decimal)
    case array([ArchivedValue])
    /// A set's elements.
    case set([ArchivedValue])
    case dictionary([String: ArchivedValue])
    /// A struct model, inline.
    case model(ArchivedModel)
    /// A class model: an index into the object table (checked to be in range).
    case reference(Int)

    /// What the value is, for error messages: `string "abc"`, `integer 5`, `model MyApp.User`.
    var summary: String {
        switch self {
        case .null: return "null"
        case .wrapped(let inner): return "some(\(inner.summary))"
        case .extendedReal: return "80-bit real"
        case .string(let string):
            let shown = string.count > 60 ? String(string.prefix(57)) + "..." : string
            return "string \(String(reflecting: shown))"
        case .integer(let value): return "integer \(value)"
        case .unsignedInteger(let value): return "integer \(value)"
        case .real(let value): return "real \(value)"
        case .bool(let value): return "Bool \(value)"
        case .date(let date): return "date \(date.timeIntervalSinceReferenceDate)s after 2001-01-01"
        case .data(let data): return "data of \(data.count) bytes"
        case .url(let url): return "URL \(url.absoluteString.prefix(60))"
        case .uuid(let uuid): return "UUID \(uuid.uuidString)"
        case .decimal(let decimal): return "decimal \(decimal)"
        case .array(let items): return "array of \(items.count)"
        case .set(let items): return "set of \(items.count)"
        case .dictionary(let dictionary): return "dictionary of \(dictionary.count)"
        case .model(let model): return "model \(model.typeName)"
        case .reference(let index): return "object reference \(index)"
        }
    }
}

/// One model entry: a struct inline, or an object-table entry.
struct ArchivedModel {
    /// The archived type name (normalized, see ``ArchiveTypeName``).
    var typeName: String
    /// The model version it was archived at.
    var version: Int
    var values: [String: ArchivedValue]
}

/// A whole archive, with its structure checked.
struct ArchiveContents {
    /// The index of the root model in ``objects``.
    var root: Int
    /// The object table.
    var objects: [ArchivedModel]
}

extension ArchiveContents {
    /// Checks the structure of a property list read from an archive.
    ///
    /// - Throws: ``ModelArchiverError`` with ``ModelArchiverError/Code/notAnArchive`` when
    ///   the property list is not a model archive at all,
    ///   ``ModelArchiverError/Code/unsupportedFormatVersion(archived:supported:)``
    ///   for a newer format, and ``ModelArchiverError/Code/corruptData`` for
    ///   anything malformed (a wrong field type, an unknown tag, a reference
    ///   out of range).
    init(propertyList: PropertyListValue) throws {
        guard case .dictionary(let top) = propertyList,
              case .string(ArchiveFormat.archiverName)? = top[ArchiveFormat.archiverKey] else {
            throw ModelArchiverError(code: .notAnArchive, detail: "the property list has no \"\(ArchiveFormat.archiverKey)\": "
                               + "\"\(ArchiveFormat.archiverName)\" marker")
        }
        guard case .integer(let format)? = top[ArchiveFormat.formatKey], format >= 1 else {
            throw Self.corrupt("\"\(ArchiveFormat.formatKey)\" is missing or not a positive integer")
        }
        guard format <= Int64(ArchiveFormat.version) else {
            throw ModelArchiverError(code: .unsupportedFormatVersion(archived: Int(clamping: format),
                                                               supported: ArchiveFormat.version))
        }
        guard case .array(let entries)? = top[ArchiveFormat.objectsKey], !entries.isEmpty else {
            throw Self.corrupt("\"\(ArchiveFormat.objectsKey)\" is missing or empty")
        }
        guard case .integer(let root)? = top[ArchiveFormat.rootKey], root >= 0, root < Int64(entries.count) else {
            throw Self.corrupt("\"\(ArchiveFormat.rootKey)\" is missing or not an index into the object table")
        }
        let parser = Parser(objectCount: entries.count)
        self.root = Int(root)  // 32-bit: below entries.count, checked above
        self.objects = try entries.enumerated().map { index, entry in
            try parser.model(from: entry, at: "object \(index)")
        }
    }

    /// A `.corruptData` error.
    fileprivate static func corrupt(_ detail: String) -> ModelArchiverError {
        ModelArchiverError(code: .corruptData, detail: detail)
    }

    /// Converts checked property-list values into ``ArchivedValue``s.
    private struct Parser {
        /// The size of the object table, for checking references.
        let objectCount: Int

        func model(from value: PropertyListValue, at location: @autoclosure () -> String) throws -> ArchivedModel {
            guard case .dictionary(let entry) = value, entry.count == 3,
                  case .string(let typeName)? = entry[ArchiveFormat.typeKey],
                  case .integer(let version)? = entry[ArchiveFormat.versionKey],
                  let modelVersion = Int(exactly: version),
                  case .dictionary(let values)? = entry[ArchiveFormat.valuesKey] else {
                throw ArchiveContents.corrupt("\(location()) is not a model entry "
                                              + "({\"$type\": String, \"$version\": Int, \"$values\": {...}})")
            }
            var archived: [String: ArchivedValue] = [:]
            archived.reserveCapacity(values.count)
            for (key, item) in values {
                archived[key] = try self.value(from: item, at: "\(location()).\(key)")
            }
            return ArchivedModel(typeName: typeName, version: modelVersion, values: archived)
        }

        func value(from value: PropertyListValue, at location: @autoclosure () -> String) throws -> ArchivedValue {
            switch value {
            case .string(let string): return .string(string)
            case .integer(let integer): return .integer(integer)
            case .unsignedInteger(let integer): return .unsignedInteger(integer)
            case .real(let real): return .real(real)
            case .bool(let bool): return .bool(bool)
            case .date(let seconds):  // 32-bit: a Double
                // A NaN date is meaningless, and Foundation traps describing one.
                guard !seconds.isNaN else { throw ArchiveContents.corrupt("\(location()) is a NaN date") }
                return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case .data(let data): return .data(data)
            case .array(let items):
                return .array(try items.enumerated().map { try self.value(from: $1, at: "\(location())[\($0)]") })
            case .dictionary(let dictionary):
                return try tagged(dictionary, at: location())
            }
        }

        /// A value written as a tagged dictionary.
        private func tagged(_ dictionary: [String: PropertyListValue], at location: String) throws -> ArchivedValue {
            if dictionary[ArchiveFormat.typeKey] != nil {
                return .model(try model(from: .dictionary(dictionary), at: location))
            }
            let malformed = ArchiveContents.corrupt("\(location) is a dictionary that is not a known tagged value")
            if dictionary.count == 2, case .string(let relative)? = dictionary[ArchiveFormat.urlKey],
               case .string(let baseString)? = dictionary[ArchiveFormat.urlBaseKey] {
                guard let base = URL(string: baseString), let url = URL(string: relative, relativeTo: base) else {
                    throw ArchiveContents.corrupt("\(location) is not a valid URL")
                }
                return .url(url)
            }
            guard dictionary.count == 1, let (tag, content) = dictionary.first else { throw malformed }
            switch (tag, content) {
            case (ArchiveFormat.nullKey, .bool(true)):
                return .null
            case (ArchiveFormat.someKey, _):
                return .wrapped(try self.value(from: content, at: location))
            case (ArchiveFormat.float80Key, .data(let data)):
                guard let number = ExtendedReal(data: data) else {
                    throw ArchiveContents.corrupt("\(location) is not an 80-bit real (10 bytes)")
                }
                return .extendedReal(number)
            case (ArchiveFormat.referenceKey, .integer(let index)):
                guard index >= 0, index < Int64(objectCount) else {
                    throw ArchiveContents.corrupt("\(location) refers to object \(index) of \(objectCount)")
                }
                return .reference(Int(index))  // 32-bit: below objectCount, checked above
            case (ArchiveFormat.setKey, .array(let items)):
                return .set(try items.enumerated().map { try self.value(from: $1, at: "\(location)[\($0)]") })
            case (ArchiveFormat.dictionaryKey, .dictionary(let items)):
                var result: [String: ArchivedValue] = [:]
                result.reserveCapacity(items.count)
                for (key, item) in items { result[key] = try self.value(from: item, at: "\(location)[\"\(key)\"]") }
                return .dictionary(result)
            case (ArchiveFormat.urlKey, .string(let string)):
                guard let url = URL(string: string) else { throw ArchiveContents.corrupt("\(location) is not a valid URL") }
                return .url(url)
            case (ArchiveFormat.uuidKey, .string(let string)):
                guard let uuid = UUID(uuidString: string) else {
                    throw ArchiveContents.corrupt("\(location) is not a valid UUID")
                }
                return .uuid(uuid)
            case (ArchiveFormat.decimalKey, .string(let string)):
                guard let decimal = DecimalText.decimal(from: string) else {
                    throw ArchiveContents.corrupt("\(location) is not a valid decimal number")
                }
                return .decimal(decimal)
            default:
                throw malformed
            }
        }
    }
}

/// How decimals are written in archives: `Decimal.description` (plain
/// digits, `-`, `.`, or `NaN`), read back strictly.
enum DecimalText {
    /// The archived text of `decimal`.
    static func text(for decimal: Decimal) -> String {
        decimal.isNaN ? "NaN" : decimal.description
    }

    /// The decimal written as `text`, or `nil` if `text` is not one.
    static func decimal(from text: String) -> Decimal? {
        if text == "NaN" { return Decimal.nan }
        let allowed = Set("0123456789-+.eE")
        guard !text.isEmpty, text.count <= 200, text.allSatisfy(allowed.contains),
              text.contains(where: \.isNumber) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
