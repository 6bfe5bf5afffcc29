// DarwinFoundation: Foundation's `ValueTransformer` and `NSValueTransformerName` as Darwin declares
// them, which Linux's Foundation lacks, for the Linux CI (`.ci/check-darwin-names`). DarwinNames
// re-exports this module; see DarwinNames.swift.

import Foundation

/// A name under which a `ValueTransformer` is registered (Darwin's `NSValueTransformerName`).
public struct NSValueTransformerName: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let negateBooleanTransformerName = NSValueTransformerName("NSNegateBoolean")
    public static let isNilTransformerName = NSValueTransformerName("NSIsNil")
    public static let isNotNilTransformerName = NSValueTransformerName("NSIsNotNil")
}

/// Darwin's `NSValueTransformer`: `open` class methods and instance methods as Foundation
/// declares them.
open class ValueTransformer: NSObject {
    open class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        Registry.shared.set(transformer, for: name)
    }

    open class func valueTransformerNames() -> [NSValueTransformerName] {
        Registry.shared.names()
    }

    open class func transformedValueClass() -> AnyClass { NSObject.self }

    open class func allowsReverseTransformation() -> Bool { true }

    open func transformedValue(_ value: Any?) -> Any? { value }

    open func reverseTransformedValue(_ value: Any?) -> Any? {
        type(of: self).allowsReverseTransformation() ? transformedValue(value) : nil
    }
}

/// `ValueTransformer(forName:)`'s look-up, which DarwinNames declares (see there).
public func registeredValueTransformer(forName name: NSValueTransformerName) -> ValueTransformer? {
    Registry.shared.transformer(for: name)
}

private final class Registry: @unchecked Sendable {
    static let shared = Registry()
    private let lock = NSLock()
    private var transformers: [NSValueTransformerName: ValueTransformer] = [
        .negateBooleanTransformerName: NegateBooleanTransformer(),
        .isNilTransformerName: IsNilTransformer(isNil: true),
        .isNotNilTransformerName: IsNilTransformer(isNil: false),
    ]

    func set(_ transformer: ValueTransformer?, for name: NSValueTransformerName) {
        lock.lock(); defer { lock.unlock() }
        transformers[name] = transformer
    }

    func transformer(for name: NSValueTransformerName) -> ValueTransformer? {
        lock.lock(); defer { lock.unlock() }
        return transformers[name]
    }

    func names() -> [NSValueTransformerName] {
        lock.lock(); defer { lock.unlock() }
        return Array(transformers.keys)
    }
}

/// `NSNegateBoolean`: a boolean `NSNumber` to its negation, both ways.
private final class NegateBooleanTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSNumber.self }
    override class func allowsReverseTransformation() -> Bool { true }
    override func transformedValue(_ value: Any?) -> Any? {
        guard let flag = value as? Bool else { return nil }
        return NSNumber(value: !flag)
    }
    override func reverseTransformedValue(_ value: Any?) -> Any? { transformedValue(value) }
}

/// `NSIsNil` and `NSIsNotNil`: one-way, any value to whether it is `nil`.
private final class IsNilTransformer: ValueTransformer {
    private let isNil: Bool
    init(isNil: Bool) { self.isNil = isNil }
    override class func transformedValueClass() -> AnyClass { NSNumber.self }
    override class func allowsReverseTransformation() -> Bool { false }
    override func transformedValue(_ value: Any?) -> Any? { NSNumber(value: (value == nil) == isNil) }
}

