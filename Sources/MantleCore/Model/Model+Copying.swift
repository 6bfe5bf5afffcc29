import Foundation

extension Model {
    /// A copy of the model.
    ///
    /// A struct is copied as any value is. For a class, a new instance of the
    /// same dynamic type is made with `init()` and given the permanent and
    /// transitory property values (a shallow copy, as Mantle's `copyWithZone:`):
    /// equal to the original, but not identical.
    public func copy() -> Self {
        guard Self.self is AnyObject.Type else { return self }
        var copy = type(of: self).init()
        let descriptor = dynamicDescriptor
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
