//
//  FuzzEntry.swift
//  libFuzzer entry point for the JSON adapter. Fuzz/run.sh compiles it together
//  with the sources of MantleCore, JSONAdapter and GitHubModels as ONE module
//  (`import MantleCore` / `import JSONAdapter` lines are stripped), so nothing
//  here imports them.
//
//  Every input is decoded with `model(of:fromJSONData:)` / `models(of:fromJSONData:)`
//  into each GitHub model and into `FuzzSink` (one property of every supported
//  kind). The oracle traps (and libFuzzer saves the input) when:
//  - a call throws something that does not say why: not a `JSONAdapterError`, or
//    an `.invalidValue` without property key and JSON key path, or `.invalidJSONMapping`;
//  - a decoded model does not survive `jsonData` → decode (or `jsonDictionary` →
//    decode) unchanged, except for two differences that are accepted, counted
//    and printed at exit (`FuzzDifferences`):
//      * "overlap": a property whose key path overlaps another's (GHIssue's
//        `reporterLogin` = "user.login" and `user`) is nil on one side: a user
//        object without "login" gives login "" and reporterLogin nil, which no
//        JSON gives back;
//      * "date<1ms": a Date differs by less than half a millisecond (dates are
//        written with millisecond precision);
//    and then the round trip must be a fixed point;
//  - encoding a decoded model throws.
//  Crashes, traps and sanitizer reports inside the library are found by libFuzzer itself.
//

import Foundation

// MARK: - A model with one property of every kind the adapter supports

/// An `Int`-backed enum.
enum FuzzLevel: Int, Sendable {
    case low = 0, mid = 1, high = 2
}

/// One property of every kind, under short keys that mutations hit easily.
struct FuzzSink: JSONSerializing {
    var i = 0
    var i8: Int8 = 0
    var u8: UInt8 = 0
    var i64: Int64 = 0
    var u64: UInt64 = 0
    var d = 0.0
    var f: Float = 0
    var b = false
    var s = ""
    var os: String?
    var url: URL?
    var uuid: UUID?
    var date: Date?
    var level = FuzzLevel.low
    var ints: [Int] = []
    var oints: [Int?] = []
    var tags: Set<String> = []
    var map: [String: Int] = [:]
    var deep: String?
    var kids: [FuzzSink] = []
    var pair: [String: Int] = [:]
    var user: GHUser?
    var login: String?

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "i": "i", "i8": "i8", "u8": "u8", "i64": "i64", "u64": "u64", "d": "d", "f": "f", "b": "b",
        "s": "s", "os": "os", "url": "url", "uuid": "uuid", "date": "date", "level": "level",
        "ints": "ints", "oints": "oints", "tags": "tags", "map": "map", "deep": "x.y.z", "kids": "kids",
        "pair": ["p", "q.r"], "user": "user", "login": "user.login",
    ]
}

// MARK: - Oracle

enum FuzzOracle {
    /// Traps with `message` and the input, so that libFuzzer records the input as a crash.
    static func fail(_ message: String, _ data: Data) -> Never {
        let shown = data.count <= 2_000 ? String(decoding: data, as: UTF8.self) : "\(data.count) bytes"
        fatalError("FUZZ ORACLE: \(message)\n--- input ---\n\(shown)\n-------------")
    }

    /// Checks that a thrown error says why.
    static func checkError(_ error: any Error, _ what: String, _ data: Data) {
        guard let error = error as? JSONAdapterError else {
            fail("\(what) threw \(type(of: error)), not JSONAdapterError: \(error)", data)
        }
        switch error.code {
        case .invalidJSONData, .invalidJSONDictionary, .noClassFound:
            break
        case .invalidJSONMapping:
            fail("\(what) reported .invalidJSONMapping for a fixed model: \(error)", data)
        case .invalidValue:
            if error.propertyKey == nil || error.jsonKeyPath == nil {
                fail("\(what) threw .invalidValue without property key or JSON key path: \(error)", data)
            }
        }
        if error.description.isEmpty { fail("\(what) threw an error with an empty description", data) }
    }

    /// Decodes one model and round-trips it.
    static func single<M: JSONSerializing>(_ type: M.Type, _ data: Data) {
        let model: M
        do {
            model = try JSONAdapter.model(of: M.self, fromJSONData: data)
        } catch {
            checkError(error, "model(of: \(M.self), fromJSONData:)", data)
            return
        }
        roundTrip(model, data,
                  encode: { try JSONAdapter.jsonData(from: $0) },
                  decode: { try JSONAdapter.model(of: M.self, fromJSONData: $0) })
        // The dictionary route must agree.
        do {
            let dictionary = try JSONAdapter.jsonDictionary(from: model)
            let again = try JSONAdapter.model(of: M.self, from: dictionary)
            let viaData = try JSONAdapter.model(of: M.self, fromJSONData: JSONAdapter.jsonData(from: model))
            if again != viaData { fail("jsonDictionary and jsonData round trips of \(M.self) differ", data) }
        } catch {
            fail("the jsonDictionary round trip of \(M.self) threw \(error)", data)
        }
    }

    /// Decodes an array of models and round-trips it.
    static func array<M: JSONSerializing>(_ type: M.Type, _ data: Data) {
        let models: [M]
        do {
            models = try JSONAdapter.models(of: M.self, fromJSONData: data)
        } catch {
            checkError(error, "models(of: \(M.self), fromJSONData:)", data)
            if let error = error as? JSONAdapterError, error.code == .invalidValue,
               error.jsonKeyPath?.hasPrefix("[") != true {
                fail("an element's error does not start with its index: \(error)", data)
            }
            return
        }
        roundTrip(models, data,
                  encode: { try JSONAdapter.jsonData(from: $0 as [any JSONSerializing]) },
                  decode: { try JSONAdapter.models(of: M.self, fromJSONData: $0) })
    }

    /// `encode` → `decode` gives the value back, or differs only as
    /// ``FuzzDifferences`` accepts and then is a fixed point.
    static func roundTrip<V: Equatable>(_ value: V, _ data: Data, encode: (V) throws -> Data, decode: (Data) throws -> V) {
        do {
            let encoded = try encode(value)
            let again = try decode(encoded)
            if again == value { return }
            var categories: Set<String> = []
            if let unexplained = RoundTripDifferences.unexplained(value, again, path: "\(V.self)", into: &categories) {
                fail("round trip changed \(V.self) at \(unexplained)\n  before: \(value)\n  after:  \(again)\n  json:   "
                     + String(decoding: encoded, as: UTF8.self), data)
            }
            let encodedAgain = try encode(again)
            let third = try decode(encodedAgain)
            if encodedAgain != encoded || third != again {
                fail("round trip of \(V.self) is not a fixed point after normalising \(categories.sorted())\n  json:   "
                     + String(decoding: encoded, as: UTF8.self), data)
            }
            FuzzDifferences.count(categories)
        } catch {
            fail("round trip of \(V.self) threw \(error)", data)
        }
    }

    /// Runs every model over one input.
    static func run(_ data: Data) {
        array(GHIssue.self, data)
        single(GHSearchResult.self, data)
        single(GHRepository.self, data)
        single(GHOrganization.self, data)
        array(GHLabel.self, data)
        single(GHRelease.self, data)
        single(GHCombinedStatus.self, data)
        single(GHValidationError.self, data)
        single(FuzzSink.self, data)
        array(FuzzSink.self, data)
    }
}

/// Classifies the differences between a model and its round trip.
enum FuzzDifferences {
    /// Accepted differences seen so far, by category (printed at exit).
    nonisolated(unsafe) static var counts: [String: Int] = [:]
    nonisolated(unsafe) static var registeredExitHandler = false

    static func count(_ categories: Set<String>) {
        if !registeredExitHandler {
            registeredExitHandler = true
            atexit {
                let text = FuzzDifferences.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                print("FUZZ accepted round-trip differences (inputs): \(text.isEmpty ? "none" : text.joined(separator: ", "))")
            }
        }
        for category in categories { counts[category, default: 0] += 1 }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzOracle.run(data)
    return 0
}
