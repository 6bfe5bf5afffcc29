//  The declaration matrix: struct and class variants of every kind of stored
//  property a Swift developer may declare, each through every model
//  operation (property keys, init(dictionary:) with right and wrong types,
//  dictionaryValue, ==/hash consistency, description, merge, copy) and a JSON
//  round trip. Each row runs in a child process (an exit test), so that a
//  crash fails that row alone; the child prints which check failed.

import Foundation
import Testing
@testable import JSONAdapter

// MARK: - Values a holder can hold

/// A property type under test, with two distinct sample values and a value of the wrong type.
protocol DeclarationMatrixValue {
    /// The default (what `init()` stores).
    static var initial: Self { get }
    /// Another value, different from ``initial`` under the model rules.
    static var sample: Self { get }
    /// Something `init(dictionary:)` must refuse for this type (`nil`: every value is accepted).
    static var wrongInput: Any? { get }
}

extension Int: DeclarationMatrixValue {
    static var initial: Int { 0 }
    static var sample: Int { 42 }
    static var wrongInput: Any? { "42" }
}
extension String: DeclarationMatrixValue {
    static var initial: String { "" }
    static var sample: String { "octocat" }
    static var wrongInput: Any? { 1 }
}
extension Bool: DeclarationMatrixValue {
    static var initial: Bool { false }
    static var sample: Bool { true }
    static var wrongInput: Any? { 1 }
}
extension Double: DeclarationMatrixValue {
    static var initial: Double { 0 }
    static var sample: Double { 2.5 }
    static var wrongInput: Any? { "2.5" }
}
extension Optional: DeclarationMatrixValue where Wrapped: DeclarationMatrixValue {
    static var initial: Wrapped? { nil }
    static var sample: Wrapped? { .some(Wrapped.sample) }
    static var wrongInput: Any? { Wrapped.wrongInput }
}
extension JSONOptional: DeclarationMatrixValue where Wrapped: DeclarationMatrixValue {
    static var initial: JSONOptional<Wrapped> { .absent }
    static var sample: JSONOptional<Wrapped> { .value(Wrapped.sample) }
    static var wrongInput: Any? { Wrapped.wrongInput }
}
extension Array: DeclarationMatrixValue where Element: DeclarationMatrixValue {
    static var initial: [Element] { [] }
    static var sample: [Element] { [Element.sample, Element.initial] }
    static var wrongInput: Any? { "not an array" }
}
extension Set: DeclarationMatrixValue where Element: DeclarationMatrixValue {
    static var initial: Set<Element> { [] }
    static var sample: Set<Element> { [Element.sample] }
    static var wrongInput: Any? { 3 }
}
extension Dictionary: DeclarationMatrixValue where Key == String, Value: DeclarationMatrixValue {
    static var initial: [String: Value] { [:] }
    static var sample: [String: Value] { ["a": Value.sample, "b": Value.initial] }
    static var wrongInput: Any? { ["a", "b"] }
}
extension Decimal: DeclarationMatrixValue {
    static var initial: Decimal { 0 }
    static var sample: Decimal { Decimal(string: "12.345") ?? 1 }
    static var wrongInput: Any? { "12" }
}
extension Data: DeclarationMatrixValue {
    static var initial: Data { Data() }
    static var sample: Data { Data([1, 2, 3]) }
    static var wrongInput: Any? { [1, 2, 3] }
}
extension Date: DeclarationMatrixValue {
    static var initial: Date { Date(timeIntervalSince1970: 0) }
    static var sample: Date { Date(timeIntervalSince1970: 1_507_651_200) }
    static var wrongInput: Any? { "yesterday" }
}
extension URL: DeclarationMatrixValue {
    static var initial: URL { URL(fileURLWithPath: "/") }
    static var sample: URL { URL(string: "https://api.github.com/users/octocat") ?? initial }
    static var wrongInput: Any? { 7 }
}
extension Measurement: DeclarationMatrixValue where UnitType == UnitLength {
    static var initial: Measurement<UnitLength> { Measurement(value: 0, unit: .meters) }
    static var sample: Measurement<UnitLength> { Measurement(value: 3, unit: .kilometers) }
    static var wrongInput: Any? { 3 }
}
extension DateComponents: DeclarationMatrixValue {
    static var initial: DateComponents { DateComponents() }
    static var sample: DateComponents { DateComponents(year: 2017, month: 10) }
    static var wrongInput: Any? { "2017-10" }
}
extension AnyHashable: DeclarationMatrixValue {
    static var initial: AnyHashable { AnyHashable(0) }
    static var sample: AnyHashable { AnyHashable("x") }
    static var wrongInput: Any? { nil }
}

@Suite("Declaration matrix")
struct DeclarationMatrixTests {
    #if os(macOS) || os(Linux) || os(Windows)
    @Test("every declaration kind through every model operation (in a child process)", arguments: Checks.rows)
    func row(_ row: Row) async throws {
        // A failed check is written to standard error (the child still exits
        // normally); a crash fails the exit expectation.
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [row] in
            if let failure = Checks.run(row) {
                FileHandle.standardError.write(Data("MATRIX FAILURE \(row.name): \(failure)\n".utf8))
            }
        }
        let errors = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(!errors.contains("MATRIX FAILURE"), "\(errors)")
    }
    #endif

    @Test("the matrix covers struct and class variants")
    func coverage() {
        let names = Checks.rows.map(\.name)
        #expect(names.filter { $0.hasPrefix("struct ") }.count >= 24)
        #expect(names.filter { $0.hasPrefix("class ") }.count >= 27)
    }
}

// MARK: - Declarations under test

extension DeclarationMatrixTests {

    /// A non-Equatable enum with payloads.
    enum Shape: DeclarationMatrixValue {
        case circle(Int)
        case square(Int)
        static var initial: Shape { .circle(2) }
        static var sample: Shape { .square(2) }
        static var wrongInput: Any? { "square" }
    }

    /// A non-Equatable tuple holder.
    struct Pair: DeclarationMatrixValue {
        var pair: (Int, String) = (0, "")
        static var initial: Pair { Pair() }
        static var sample: Pair { Pair(pair: (1, "one")) }
        static var wrongInput: Any? { (1, "one") }
    }

    /// A generic struct nested in the generic holder (nested generics).
    struct Box<T: DeclarationMatrixValue>: DeclarationMatrixValue {
        var content = T.initial
        static var initial: Box<T> { Box() }
        static var sample: Box<T> { Box(content: T.sample) }
        static var wrongInput: Any? { "box" }
    }

    /// A model with one property of type `T` (and a name), as a struct.
    struct StructHolder<T: DeclarationMatrixValue>: JSONSerializing {
        var name = ""
        var value: T = T.initial
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same as a class.
    final class ClassHolder<T: DeclarationMatrixValue>: JSONSerializing {
        var name = ""
        var value: T = T.initial
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// `Any`, `any Equatable` and closures, which have no sample protocol conformance.
    struct ExistentialHolder: JSONSerializing {
        var any: Any = 0
        var equatable: any Equatable = 0
        var closure: @Sendable () -> Int = { 1 }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["any": "any"] }
    }

    final class ExistentialClassHolder: JSONSerializing {
        var any: Any = 0
        var equatable: any Equatable = 0
        var closure: @Sendable () -> Int = { 1 }
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["any": "any"] }
    }

    /// Keyword-named properties.
    struct KeywordHolder: JSONSerializing {
        var `default` = 0
        var `class` = ""
        var `self`: Int? = nil
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    final class KeywordClassHolder: JSONSerializing {
        var `default` = 0
        var `class` = ""
        var `protocol`: Int? = nil
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    protocol Delegate: AnyObject { func tag() -> Int }

    protocol Named: AnyObject { func label() -> String }

    final class DelegateObject: Delegate, Named, @unchecked Sendable {
        func tag() -> Int { 7 }
        func label() -> String { "seven" }
    }

    /// Kept alive for the process, so that weak references to it stay set.
    static let sharedDelegate = DelegateObject()

    /// Weak references: to a class-bound protocol and to a composition.
    struct WeakHolder: JSONSerializing {
        var name = ""
        weak var delegate: (any Delegate)?
        weak var both: (any Delegate & Named)?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    final class WeakClassHolder: JSONSerializing {
        var name = ""
        weak var delegate: (any Delegate)?
        weak var both: (any Delegate & Named)?
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    /// Unowned references of every kind: not part of the model.
    final class UnownedHolder: JSONSerializing {
        var name = ""
        unowned var owner: DelegateObject = DeclarationMatrixTests.sharedDelegate
        unowned(unsafe) var rawOwner: DelegateObject = DeclarationMatrixTests.sharedDelegate
        unowned var maybeOwner: DelegateObject? = DeclarationMatrixTests.sharedDelegate
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    struct UnownedStructHolder: JSONSerializing {
        var name = ""
        unowned var owner: DelegateObject = DeclarationMatrixTests.sharedDelegate
        unowned(unsafe) var rawOwner: DelegateObject = DeclarationMatrixTests.sharedDelegate
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    @propertyWrapper
    struct Clamped: ModelPropertyWrapper, Hashable {
        private var stored: Int
        var wrappedValue: Int {
            get { stored }
            set { stored = min(max(newValue, 0), 100) }
        }
        init(wrappedValue: Int) { stored = min(max(wrappedValue, 0), 100) }
    }

    struct WrapperHolder: JSONSerializing {
        var name = ""
        @Clamped var value = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    final class WrapperClassHolder: JSONSerializing {
        var name = ""
        @Clamped var value = 0
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A wrapper that does not conform to `ModelPropertyWrapper`.
    @propertyWrapper
    struct Unconformed: Hashable {
        var wrappedValue: Int
    }

    /// Its wrapped property read and written through a declared key path.
    struct KeyPathWrapperHolder: JSONSerializing, WrappedPropertiesModel {
        var name = ""
        @Unconformed var value = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["value": \KeyPathWrapperHolder.value] }
    }

    final class KeyPathWrapperClassHolder: JSONSerializing, WrappedPropertiesModel {
        var name = ""
        @Unconformed var value = 0
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["value": \KeyPathWrapperClassHolder.value] }
    }

    /// The same without the declaration: refused at first use.
    struct UnconformedWrapperHolder: JSONSerializing {
        var name = ""
        @Unconformed var value = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    final class UnconformedWrapperClassHolder: JSONSerializing {
        var name = ""
        @Unconformed var value = 0
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    class ShadowBase: JSONSerializing {
        private var value = 0
        var name = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    final class ShadowDerived: ShadowBase {
        var value = "derived"
    }

    final class OperationHolder: Operation, JSONSerializing, @unchecked Sendable {
        var label = ""
        var value = 0
        override required init() { super.init() }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A recursive model (`children` of its own type) and a reference cycle.
    final class RecursiveHolder: JSONSerializing {
        var name = ""
        var value: [RecursiveHolder] = []
        var next: RecursiveHolder?
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "value": "value"] }
    }

    /// How a row is expected to behave.
    enum Expectation: String, Codable, Sendable {
        /// Every operation works exactly; the JSON round trip gives an equal model.
        case works
        /// Every operation works; JSON cannot carry the value (the adapter throws a JSONAdapterError).
        case worksWithoutJSON
        /// Every throwing use refuses the declaration (``ModelError/Code/unsupportedDeclaration``);
        /// the operations that cannot throw work on the other properties.
        case refused
    }

    /// One declaration kind.
    struct Row: Codable, Sendable, CustomTestStringConvertible {
        let name: String
        let expectation: Expectation
        var testDescription: String { name }
    }

    /// Runs every check of a row on model type `M`, returning the first failure.
    enum Checks {
        /// The model types by row name.
        static var types: [String: (type: any JSONSerializing.Type, sample: [String: Any], keys: Set<String>)] {
            var table: [String: (any JSONSerializing.Type, [String: Any], Set<String>)] = [:]
            func add<T: DeclarationMatrixValue>(_ label: String, _ type: T.Type) {
                table["struct " + label] = (StructHolder<T>.self, ["name": "n", "value": T.sample], ["name", "value"])
                table["class " + label] = (ClassHolder<T>.self, ["name": "n", "value": T.sample], ["name", "value"])
            }
            add("Int", Int.self)
            add("String", String.self)
            add("Bool", Bool.self)
            add("Double", Double.self)
            add("Int?", Int?.self)
            add("Int??", Int??.self)
            add("[Int?]", [Int?].self)
            add("[String: Int?]", [String: Int?].self)
            add("JSONOptional<Int>", JSONOptional<Int>.self)
            add("JSONOptional<[String]>", JSONOptional<[String]>.self)
            add("Set<Int>", Set<Int>.self)
            add("[[String]]", [[String]].self)
            add("Decimal", Decimal.self)
            add("Data", Data.self)
            add("Date", Date.self)
            add("URL", URL.self)
            add("Measurement", Measurement<UnitLength>.self)
            add("DateComponents", DateComponents.self)
            add("AnyHashable", AnyHashable.self)
            add("enum with payloads", Shape.self)
            add("tuple", Pair.self)
            add("nested generic", Box<Box<Int>>.self)
            table["struct Any, any Equatable, closure"] = (ExistentialHolder.self, ["any": [1, "x"], "equatable": 5], ["any", "equatable", "closure"])
            table["class Any, any Equatable, closure"] = (ExistentialClassHolder.self, ["any": [1, "x"], "equatable": 5], ["any", "equatable", "closure"])
            table["struct keyword names"] = (KeywordHolder.self, ["default": 1, "class": "c", "self": 3], ["default", "class", "self"])
            table["class keyword names"] = (KeywordClassHolder.self, ["default": 1, "class": "c", "protocol": 3], ["default", "class", "protocol"])
            table["struct weak protocol references"] = (WeakHolder.self, ["name": "n", "delegate": DeclarationMatrixTests.sharedDelegate, "both": DeclarationMatrixTests.sharedDelegate], ["name", "delegate", "both"])
            table["class weak protocol references"] = (WeakClassHolder.self, ["name": "n", "delegate": DeclarationMatrixTests.sharedDelegate, "both": DeclarationMatrixTests.sharedDelegate], ["name", "delegate", "both"])
            table["struct unowned references"] = (UnownedStructHolder.self, ["name": "n"], ["name"])
            table["class unowned references"] = (UnownedHolder.self, ["name": "n"], ["name"])
            table["struct property wrapper"] = (WrapperHolder.self, ["name": "n", "value": 7], ["name", "value"])
            table["class property wrapper"] = (WrapperClassHolder.self, ["name": "n", "value": 7], ["name", "value"])
            table["struct property wrapper through key paths"] = (KeyPathWrapperHolder.self, ["name": "n", "value": 7], ["name", "value"])
            table["class property wrapper through key paths"] = (KeyPathWrapperClassHolder.self, ["name": "n", "value": 7], ["name", "value"])
            table["struct unconformed property wrapper"] = (UnconformedWrapperHolder.self, ["name": "n"], ["name", "value"])
            table["class unconformed property wrapper"] = (UnconformedWrapperClassHolder.self, ["name": "n"], ["name", "value"])
            table["class shadowing a private superclass field"] = (ShadowDerived.self, ["name": "n", "value": "v"], ["name", "value"])
            table["class with a non-model superclass (Operation)"] = (OperationHolder.self, ["label": "n", "value": 3], ["label", "value"])
            table["class recursive model"] = (RecursiveHolder.self, ["name": "n", "value": [RecursiveHolder()]], ["name", "value", "next"])
            return table
        }

        /// The rows, in a stable order, with what each is expected to do.
        static var rows: [Row] {
            let withoutJSON: Set<String> = [
                "Data", "Measurement", "DateComponents", "AnyHashable", "enum with payloads", "tuple", "nested generic",
                "Int??",
            ]
            return types.keys.sorted().map { name in
                let kind = name.split(separator: " ", maxSplits: 1).last.map(String.init) ?? name
                if kind == "unconformed property wrapper" { return Row(name: name, expectation: .refused) }
                return Row(name: name, expectation: withoutJSON.contains(kind) ? .worksWithoutJSON : .works)
            }
        }

        /// Runs every check; returns a description of the first failure, or `nil`.
        static func run(_ row: Row) -> String? {
            guard let entry = types[row.name] else { return "unknown row" }
            func open<M: JSONSerializing>(_ type: M.Type) -> String? {
                check(type, sample: entry.sample, keys: entry.keys, expectation: row.expectation)
            }
            return open(entry.type)
        }

        private static func check<M: JSONSerializing>(_ type: M.Type, sample: [String: Any], keys: Set<String>,
                                                       expectation: Expectation) -> String? {
            // Property keys.
            guard M.propertyKeys == keys else { return "propertyKeys: \(M.propertyKeys.sorted()) != \(keys.sorted())" }
            if expectation == .refused { return checkRefused(type, sample: sample) }
            // init(dictionary:) with the right types.
            let model: M
            do {
                model = try M(dictionary: sample)
            } catch {
                return "init(dictionary:) failed: \(error)"
            }
            // init(dictionary:) with a wrong type for every key that has one.
            if let wrong = wrongInput(for: M.self), (try? M(dictionary: wrong)) != nil {
                return "init(dictionary:) accepted a wrong type: \(wrong)"
            }
            // dictionaryValue: every key, and it builds an equal model.
            let dictionary = model.dictionaryValue
            guard Set(dictionary.keys) == keys else { return "dictionaryValue keys: \(dictionary.keys.sorted())" }
            do {
                let rebuilt = try M(dictionary: dictionary)
                guard same(rebuilt, model) else { return "init(dictionary: dictionaryValue) != model: \(rebuilt) vs \(model)" }
            } catch {
                return "init(dictionary: dictionaryValue) failed: \(error)"
            }
            // ==, hash and a different model.
            guard model == model, model.hashValue == model.hashValue else { return "== or hash not reflexive" }
            guard same(model.copy(), model) else { return "copy() differs" }
            let empty = M()
            if sample.keys.contains("name") || sample.keys.contains("value") || sample.keys.contains("any") {
                guard !same(empty, model) || M.self == RecursiveHolder.self else { return "a changed model == init()" }
            }
            // copy()
            let copied = model.copy()
            guard same(copied, model) else { return "copy() != model" }
            if M.self is AnyObject.Type, (copied as AnyObject) === (model as AnyObject) { return "copy() is the same object" }
            // description
            let nsObjectDescription = M.self is NSObject.Type && !(M.self is ModelObject.Type)
            guard nsObjectDescription || model.description.hasPrefix(String(describing: M.self).prefix(while: { $0 != "<" })) else {
                return "description: \(model.description)"
            }
            // merge
            var target = M()
            target.mergeValues(forKeysFrom: model)
            guard same(target, model) else { return "mergeValues: \(target) vs \(model)" }
            // JSON round trip.
            do {
                let data = try JSONAdapter.jsonData(from: model)
                let decoded = try JSONAdapter.model(of: M.self, fromJSONData: data)
                let fromDictionary = try JSONAdapter.model(of: M.self, from: JSONAdapter.jsonDictionary(from: model))
                guard same(decoded, fromDictionary) else { return "JSON: the two decoding paths differ" }
                if expectation == .works, !same(decoded, model), !isTransitoryOnlyDifference(M.self) {
                    return "JSON round trip: \(decoded) vs \(model)"
                }
            } catch is JSONAdapterError {
                if expectation == .works { return "JSON round trip threw" }
            } catch {
                return "JSON threw a non-adapter error: \(error)"
            }
            return nil
        }

        /// The checks of a refused declaration: every throwing use throws, the rest runs.
        private static func checkRefused<M: JSONSerializing>(_ type: M.Type, sample: [String: Any]) -> String? {
            do {
                _ = try M(dictionary: sample)
                return "init(dictionary:) accepted a refused declaration"
            } catch let error as ModelError where error.code == .unsupportedDeclaration {
            } catch {
                return "init(dictionary:) threw \(error)"
            }
            do {
                _ = try JSONAdapter.model(of: M.self, fromJSONData: Data(#"{"name": "n", "value": 7}"#.utf8))
                return "JSON decoded a refused declaration"
            } catch let error as JSONAdapterError where error.code == .invalidJSONMapping {
            } catch {
                return "JSON threw \(error)"
            }
            let model = M()
            guard model == model, model.hashValue == model.hashValue else { return "== or hash not reflexive" }
            guard same(model.copy(), model), !model.description.isEmpty,
                  model.dictionaryValue.keys.sorted() == ["name"] else { return "copy, description or dictionaryValue" }
            var target = M()
            target.mergeValues(forKeysFrom: model)
            return same(target, model) ? nil : "mergeValues: \(target) vs \(model)"
        }

        /// Equal under the model rules (`==` and equal hashes); for an `NSObject`
        /// subclass that adopts `Model` directly, whose `==` is `NSObject`'s
        /// identity (see `ModelObject`), equal `dictionaryValue`s instead.
        private static func same<M: Model>(_ lhs: M, _ rhs: M) -> Bool {
            if M.self is NSObject.Type, !(M.self is ModelObject.Type) {
                let left = lhs.dictionaryValue, right = rhs.dictionaryValue
                return Set(left.keys) == Set(right.keys)
                    && left.keys.allSatisfy { ReflectiveEquality.isEqual(left[$0] as Any, right[$0] as Any) }
            }
            return lhs == rhs && lhs.hashValue == rhs.hashValue
        }

        /// A dictionary with a wrong value for the row's value key, if its type has one.
        private static func wrongInput<M: Model>(for type: M.Type) -> [String: Any]? {
            guard M.propertyKeys.contains("value"), let property = M.descriptor.property(forKey: "value") else { return nil }
            guard let valueType = property.accessor.valueType as? any DeclarationMatrixValue.Type,
                  let wrong = valueType.wrongInput else {
                return M.propertyKeys.contains("name") ? ["name": 5] : nil
            }
            return ["value": wrong]
        }

        /// Models whose JSON leaves out (transitory or unmapped) properties.
        private static func isTransitoryOnlyDifference(_ type: Any.Type) -> Bool {
            type == WeakHolder.self || type == WeakClassHolder.self || type == RecursiveHolder.self
                || type == ExistentialHolder.self || type == ExistentialClassHolder.self
        }
    }
}
