//  Wrapped properties through the adapter: a wrapper with `@Published`'s
//  shape (its value read and written through the enclosing instance, which
//  is told of every write), declared by key paths, on both decoding paths,
//  encoding and `JSONAdapter.update`; and the refusal, when the mapping is
//  built, of a wrapper that neither conforms nor is declared (`@Clamped var
//  volume = 5` and `{"volume": 7}` decoded 5 in silence before).

import Foundation
import MantleTestSupport
import Testing
@testable import JSONAdapter

@Suite("Wrapped properties through JSON")
struct WrappedPropertiesJSONTests {
    @Test("a @Published-shaped wrapper decodes and encodes through its declared key path", arguments: DecodingPath.allCases)
    func decodesAndEncodes(path: DecodingPath) throws {
        let profile = try path.decode(Profile.self, #"{"name": "octocat", "followers": 3}"#)
        #expect(profile.name == "octocat" && profile.followers == 3)
        let json = try path.encode(profile)
        #expect(json["name"] as? String == "octocat")
        #expect(json["followers"] as? Int == 3)
        #expect(try DecodingPath.data.decode(Profile.self, #"{"name": "octocat", "followers": 3}"#)
                    == (try DecodingPath.dictionary.decode(Profile.self, #"{"name": "octocat", "followers": 3}"#)))
        let error = try #require(throws: JSONAdapterError.self) {
            try path.decode(Profile.self, #"{"followers": "many"}"#)
        }
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "followers")
    }

    @Test("update writes through the setter: the instance is told of each changed property", arguments: DecodingPath.allCases)
    func update(path: DecodingPath) throws {
        var profile = try path.decode(Profile.self, #"{"name": "octocat", "followers": 3}"#)
        let original = profile
        profile.changes = []
        switch path {
        case .data: try JSONAdapter.update(&profile, fromJSONData: Data(#"{"followers": 4}"#.utf8))
        case .dictionary, .foundationObjects: try JSONAdapter.update(&profile, from: path.jsonObject(["followers": 4]))
        }
        #expect(profile === original)
        #expect(profile.followers == 4 && profile.name == "octocat")
        #expect(profile.changes == ["followers"])
    }

    @Test("a wrapper that neither conforms nor is declared is refused when the mapping is built")
    func undeclaredRefused() throws {
        for decode in [{ _ = try DecodingPath.data.decode(Settings.self, #"{"volume": 7}"#) },
                       { _ = try DecodingPath.dictionary.decode(Settings.self, #"{"volume": 7}"#) }] {
            let error = try #require(throws: JSONAdapterError.self) { try decode() }
            #expect(error.code == .invalidJSONMapping)
            #expect(error.propertyKey == "volume")
            let refusal = try #require(error.underlyingError as? ModelError)
            #expect(refusal.code == .unsupportedDeclaration)
            #expect(refusal.found == "@Clamped var volume")
        }
        #expect(throws: JSONAdapterError.self) { try JSONAdapter.jsonData(from: Settings()) }
    }
}

// MARK: - Models

/// A wrapper with `@Published`'s shape: no usable `wrappedValue`; the
/// enclosing instance's subscript reads and writes the value, recording each write.
@propertyWrapper
struct Recorded<Value> {
    private var stored: Value

    init(wrappedValue: Value) { stored = wrappedValue }

    @available(*, unavailable, message: "@Recorded is only available on properties of classes")
    var wrappedValue: Value {
        get { preconditionFailure("unavailable") }
        set { preconditionFailure("unavailable") }
    }

    static subscript<Owner: WrappedPropertiesJSONTests.Profile>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Recorded<Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].stored }
        set {
            owner.record(wrappedKeyPath)
            owner[keyPath: storageKeyPath].stored = newValue
        }
    }
}

extension WrappedPropertiesJSONTests {
    final class Profile: JSONSerializing, WrappedPropertiesModel {
        @Recorded var name = ""
        @Recorded var followers = 0
        var changes: [String] = []
        required init() {}

        /// Records the key of the property a write changes.
        func record(_ keyPath: AnyKeyPath) {
            changes += Self.wrappedPropertyKeyPaths.filter { $0.value == keyPath }.map(\.key)
        }

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "followers": "followers"] }
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] {
            ["name": \Profile.name, "followers": \Profile.followers]
        }
        static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            key == "changes" ? .none : .permanent
        }
    }

    @propertyWrapper
    struct Clamped: Hashable {
        private var value: Int
        var wrappedValue: Int {
            get { value }
            set { value = min(max(newValue, 0), 10) }
        }
        init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
    }

    struct Settings: JSONSerializing {
        @Clamped var volume = 5
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}
