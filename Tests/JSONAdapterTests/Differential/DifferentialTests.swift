//
//  DifferentialTests.swift
//  The library against Foundation's coders on random instances of every
//  supported type: each sample is written by JSONEncoder, read by the
//  library on both paths and by JSONDecoder, written by the library's two
//  encoders, and every result is compared value by value (numbers byte by
//  byte in the text). Where the library differs from Foundation on purpose,
//  both sides are configured alike (ISO 8601 dates on whole seconds, nil
//  left out) or the exception is named below.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Differential: the library against JSONEncoder and JSONDecoder on random samples")
struct DifferentialTests {
    /// Samples per run: enough to draw every edge value of every type many times, few enough
    /// to keep the suite at a couple of seconds.
    static let sampleCount = 150

    /// The text paths left out of the comparison with JSONEncoder's text, and why.
    ///
    /// - `intSet`, `stringSet`: a set's elements are written in the set's own order; they are
    ///   compared as sets (below).
    /// - `countsByID`, `namesByDouble`: not in the twin (JSONEncoder writes these dictionaries
    ///   as arrays of keys and values); compared through the library's own round trip.
    static func isComparedAsText(_ path: String) -> Bool {
        !["intSet", "stringSet", "countsByID", "namesByDouble"].contains { path == $0 || path.hasPrefix($0 + "[") || path.hasPrefix($0 + ".") }
    }

    /// The leaves of `value` as the dictionary path must see them (``Differential/SerializationLosses``),
    /// counting the losses in `tally`.
    static func leavesAfterSerialization(_ value: Any, _ tally: inout Tally) -> [String: String] {
        var losses = Differential.SerializationLosses()
        let leaves = withUnsafeMutablePointer(to: &losses) { Differential.leaves(value, losses: $0) }
        tally.serializationLosses += losses.count
        return leaves
    }

    /// What the run saw, for the report line.
    struct Tally {
        var samples = 0
        var leaves = 0
        var numberLiterals = 0
        var serializationLosses = 0
        var failures: [String] = []

        mutating func check(_ differences: [String], _ what: String, sample: Int) {
            if !differences.isEmpty { failures.append("sample \(sample), \(what): \(differences.prefix(4))") }
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    @Test("random samples of every supported type agree with JSONDecoder and JSONEncoder on both paths")
    func samples() throws {
        var generator = Differential.Generator(random: SplitMix64(seed: "differential"))
        var tally = Tally()
        for index in 0..<Self.sampleCount {
            let (twin, countsByID, namesByDouble) = generator.sample()
            let model = Differential.model(twin, countsByID: countsByID, namesByDouble: namesByDouble)
            do {
                try Self.compare(twin: twin, model: model, index: index, tally: &tally)
            } catch {
                tally.failures.append("sample \(index): \(error)")
            }
        }
        #expect(tally.samples == Self.sampleCount)
        #expect(tally.failures.isEmpty, "\(tally.failures.count) failures:\n\(tally.failures.prefix(12).joined(separator: "\n"))")
        // The comparison covered what it claims.
        #expect(tally.leaves > Self.sampleCount * 100)
        #expect(tally.numberLiterals > Self.sampleCount * 50)
        #expect(tally.serializationLosses > 0)
    }

    /// Runs every comparison for one sample.
    static func compare(twin: Differential.SampleTwin, model: Differential.Sample, index: Int, tally: inout Tally) throws {
        tally.samples += 1
        let expected = Differential.leaves(twin)
        let modelLeaves = Differential.leaves(model)
        tally.leaves += expected.count

        // Foundation's own round trip, the oracle: JSONEncoder's text read by JSONDecoder.
        let foundationText = try encoder.encode(twin)
        let oracle = try decoder.decode(Differential.SampleTwin.self, from: foundationText)
        tally.check(Differential.differences(Differential.leaves(oracle), expected), "JSONDecoder(JSONEncoder)", sample: index)

        // The same text through the library, on both paths.
        let fromBytes = try JSONAdapter.model(of: Differential.Sample.self, fromJSONData: foundationText)
        let object = try FoundationJSON.object(foundationText)
        let fromDictionary = try JSONAdapter.model(of: Differential.Sample.self, from: object)
        // Every field but the two dictionaries the twin leaves out.
        let twinFields = { (path: String) in !path.hasPrefix("countsByID") && !path.hasPrefix("namesByDouble") }
        tally.check(Differential.differences(Differential.leaves(fromBytes).filter { twinFields($0.key) }, expected),
                    "bytes path vs JSONDecoder", sample: index)
        let expectedFromDictionary = leavesAfterSerialization(twin, &tally)
        tally.check(Differential.differences(Differential.leaves(fromDictionary).filter { twinFields($0.key) },
                                             expectedFromDictionary), "dictionary path vs JSONDecoder", sample: index)

        // The library's two encoders against JSONEncoder's text: every scalar, numbers byte for byte.
        let ours = try JSONAdapter.jsonData(from: model, options: .omitsNilValues)
        let oursThroughSerialization = try JSONSerialization.data(
            withJSONObject: JSONAdapter.jsonDictionary(from: model, options: .omitsNilValues))
        let foundationScalars = try jsonScalarTexts(foundationText)
        tally.numberLiterals += foundationScalars.values.filter {
            if case .number = $0 { return true } else { return false }
        }.count
        for (name, data) in [("jsonData", ours), ("jsonDictionary", oursThroughSerialization)] {
            let scalars = try jsonScalarTexts(data)
            tally.check(jsonScalarDifferences(scalars, foundationScalars, include: isComparedAsText), "\(name) vs JSONEncoder",
                        sample: index)
            for set in ["intSet", "stringSet"] {
                let elements = { (scalars: [String: JSONScalarText]) in
                    scalars.filter { $0.key.hasPrefix(set + "[") || $0.key == set }.values.map(\.description).sorted()
                }
                if elements(scalars) != elements(foundationScalars) {
                    tally.failures.append("sample \(index), \(name) \(set): \(elements(scalars)) ≠ \(elements(foundationScalars))")
                }
            }
        }

        // What the library wrote reads back as the model on both paths, and as the twin by JSONDecoder.
        let modelLeavesFromDictionary = leavesAfterSerialization(model, &tally)
        for (name, data) in [("jsonData", ours), ("jsonDictionary", oursThroughSerialization)] {
            let again = try JSONAdapter.model(of: Differential.Sample.self, fromJSONData: data)
            tally.check(Differential.differences(Differential.leaves(again), modelLeaves), "\(name) read back (bytes)",
                        sample: index)
            let againFromDictionary = try JSONAdapter.model(of: Differential.Sample.self, from: FoundationJSON.object(data))
            tally.check(Differential.differences(Differential.leaves(againFromDictionary), modelLeavesFromDictionary),
                        "\(name) read back (dictionary)", sample: index)
            let byFoundation = try decoder.decode(Differential.SampleTwin.self, from: data)
            tally.check(Differential.differences(Differential.leaves(byFoundation), expected), "\(name) read by JSONDecoder",
                        sample: index)
        }
        // The jsonDictionary is the dictionary path's input as it is, too.
        let dictionary = try JSONAdapter.jsonDictionary(from: model)
        tally.check(Differential.differences(Differential.leaves(try JSONAdapter.model(of: Differential.Sample.self, from: dictionary)),
                                             modelLeaves), "jsonDictionary read back as it is", sample: index)
    }
}
