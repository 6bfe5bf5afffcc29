import JSONAdapter
import OpenCombine

/// A SwiftUI-era view model (the example of ObservableModels.md): an `ObservableObject` whose state is
/// `@Published`, declared as a model with the key paths of its wrapped properties.
public final class Profile: ObservableObject, JSONSerializing, WrappedPropertiesModel {
    @Published public var name = ""
    @Published public var followers = 0
    public var bio: String?
    public required init() {}

    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    public static var wrappedPropertyKeyPaths: [String: AnyKeyPath] {
        ["name": \Profile.name, "followers": \Profile.followers]
    }
}

/// The same without the declaration: refused at first use.
public final class UndeclaredProfile: ObservableObject, JSONSerializing {
    @Published public var name = ""
    @Published public var followers = 0
    public required init() {}

    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

/// A wrapper of the app's own that does not conform to `ModelPropertyWrapper`.
@propertyWrapper
public struct Clamped: Hashable, Sendable {
    private var value: Int
    public var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 10) }
    }
    public init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
}

/// A model with that wrapper: refused at first use, naming it.
public final class Player: ObservableObject, JSONSerializing {
    @Clamped public var volume = 5
    @Published public var nickname = ""
    public required init() {}

    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

/// A subclass that adds a wrapped property of its own to an `ObservableObject` model.
public class Account: ObservableObject, JSONSerializing, WrappedPropertiesModel {
    @Published public var login = ""
    public required init() {}

    public class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    public class var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["login": \Account.login] }
}

public final class Organization: Account {
    @Published public var members = 0

    public override class var wrappedPropertyKeyPaths: [String: AnyKeyPath] {
        super.wrappedPropertyKeyPaths.merging(["members": \Organization.members]) { $1 }
    }
}
