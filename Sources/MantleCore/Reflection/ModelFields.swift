import Foundation
import MantleInternals
import Observation

/// The stored fields that make up a model type, by property key.
///
/// Seven rules decide which of the runtime's fields (`StoredField`) these are,
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
/// 5. A model that declares key paths (``WrappedPropertiesModel``) has each
///    entry `"x"` read and written through its key path, under the key `x`:
///    the stored field `x`, or else the storage `_x` of a wrapped property
///    (the class's own accessors run, `@Published`'s `objectWillChange` among
///    them). A declared entry comes before rules 3, 4 and 6.
/// 6. Any other field `_x` (an underscore, then a letter or digit) of a type
///    that declares no field `x`, whose type is a struct or class that is
///    not a model and does not come from the standard library, Foundation,
///    a C or Objective-C header or a module whose name begins with `_`, is
///    taken as the storage of a property wrapper `@W var x` that the model
///    cannot read or write (its `wrappedValue` is another property's): it
///    takes part under the key `x`, and the model refuses it at first use
///    (unless its storage is `.none`). Nothing at runtime marks a wrapper's
///    storage (the compiler's field records flag as artificial only a default
///    actor's hidden storage, and the runtime's reflection entry points do not
///    pass even that on), so the rule goes by name and type: a property of the
///    type's own named `_x` with such a type is refused too, and is kept by
///    declaring its key path (`"_x": \M._x`).
/// 7. A type in the chain whose type context descriptor declares stored
///    properties while its field descriptor is missing
///    (`-disable-reflection-metadata`), or whose fields have no names
///    (`-disable-reflection-names`), makes the whole model unreadable: no
///    fields, and an error naming the build setting for every throwing use.
struct ModelFields: Sendable {
    /// A stored field with the property key it takes part under.
    struct Field: Sendable {
        /// The property key (the declared name; `x` for a wrapper's or an
        /// `@Observable` class's storage `_x`).
        let key: String
        let stored: StoredField
        /// For a field that an `@Observable` class tracks (rule 4), the offset
        /// of that class's observation registrar; `nil` for other fields.
        let registrarOffset: Int?
        /// How the property is read and written.
        let access: Access
    }

    /// How a property is read and written. (Key paths are immutable; the
    /// standard library does not mark `AnyKeyPath` `Sendable`.)
    enum Access: @unchecked Sendable {
        /// At its storage (through `wrappedValue` for a ``ModelPropertyWrapper``).
        case storage
        /// Through the key path the model declares (rule 5): the property's own accessors.
        case keyPath(AnyKeyPath)
        /// Not at all: the storage of a property wrapper that neither conforms
        /// to ``ModelPropertyWrapper`` nor has a declared key path (rule 6), refused.
        case undeclaredWrapper
    }

    /// The fields in declaration order (superclass fields first), one per key.
    let fields: [Field]
    let fieldsByKey: [String: Field]
    /// Why the type's stored properties cannot be found at all (rule 7): it
    /// was compiled without reflection metadata or without field names;
    /// ``fields`` is then empty.
    let unreadableMetadata: ModelError?
    /// The first entry of ``WrappedPropertiesModel/wrappedPropertyKeyPaths``
    /// that names no stored property, or names one twice, as the error every
    /// throwing use reports; `nil` when there is none.
    let keyPathDeclarationError: ModelError?

    private static let tables = TypeCache<ModelFields>()

    /// The fields of the model type `type`, built once and cached.
    static func of(_ type: any Model.Type) -> ModelFields {
        tables.value(for: type) {
            let typeName = String(describing: type)
            let contributing = contributingTypes(of: type)
            let stored = StoredField.fields(of: type)
            if let refusal = unreadableMetadata(of: contributing, fields: stored, typeName: typeName) {
                return ModelFields(fields: [], fieldsByKey: [:], unreadableMetadata: refusal, keyPathDeclarationError: nil)
            }
            let contributingIDs = Set(contributing.map { ObjectIdentifier($0) })
            let registrars = observationRegistrars(in: stored, of: type)
            let declared = (type as? any WrappedPropertiesModel.Type)?.wrappedPropertyKeyPaths ?? [:]
            var namesByDeclarer: [ObjectIdentifier: Set<String>] = [:]
            for field in stored { namesByDeclarer[ObjectIdentifier(field.declaringType), default: []].insert(field.name) }
            var usedDeclarations: Set<String> = []
            var byKey: [String: Field] = [:]
            var order: [String] = []
            for field in stored where contributingIDs.contains(ObjectIdentifier(field.declaringType)) {
                let registrar = registrars[ObjectIdentifier(field.declaringType)]
                if registrar == field.offset { continue }
                // `x` when the field is `_x` and its type declares no `x`: possibly a wrapper's storage.
                let wrappedName = field.wrappedPropertyName.flatMap {
                    namesByDeclarer[ObjectIdentifier(field.declaringType), default: []].contains($0) ? nil : $0
                }
                let entry: Field
                if let keyPath = declared[field.name] {
                    usedDeclarations.insert(field.name)
                    entry = Field(key: field.name, stored: field, registrarOffset: nil, access: .keyPath(keyPath))
                } else if let wrappedName, let keyPath = declared[wrappedName] {
                    usedDeclarations.insert(wrappedName)
                    entry = Field(key: wrappedName, stored: field, registrarOffset: nil, access: .keyPath(keyPath))
                } else if registrar != nil, field.name.hasPrefix("_"), field.name.count > 1,
                          field.propertyKey == field.name {
                    entry = Field(key: String(field.name.dropFirst()), stored: field, registrarOffset: registrar,
                                  access: .storage)
                } else if field.propertyKey != field.name {
                    entry = Field(key: field.propertyKey, stored: field, registrarOffset: nil, access: .storage)
                } else if let wrappedName, mayBePropertyWrapper(field.type) {
                    entry = Field(key: wrappedName, stored: field, registrarOffset: nil, access: .undeclaredWrapper)
                } else {
                    entry = Field(key: field.name, stored: field, registrarOffset: nil, access: .storage)
                }
                // Superclass fields come first, so a later field with the same key is the more derived one.
                if byKey.updateValue(entry, forKey: entry.key) == nil { order.append(entry.key) }
            }
            return ModelFields(
                fields: order.compactMap { byKey[$0] }, fieldsByKey: byKey, unreadableMetadata: nil,
                keyPathDeclarationError: keyPathDeclarationError(declared, used: usedDeclarations, typeName: typeName))
        }
    }

    /// The error for entries of `wrappedPropertyKeyPaths` that name no
    /// stored property (nor a wrapper's storage), or two keys with one key path.
    private static func keyPathDeclarationError(_ declared: [String: AnyKeyPath], used: Set<String>,
                                                typeName: String) -> ModelError? {
        func wrong(_ key: String, _ reason: String) -> ModelError {
            ModelError(code: .unsupportedDeclaration, propertyKey: key, modelTypeName: typeName,
                       found: "WrappedPropertiesModel.wrappedPropertyKeyPaths", detail: reason)
        }
        var keysByPath: [AnyKeyPath: String] = [:]
        for (key, keyPath) in declared.sorted(by: { $0.key < $1.key }) {
            guard used.contains(key) else {
                return wrong(key, "it names \"\(key)\", which is neither a stored property of \(typeName) nor the "
                                  + "storage \"_\(key)\" of a property wrapper (a property of a superclass that is "
                                  + "not a model takes no part)")
            }
            if let other = keysByPath.updateValue(key, forKey: keyPath) {
                return wrong(key, "\"\(key)\" and \"\(other)\" have the same key path: give each property its own")
            }
        }
        return nil
    }

    /// The error for a type in `types` (the model and the classes that
    /// contribute fields to it) whose stored properties the runtime cannot
    /// list or name (rule 7), or `nil`.
    private static func unreadableMetadata(of types: [Any.Type], fields: [StoredField], typeName: String) -> ModelError? {
        for declarer in types {
            guard let declared = FieldDescriptorReader.declaredFields(of: declarer), declared.count > 0 else { continue }
            let declarerName = String(describing: declarer)
            let target = "the target that declares \(declarerName)"
            if !declared.hasFieldDescriptor {
                return ModelError(
                    code: .unsupportedDeclaration, propertyKey: "", modelTypeName: typeName,
                    found: "\(declarerName) compiled without reflection metadata",
                    detail: "its target was built with Xcode's Reflection Metadata Level "
                        + "(SWIFT_REFLECTION_METADATA_LEVEL) set to None, or the compiler flag "
                        + "-disable-reflection-metadata, so the runtime cannot list its \(declared.count) stored "
                        + "\(declared.count == 1 ? "property" : "properties"); set Reflection Metadata Level to All "
                        + "(SWIFT_REFLECTION_METADATA_LEVEL = all) for \(target), or remove "
                        + "-disable-reflection-metadata from its Swift flags")
            }
            if fields.contains(where: { $0.declaringType == declarer && $0.name.isEmpty }) {
                return ModelError(
                    code: .unsupportedDeclaration, propertyKey: "", modelTypeName: typeName,
                    found: "\(declarerName) compiled without field names",
                    detail: "its target was built with Xcode's Reflection Metadata Level "
                        + "(SWIFT_REFLECTION_METADATA_LEVEL) set to Without Names, or the compiler flag "
                        + "-disable-reflection-names, so the runtime lists its stored properties without their names "
                        + "and the model cannot find them by key; set Reflection Metadata Level to All "
                        + "(SWIFT_REFLECTION_METADATA_LEVEL = all) for \(target), or remove "
                        + "-disable-reflection-names from its Swift flags")
            }
        }
        return nil
    }

    /// The modules whose types are values, never property wrappers (rule 6):
    /// the standard library and Foundation in all its parts.
    private static let valueModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "CoreFoundation", "Dispatch", "ObjectiveC", "CoreGraphics", "Observation",
    ]

    /// `true` when `type` can be a property wrapper by rule 6: a struct or a
    /// class that is not a model and is not declared by the standard library,
    /// Foundation, an Objective-C or C header, or a module whose name begins with `_`.
    static func mayBePropertyWrapper(_ type: Any.Type) -> Bool {
        guard !(type is any Model.Type) else { return false }
        let kind = MetadataKind(of: type)
        guard kind == .struct || kind == .class else { return false }
        let name = String(reflecting: type)
        guard let dot = name.firstIndex(of: ".") else { return false }
        let module = name[..<dot]
        return !module.hasPrefix("_") && !valueModules.contains(String(module))
    }

    /// The types whose fields may take part in `type` (rule 1), from `type`
    /// up: the type itself, its superclasses that are models and, when no
    /// class in the chain is a system class, its other superclasses.
    private static func contributingTypes(of type: any Model.Type) -> [Any.Type] {
        var models: [Any.Type] = [type]
        var all: [Any.Type] = [type]
        var current: AnyClass? = (type as? AnyClass).flatMap { _getSuperclass($0) }
        while let superclass = current {
            if superclass is any Model.Type {
                models.append(superclass)
            } else if isSystemClass(superclass) {
                return models
            }
            all.append(superclass)
            current = _getSuperclass(superclass)
        }
        return all
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
    /// `x` for a field named `_x` whose `x` starts as an identifier does (not
    /// with `_` or `$`): the name a property wrapper's storage `_x` stands for.
    var wrappedPropertyName: String? {
        guard name.hasPrefix("_"), let first = name.dropFirst().first, first != "_", first != "$" else { return nil }
        return String(name.dropFirst())
    }

    /// The key the field takes part under by rule 3 of ``ModelFields``: its
    /// name, or `x` for the storage `_x` of a property wrapper that conforms
    /// to ``ModelPropertyWrapper``.
    var propertyKey: String {
        guard name.hasPrefix("_"), name.count > 1, type is any ModelPropertyWrapper.Type else { return name }
        return String(name.dropFirst())
    }
}
