import Foundation
import Testing
@testable import MantleInternals

private struct KindStruct {}
private enum KindEnum { case one }
private final class KindClass {}

@Suite("Reflection: metadata kinds")
struct MetadataKindTests {
    @Test("the runtime's kind of each sort of type", arguments: [
        (KindStruct.self as Any.Type, MetadataKind.struct),
        (Int.self, .struct),
        (String.self, .struct),
        (KindEnum.self, .enum),
        (KindStruct?.self, .optional),
        (KindClass.self, .class),
        (NSObject.self, .class),
    ] as [(Any.Type, MetadataKind)])
    func kinds(type: Any.Type, expected: MetadataKind) {
        #expect(MetadataKind(of: type) == expected, "\(type)")
    }

    @Test("tuples, functions and metatypes are none of the named kinds")
    func otherKinds() {
        for type in [(Int, Int).self as Any.Type, ((Int) -> Int).self, Int.Type.self] {
            let kind = MetadataKind(of: type)
            #expect(kind != .struct && kind != .enum && kind != .optional && kind != .class, "\(type)")
        }
    }
}
