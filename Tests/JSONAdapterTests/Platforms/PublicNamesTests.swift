//
//  PublicNamesTests.swift
//  Every public top-level type of the package, named unqualified in a file of another module.
//  A name is looked up against imported modules only outside the module that declares it, so
//  this file is where `.ci/check-darwin-names` (which imports Apple's SDK names into every file)
//  meets each of them; the test checks that the list stays complete.
//

import Foundation
import Testing
import MantleTestSupport
import JSONAdapter

@Suite("Public names")
struct PublicNamesTests {
    /// Each public top-level type, unqualified (a generic one with some arguments).
    static let types: [Any.Type] = {
        var types: [Any.Type] = [
            ModelArchiverError.self, AsyncJSONModelSequence<Reference, AsyncStream<UInt8>>.self,
            EncodingBehavior.self, JSONAdapter.self, JSONAdapterError.self, JSONConstraint.self,
            JSONKeyConversion.self, JSONKeyPath.self, JSONLeniency.self, JSONLeniencyReport.self,
            JSONMergePatch.self, JSONModelObject.self, JSONModelReader<Reference>.self, JSONOptional<Int>.self,
            JSONSchema.self, (any JSONSerializing).self, JSONStreamFormat.self,
            JSONTypeDiscriminator.self, JSONUnknownKeys.self,
            JSONValueTransformer.self, (any Model).self, ModelArchiver.self, ModelError.self,
            ModelObject.self, (any ModelPropertyWrapper).self, PropertyStorage.self,
            TransformerError.self, (any WrappedPropertiesModel).self,
        ]
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            types.append((any ObservableModel).self)
        }
        return types
    }()

    struct Reference: JSONSerializing {
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
    }

    @Test("the list holds every public top-level type declared in Sources")
    func complete() throws {
        let declared = try Self.declaredPublicTypeNames()
        let listed = Set(Self.types.map { String(describing: $0).prefix { $0 != "<" } }.map(String.init))
        #expect(declared.count > 20)
        #expect(declared.subtracting(listed).sorted() == [], "public types missing from PublicNamesTests.types")
        #expect(listed.subtracting(declared).sorted() == [], "types listed that Sources no longer declare")
    }

    /// The names of `public`/`open` top-level types, protocols and type aliases in `Sources`.
    static func declaredPublicTypeNames() throws -> Set<String> {
        let sources = RepositoryFiles.url("Sources")
        let pattern = try Regex(#"^(?:public|open)\s+(?:final\s+)?(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)"#)
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }
}
