import Foundation

/// The corpora tables and goals (library MB/s ÷ serde's and simdjson's, full models).
enum CorporaReport {
    /// The peers' contender names, as Benchmarks/peers/run prints them.
    static let serde = "serde_json"
    static let simdjson = "simdjson"

    /// Every timing of every corpus (input MB/s for parse, decode and encode;
    /// time alone for `==` and `hash`), then the side-by-side table.
    static func table(_ results: [CorpusResult], peerNote: String?) -> String {
        var lines = ["", "Standard corpora, full models (input MB/s, higher is better; medians of wall-clock and thread CPU time)"]
        if let peerNote { lines.append("  serde_json and simdjson: \(peerNote)") }
        lines.append(pad("", 54) + leftPad("wall MB/s", 11) + leftPad("CPU MB/s", 10) + leftPad("wall", 12))
        for result in results {
            lines.append("  \(result.corpus.fileName) (\(bytes(result.bytes))), load average \(loadRange(result.load))")
            for timing in result.timings {
                let perSecond = timing.operation == "==" || timing.operation == "hash"
                let wall = perSecond ? "-" : String(format: "%.0f", Double(result.bytes) / 1e6 / timing.wall)
                let cpu = perSecond ? "-" : String(format: "%.0f", Double(result.bytes) / 1e6 / timing.cpu)
                lines.append(pad("    " + pad(timing.operation, 7) + timing.contender, 54) + leftPad(wall, 11)
                             + leftPad(cpu, 10) + leftPad(duration(timing.wall), 12))
            }
        }
        lines.append("")
        lines.append("Against the limit (MB/s by wall-clock time; the ratio by thread CPU time in brackets)")
        lines.append(pad("  corpus", 22) + pad("operation", 10) + leftPad("ours", 8) + leftPad("serde", 8)
                     + leftPad("simdjson", 10) + leftPad("ours/serde", 17) + leftPad("ours/simdjson", 17))
        for result in results {
            let operations = result.corpus.hasModel ? ["parse", "decode", "encode"] : ["parse"]
            for (operation, oursName) in operations.map({ ($0, $0 == "parse" ? "ours (a model mapping nothing)" : "ours") }) {
                let ours = result.timing(operation, oursName)
                let serde = result.timing(operation, serde)
                let simdjson = result.timing(operation, simdjson)
                /// MB/s of a timing, or `-`.
                func rate(_ timing: CorpusTiming?) -> String {
                    timing.map { String(format: "%.0f", Double(result.bytes) / 1e6 / $0.wall) } ?? "-"
                }
                /// ours ÷ other in MB/s (other's time ÷ ours), wall and CPU.
                func ratio(_ other: CorpusTiming?) -> String {
                    guard let ours, let other else { return "-" }
                    return String(format: "%.2f (%.2f)", other.wall / ours.wall, other.cpu / ours.cpu)
                }
                lines.append(pad("  " + result.corpus.fileName, 22) + pad(operation, 10) + leftPad(rate(ours), 8)
                             + leftPad(rate(serde), 8) + leftPad(rate(simdjson), 10) + leftPad(ratio(serde), 17)
                             + leftPad(ratio(simdjson), 17))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The kinds of corpus goal, in the order the goals are printed.
    enum GoalKind: CaseIterable {
        /// Encode ≥ 0.5× serde_json's MB/s, every corpus with a model.
        case encode
        /// `==` and `hash` ≤ 1.5× the synthesized ones' time, every corpus with a model.
        case equality
        /// Decode ≥ 0.6× serde_json's MB/s, every corpus with a model.
        case decode
        /// Parse only ≥ 0.5× simdjson's MB/s on twitter and citm; the other
        /// corpora's ratio is shown without a verdict.
        case parse
    }

    /// The corpora whose parse-only ratio is a goal.
    static let parseGoalCorpora: Set<StandardCorpus> = [.twitter, .citm]

    /// The goals of `kinds` on every corpus in `results`, kind by kind.
    static func goals(_ results: [CorpusResult], _ kinds: [GoalKind] = GoalKind.allCases) -> [GoalResult] {
        var goals: [GoalResult] = []
        for kind in kinds {
            for result in results {
                let name = result.corpus.rawValue
                let basis = "\(bytes(result.bytes)), load \(loadRange(result.load))"
                switch kind {
                case .encode where result.corpus.hasModel:
                    let encode = result.ratio("encode", serde, "ours")
                    goals.append(GoalResult(name: "\(name) encode", formula: "ours MB/s / serde_json's", basis: basis,
                                            value: encode.wall, cpuValue: encode.cpu, atLeast: 0.5))
                case .equality where result.corpus.hasModel:
                    let equality = result.ratio("==", "ours", "synthesized")
                    let hash = result.ratio("hash", "ours", "synthesized")
                    goals += [
                        GoalResult(name: "\(name) ==", formula: "ours / synthesized (time)", basis: basis,
                                   value: equality.wall, cpuValue: equality.cpu, atMost: 1.5),
                        GoalResult(name: "\(name) hash", formula: "ours / synthesized (time)", basis: basis,
                                   value: hash.wall, cpuValue: hash.cpu, atMost: 1.5),
                    ]
                case .decode where result.corpus.hasModel:
                    let decode = result.ratio("decode", serde, "ours")
                    goals.append(GoalResult(name: "\(name) decode", formula: "ours MB/s / serde_json's", basis: basis,
                                            value: decode.wall, cpuValue: decode.cpu, atLeast: 0.6))
                case .parse:
                    let parse = result.ratio("parse", simdjson, "ours (a model mapping nothing)")
                    let noParse = result.corpus.topLevel == .other ? ", ours n/a: the library maps JSON objects only" : ""
                    let name = "\(name) parse only", formula = "ours MB/s / simdjson's (DOM)"
                    goals.append(parseGoalCorpora.contains(result.corpus)
                        ? GoalResult(name: name, formula: formula, basis: basis, value: parse.wall, cpuValue: parse.cpu,
                                     atLeast: 0.5)
                        : GoalResult(name: name, formula: formula, basis: basis + noParse + ", shown, no goal",
                                     value: parse.wall, cpuValue: parse.cpu))
                default:
                    break
                }
            }
        }
        return goals
    }

    /// The older goals against Foundation's coders: twitter decode ≥ 3× JSONDecoder,
    /// canada encode ≥ 2× JSONEncoder.
    static func foundationGoals(_ results: [CorpusResult]) -> [GoalResult] {
        results.compactMap { result in
            let basis = "\(bytes(result.bytes)), load \(loadRange(result.load))"
            switch result.corpus {
            case .twitter:
                let old = result.ratio("decode", "JSONDecoder", "ours")
                return GoalResult(name: "twitter decode", formula: "JSONDecoder / ours (time)", basis: basis,
                                  value: old.wall, cpuValue: old.cpu, atLeast: 3)
            case .canada:
                let old = result.ratio("encode", "JSONEncoder", "ours")
                return GoalResult(name: "canada encode", formula: "JSONEncoder / ours (time)", basis: basis,
                                  value: old.wall, cpuValue: old.cpu, atLeast: 2)
            default:
                return nil
            }
        }
    }
}
