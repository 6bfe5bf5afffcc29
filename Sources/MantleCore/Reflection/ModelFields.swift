import Foundation
import Observation

/// The stored fields that make up a model type, by property key.
///
/// Four rules decide which of the runtime's fields (`StoredField`) these are,
/// and every path (keys, storage, reading, writing, description) uses them:
/// 1. The model type's own fields take part, and so do those of its
///    superclasses that are models. A superclass that is not a model
///    contributes its fields only when no class in the chain is a *system
///    class*: one declared by Objective-C (no Swift module: `NSObject`,
///    `UIView` on Apple platforms), by a module whose name begins with an
///    underscore (`_Concurrency`, the importer's `__C`), or by one of the
///    modules in `systemModules` (`Swift`, `Foundation` and its parts,
///    `Dispatch`, `Observation`, `Combine`, `SwiftUI`, `UIKit`, `AppKit`,
///    `CoreData`, …), read from the first component of `String(reflecting:)`.
///    So a plain Swift base class of the app's own (`class Entity { var id = 0 }`)
///    contributes its stored properties, under the same storage rules as the
///    model's own (`let` not part, `weak` transitory, …), while a class that
///    inherits from a framework class contributes nothing: in
///    `final class Job: Operation, Model` and in
///    `class Base: NSObject { var x = 0 }; final class Item: Base, Model`,
///    only the model's own fields take part (`NSObject`'s state, a
///    framework's private fields, are never part of a model). Make such a
///    superclass conform to `Model` to include its fields.
/// 2. The most derived declaration of a name wins: a subclass property `name`
///    hides a superclass's private field `name`, for every operation.
/// 3. A property wrapper's storage `_x` whose type conforms to
///    ``ModelPropertyWrapper`` takes part under the declared name `x`.
/// 4. In a class that `@Observable` expanded (the model conforms to
///    `Observable`, and the class declares the macro's
///    `_$observationRegistrar: ObservationRegistrar`), the registrar is never
///    a property, and every other field `_x` of that class (the macro's
///    storage for a tracked `var x`) takes part under the declared name `x`
///    and is *tracked*: in-place writes notify the registrar (see
///    ``ObservableModel``). An `@ObservationIgnored var y` is stored as `y`
///    and keeps its name, untracked. (A field the class itself names `_y`
///    with `@ObservationIgnored` cannot be told apart from the macro's
///    storage, and is taken as tracked `y`.)
struct ModelFields: Sendable {
    /// A stored field with the property key it takes part under.
    struct Field: Sendable {
        /// The property key (the declared name; `x` for a wrapper's or an
        /// `@Observable` class's storage `_x`).
        let key: String
        /// The stored field.
        let stored: StoredField
        /// For a field that an `@Observable` class tracks (rule 4), the offset
        /// of that class's observation registrar; `nil` for other fields.
        let registrarOffset: Int?
    }

    /// The fields in declaration order (superclass fields first), one per key.
    let fields: [Field]
    /// The fields by key.
    let fieldsByKey: [String: Field]

    /// Field tables built so far.
    private static let tables = TypeCache<ModelFields>()

    /// The fields of the model type `type`, built once and cached.
    static func of(_ type: any Model.Type) -> ModelFields {
        tables.value(for: type) {
            let stored = StoredField.fields(of: type)
            let contributing = contributingTypes(of: type)
            let registrars = observationRegistrars(in: stored, of: type)
            var byKey: [String: Field] = [:]
            var order: [String] = []
            for field in stored where contributing.contains(ObjectIdentifier(field.declaringType)) {
                let registrar = registrars[ObjectIdentifier(field.declaringType)]
                if registrar == field.offset { continue }
                let isTracked = registrar != nil && field.name.hasPrefix("_") && field.name.count > 1
                    && field.propertyKey == field.name
                let entry = Field(key: isTracked ? String(field.name.dropFirst()) : field.propertyKey, stored: field,
                                  registrarOffset: isTracked ? registrar : nil)
                // Superclass fields come first, so a later field with the same key is the more derived one.
                if byKey.updateValue(entry, forKey: entry.key) == nil { order.append(entry.key) }
            }
            return ModelFields(fields: order.compactMap { byKey[$0] }, fieldsByKey: byKey)
        }
    }

    /// The types whose fields may take part in `type` (rule 1): the type
    /// itself, its superclasses that are models and, when no class in the
    /// chain is a system class, its other superclasses.
    private static func contributingTypes(of type: any Model.Type) -> Set<ObjectIdentifier> {
        var models: Set<ObjectIdentifier> = [ObjectIdentifier(type)]
        var others: Set<ObjectIdentifier> = []
        var current: AnyClass? = (type as? AnyClass).flatMap { _getSuperclass($0) }
        while let superclass = current {
            if superclass is any Model.Type {
                models.insert(ObjectIdentifier(superclass))
            } else if isSystemClass(superclass) {
                return models
            } else {
                others.insert(ObjectIdentifier(superclass))
            }
            current = _getSuperclass(superclass)
        }
        return models.union(others)
    }

    /// The modules whose classes never contribute fields to a model (rule 1):
    /// the standard library, Foundation (all its parts, on every platform),
    /// the concurrency and observation libraries, and the Apple frameworks
    /// that declare Swift classes an app may subclass.
    static let systemModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML", "CoreFoundation", "Dispatch", "ObjectiveC", "Observation",
        "Synchronization", "Distributed", "Combine", "SwiftUI", "SwiftData", "UIKit", "AppKit", "WatchKit",
        "CoreData", "CloudKit", "MapKit", "CoreLocation", "AVFoundation", "AVKit", "WebKit", "StoreKit",
        "GameKit", "SpriteKit", "SceneKit", "RealityKit", "ARKit", "Charts", "AppIntents", "WidgetKit",
        "TabularData", "XCTest", "Testing",
    ]

    /// `true` for a class declared by Objective-C, by a module whose name
    /// begins with `_`, or by one of ``systemModules`` (rule 1).
    static func isSystemClass(_ type: AnyClass) -> Bool {
        let name = String(reflecting: type)
        guard let dot = name.firstIndex(of: ".") else { return true }
        let module = name[..<dot]
        return module.hasPrefix("_") || systemModules.contains(String(module))
    }

    /// The offset of the registrar that `@Observable` adds, by the class in
    /// `type`'s chain that declares it; empty when `type` is not `Observable`.
    private static func observationRegistrars(in fields: [StoredField],
                                              of type: any Model.Type) -> [ObjectIdentifier: Int] {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return [:] }
        guard type is any Observable.Type else { return [:] }
        var registrars: [ObjectIdentifier: Int] = [:]
        for field in fields where field.name == "_$observationRegistrar" && field.type == ObservationRegistrar.self {
            registrars[ObjectIdentifier(field.declaringType)] = field.offset
        }
        return registrars
    }
}

extension StoredField {
    /// The key the field takes part under by rule 3 of ``ModelFields``: its
    /// name, or `x` for the storage `_x` of a property wrapper that conforms
    /// to ``ModelPropertyWrapper``.
    var propertyKey: String {
        guard name.hasPrefix("_"), name.count > 1, type is any ModelPropertyWrapper.Type else { return name }
        return String(name.dropFirst())
    }
}
