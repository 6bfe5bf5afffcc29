import Foundation

extension Model {
    /// Takes `model`'s value for `key` unless it is `nil`.
    public mutating func mergeValue(forKey key: String, from model: any Model) {
        takeValue(forKey: key, from: model)
    }

    /// Merges every key both models have, in this model's declaration order.
    public mutating func mergeValues(forKeysFrom model: any Model) {
        let otherKeys = type(of: model).propertyKeys
        for property in dynamicDescriptor.properties where otherKeys.contains(property.key) {
            mergeValue(forKey: property.key, from: model)
        }
    }

    /// Mantle's default merge of one key: sets this model's property `key` to
    /// `model`'s value for it, unless that value is `nil` or does not fit.
    ///
    /// Call it from a custom ``mergeValue(forKey:from:)`` for the keys that
    /// need no special treatment.
    public mutating func takeValue(forKey key: String, from model: any Model) {
        guard let value = model.value(forKey: key) else { return }
        try? setValue(value, forKey: key)
    }
}

extension Model where Self: AnyObject {
    /// Mantle's default merge of one key (see `takeValue(forKey:from:)`),
    /// callable from a class's non-mutating `mergeValue(forKey:from:)`.
    public func takeValue(forKey key: String, from model: any Model) {
        guard let value = model.value(forKey: key) else { return }
        try? setValue(value, forKey: key)
    }
}
