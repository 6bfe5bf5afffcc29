/// How a model stores a property, which decides where the property takes part
/// (Mantle's `MTLPropertyStorage`).
///
/// | storage      | `propertyKeys` | `dictionaryValue`, merging, copying | `==`, `hash`, `description` |
/// |--------------|----------------|-------------------------------------|-----------------------------|
/// | `.none`      | no             | no                                  | no                          |
/// | `.transitory`| yes            | yes                                 | no                          |
/// | `.permanent` | yes            | yes                                 | yes                         |
///
/// Archiving follows ``Model/encodingBehavior(forPropertyKey:)``: by default
/// permanent properties are archived, transitory `weak` references only
/// conditionally (when their object is archived anyway), and `.none` never.
public enum PropertyStorage: Sendable {
    /// Not part of the model: computed properties, `lazy` storage, `let`
    /// constants, `unowned` references.
    case none
    /// Part of the model but not of its identity: `weak` references.
    case transitory
    /// Part of the model and of its identity: stored `var` properties.
    case permanent
}
