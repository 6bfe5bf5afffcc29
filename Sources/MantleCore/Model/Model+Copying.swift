import Foundation

extension Model {
    /// A copy of the model.
    ///
    /// A struct is copied as any value is. For a class, a new instance of the
    /// same dynamic type is made with `init()` and given the permanent and
    /// transitory property values (a shallow copy, as Mantle's `copyWithZone:`):
    /// equal to the original, but not identical.
    public func copy() -> Self {
        copyModel()
    }

    /// The implementation of ``copy()``, also behind ``ModelObject``'s `NSCopying`.
    package func copyModel() -> Self {
        guard Self.self is AnyObject.Type else { return self }
        let descriptor = dynamicDescriptor
        descriptor.requireReadableMetadata()
        var copy = type(of: self).init()
        withStorageAddress { source in
            copy.withMutableStorageAddress { destination in
                for property in descriptor.properties where property.accessor.isWritable {
                    property.accessor.copyValue(from: source, to: destination)
                }
            }
        }
        return copy
    }
}

extension Model where Self: AnyObject {
    /// Gives this object every permanent and transitory property value of
    /// `other` (an instance of the same dynamic type), keeping its identity:
    /// how a class model takes the result of an update made on a copy. An
    /// `@Observable` model notifies its observers of each tracked property
    /// whose value changes (see ``ObservableModel``).
    ///
    /// - Throws: the error of ``ModelDescriptor/checkInPlaceWrites()``,
    ///   before anything is written.
    package func assignProperties(from other: Self) throws(ModelError) {
        let descriptor = dynamicDescriptor
        guard descriptor === other.dynamicDescriptor else { return }
        try descriptor.checkInPlaceWrites()
        let object: AnyObject = self
        var target = self
        other.withStorageAddress { source in
            target.withMutableStorageAddress { destination in
                for property in descriptor.properties where property.accessor.isWritable {
                    descriptor.copyInPlace(property, from: source, into: object, at: destination)
                }
            }
        }
    }
}
