import Foundation
import JSONAdapter

/// Properties whose types are plain `Codable` structs (not models), decoded
/// through the library's `Codable` bridge, against `JSONDecoder` decoding
/// the same subtrees: each issue's `user`, `assignee` and `labels`, as the
/// `Codable` twins of the benchmark (`CodableUser`, `CodableLabel`, with their
/// snake_case `CodingKeys`). Both read the whole JSON array of issues.
enum CodableBridgeProbe {
    /// A model whose only mapped properties are `Codable` values.
    struct BridgedIssue: JSONSerializing {
        var user = CodableUser()
        var assignee: CodableUser?
        var labels: [CodableLabel] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["user": "user", "assignee": "assignee", "labels": "labels"]
        }
    }

    /// The same subtrees for `JSONDecoder`.
    struct SubtreeTwin: Decodable {
        var user: CodableUser
        var assignee: CodableUser?
        var labels: [CodableLabel]
    }

    /// The medians of one comparison, in seconds.
    struct Result {
        /// The bridge (`models(of:fromJSONData:)`).
        var ours: Sample
        /// `JSONDecoder`.
        var decoder: Sample
        /// The bridge writing the same models back (`jsonData(from:)`).
        var oursEncode: Sample
        /// `JSONEncoder` on the same subtrees.
        var encoder: Sample
    }

    /// Decodes `count` issues `rounds` times each way (after one warm-up
    /// round, interleaved) and returns the medians.
    static func run(templates: IssueTemplates, count: Int, rounds: Int) throws -> Result {
        let data = templates.data(count: count)
        let check = try JSONAdapter.models(of: BridgedIssue.self, fromJSONData: data)
        let reference = try JSONDecoder().decode([SubtreeTwin].self, from: data)
        guard check.count == reference.count,
              zip(check, reference).allSatisfy({ $0.user.login == $1.user.login && $0.labels.count == $1.labels.count
                  && $0.assignee?.id == $1.assignee?.id }) else {
            throw IssueTemplates.FixtureError(description: "the Codable bridge and JSONDecoder disagree")
        }
        let twins = reference.map { EncodableTwin(user: $0.user, assignee: $0.assignee, labels: $0.labels) }
        var ours: [Sample] = [], decoder: [Sample] = [], oursEncode: [Sample] = [], encoder: [Sample] = []
        for round in 0...rounds {
            let a = try measure { try JSONAdapter.models(of: BridgedIssue.self, fromJSONData: data) }
            let b = try measure { try JSONDecoder().decode([SubtreeTwin].self, from: data) }
            let c = try measure { try JSONAdapter.jsonData(from: check) }
            let d = try measure { try JSONEncoder().encode(twins) }
            guard round > 0 else { continue }
            ours.append(a)
            decoder.append(b)
            oursEncode.append(c)
            encoder.append(d)
        }
        return Result(ours: median(ours), decoder: median(decoder), oursEncode: median(oursEncode),
                      encoder: median(encoder))
    }

    /// The subtrees as `JSONEncoder` writes them.
    struct EncodableTwin: Encodable {
        var user: CodableUser
        var assignee: CodableUser?
        var labels: [CodableLabel]
    }

    /// The median wall and CPU times.
    private static func median(_ samples: [Sample]) -> Sample {
        Sample(wall: Measurement.median(samples.map(\.wall)), cpu: Measurement.median(samples.map(\.cpu)))
    }

    /// The table lines and the goal: decoding through the bridge no slower than `JSONDecoder`.
    static func report(_ result: Result, count: Int) -> (lines: [String], goal: GoalResult) {
        func line(_ title: String, _ sample: Sample) -> String {
            "  " + title.padding(toLength: 56, withPad: " ", startingAt: 0) + String(format: "%8.1f ms", sample.wall * 1000)
        }
        let lines = [
            "Codable-bridged properties (user, assignee, labels of \(grouped(count)) issues)",
            line("decode: JSONDecoder, the same subtrees", result.decoder),
            line("decode: ours, models(of:fromJSONData:)", result.ours),
            line("encode: JSONEncoder, the same subtrees", result.encoder),
            line("encode: ours, jsonData(from:)", result.oursEncode),
        ]
        let goal = GoalResult(name: "Codable bridge, decode", formula: "JSONDecoder / ours (same subtrees)",
                              basis: "\(grouped(count)) issues, medians",
                              value: result.decoder.wall / result.ours.wall,
                              cpuValue: result.decoder.cpu / result.ours.cpu, atLeast: 1)
        return (lines, goal)
    }
}
