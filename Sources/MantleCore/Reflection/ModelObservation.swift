import Observation

/// How in-place writes into an existing instance of an `@Observable` model
/// notify its observers (see ``ObservableModel``).
///
/// Built with the model's descriptor when some of its properties are tracked
/// (rule 4 of ``ModelFields``) or the type is an ``ObservableModel``. Writing
/// at a field's offset bypasses the property's setter, so each in-place write
/// of a tracked property runs inside the registrar's
/// `withMutation(of:keyPath:_:)`, with the key path the model declared and the
/// registrar of the class that declares the property (read from its field).
package final class ModelObservation: @unchecked Sendable {
    /// Runs the mutation inside `withMutation(of:keyPath:_:)` of the object
    /// (whose storage address is the pointer) for one tracked property.
    typealias Notifier = (_ object: AnyObject, _ base: UnsafeRawPointer, _ mutation: () -> Void) -> Void

    let trackedKeys: Set<String>
    /// Why in-place writes are refused (the model is not an
    /// ``ObservableModel``, or its table is wrong); `nil` when they notify.
    let refusal: ModelError?
    /// `true` when ``refusal`` comes from a wrong ``ObservableModel/observationKeyPaths``,
    /// which the descriptor refuses for every throwing use.
    let isDeclarationWrong: Bool
    /// The notifier of each tracked property (empty when refused).
    private let notifiers: [String: Notifier]

    /// What the table needs to know of one tracked property.
    struct TrackedProperty {
        let key: String
        /// The class that declares it (the root of its key path).
        let declaringType: Any.Type
        /// Its declared type (the value of its key path).
        let valueType: Any.Type
        /// The offset of the declaring class's registrar.
        let registrarOffset: Int

        /// Its key path as written in Swift (`\Profile.name`), for messages.
        var keyPathText: String { "\\\(String(describing: declaringType)).\(key)" }
        /// Its entry of ``ObservableModel/observationKeyPaths`` as written in
        /// Swift (`"name": \Profile.name`), for messages.
        var declarationEntry: String { "\"\(key)\": \(keyPathText)" }
    }

    /// The observation of `type`, or `nil` when it has no tracked property
    /// and is not an ``ObservableModel``. `valueTypes` gives the declared
    /// type of each property that takes part in the model.
    init?(type: any Model.Type, fields: ModelFields, valueTypes: [String: Any.Type]) {
        let tracked = fields.fields.compactMap { field -> TrackedProperty? in
            guard let registrarOffset = field.registrarOffset, let valueType = valueTypes[field.key] else { return nil }
            return TrackedProperty(key: field.key, declaringType: field.stored.declaringType,
                                   valueType: valueType, registrarOffset: registrarOffset)
        }
        trackedKeys = Set(tracked.map(\.key))
        let typeName = String(describing: type)
        let table: Result<[String: Notifier], ModelError>?
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let declared = type as? any ObservableModel.Type {
            table = Self.notifiers(of: declared, tracked: tracked, valueTypes: valueTypes, typeName: typeName)
        } else {
            table = nil
        }
        switch table {
        case .success(let notifiers)?:
            (self.notifiers, refusal, isDeclarationWrong) = (notifiers, nil, false)
        case .failure(let error)?:
            (notifiers, refusal, isDeclarationWrong) = ([:], error, true)
        case nil:
            guard !tracked.isEmpty else { return nil }
            (notifiers, refusal, isDeclarationWrong) = ([:], Self.missingDeclaration(tracked, typeName: typeName), false)
        }
    }

    /// Calls `mutation`, which changes the property `key` of `object` (stored
    /// at `base`) in place, inside the registrar's `withMutation` when the
    /// property is tracked.
    func notifying(key: String, of object: AnyObject, at base: UnsafeRawPointer, _ mutation: () -> Void) {
        guard let notifier = notifiers[key] else { return mutation() }
        notifier(object, base, mutation)
    }

    /// The error for an `@Observable` model with tracked properties that is
    /// not an ``ObservableModel``: it spells out the declaration to add.
    private static func missingDeclaration(_ tracked: [TrackedProperty], typeName: String) -> ModelError {
        let entries = tracked.map(\.declarationEntry)
        return ModelError(
            code: .unsupportedDeclaration, propertyKey: "", modelTypeName: typeName,
            found: "@Observable class without ObservableModel",
            detail: "a write into an existing instance (setValue(_:forKey:), merging, "
                + "decodeProperties(from:), JSONAdapter.update) must notify its observers, which needs the key path "
                + "of each tracked property; declare `extension \(typeName): ObservableModel { static var "
                + "observationKeyPaths: [String: AnyKeyPath] { [\(entries.joined(separator: ", "))] } }`")
    }

    /// The notifiers that `type`'s ``ObservableModel/observationKeyPaths``
    /// give, or the error naming the first wrong or missing entry.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private static func notifiers(of type: any ObservableModel.Type, tracked: [TrackedProperty],
                                  valueTypes: [String: Any.Type],
                                  typeName: String) -> Result<[String: Notifier], ModelError> {
        func wrong(_ key: String, _ reason: String) -> Result<[String: Notifier], ModelError> {
            .failure(ModelError(code: .unsupportedDeclaration, propertyKey: key, modelTypeName: typeName,
                                found: "ObservableModel.observationKeyPaths", detail: reason))
        }
        let trackedByKey = Dictionary(tracked.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        var notifiers: [String: Notifier] = [:]
        var keysByPath: [AnyKeyPath: String] = [:]
        for (key, keyPath) in type.observationKeyPaths.sorted(by: { $0.key < $1.key }) {
            guard valueTypes[key] != nil else {
                return wrong(key, "it names \"\(key)\", which is not a property of \(typeName)")
            }
            guard let property = trackedByKey[key] else {
                return wrong(key, "\"\(key)\" is not tracked (it is @ObservationIgnored, or declared by a class "
                                  + "that is not @Observable): remove its entry")
            }
            let expected = property.keyPathText
            let pathType = Swift.type(of: keyPath)
            guard pathType.rootType == property.declaringType, pathType.valueType == property.valueType,
                  let notifier = makeNotifier(keyPath, registrarOffset: property.registrarOffset) else {
                return wrong(key, "its key path is a \(ValueDescription.typeName(pathType)), not "
                                  + "a KeyPath<\(ValueDescription.typeName(property.declaringType)), "
                                  + "\(ValueDescription.typeName(property.valueType))>: give \(expected)")
            }
            if let other = keysByPath.updateValue(key, forKey: keyPath) {
                return wrong(key, "\"\(key)\" and \"\(other)\" have the same key path: give \(expected)")
            }
            notifiers[key] = notifier
        }
        if let missing = tracked.first(where: { notifiers[$0.key] == nil }) {
            let entries = tracked.filter { notifiers[$0.key] == nil }.map(\.declarationEntry)
            return wrong(missing.key, "it has no key path for the tracked property \"\(missing.key)\"; add "
                                      + entries.joined(separator: ", "))
        }
        return .success(notifiers)
    }

    /// The notifier that calls `withMutation(of:keyPath:_:)` with `keyPath`
    /// on the registrar stored at `registrarOffset`, or `nil` when the key
    /// path's root is not an `Observable` class.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private static func makeNotifier(_ keyPath: AnyKeyPath, registrarOffset: Int) -> Notifier? {
        let pathType = type(of: keyPath)
        guard pathType.rootType is AnyObject.Type, let root = pathType.rootType as? any Observable.Type else {
            return nil
        }
        return makeNotifier(root, valueType: pathType.valueType, keyPath: keyPath, registrarOffset: registrarOffset)
    }

    /// ``makeNotifier(_:registrarOffset:)`` with the key path's root opened.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private static func makeNotifier<Root: Observable>(_ root: Root.Type, valueType: Any.Type, keyPath: AnyKeyPath,
                                                       registrarOffset: Int) -> Notifier? {
        func withValue<Value>(_ value: Value.Type) -> Notifier? {
            guard let typed = keyPath as? KeyPath<Root, Value> else { return nil }
            // The registrar's field, read through the typed accessor: its
            // offset and type are the runtime's (rule 4 of ModelFields).
            let registrar = TypedPropertyAccessor<ObservationRegistrar>(offset: registrarOffset, isWritable: false)
            return { object, base, mutation in
                // The object is an instance of the model type, and `Root` the
                // class in its chain that declares the property (checked when
                // the table was validated), so the cast succeeds.
                guard let subject = object as? Root else { return mutation() }
                // SAFETY: `base` is the address of `object` (the in-place
                // writes take it from the live object), whose dynamic type is
                // the model type this notifier was built for; the runtime
                // reported an `ObservationRegistrar` at `registrarOffset` in
                // that type (ModelFields), so the typed load reads exactly it.
                // `ObservableModelTests` shows each registrar reached, in a
                // hierarchy where two classes have one each.
                registrar.load(from: base).withMutation(of: subject, keyPath: typed, mutation)
            }
        }
        return withValue(valueType)
    }
}
