import Foundation
import GitHubModels

/// The real fixture issues, ready to be replicated to any count as compact JSON bytes.
///
/// Every issue in `issues.json` has empty `labels` and a null `assignee`. To
/// exercise the nested label array and the nested assignee model, replica `i`
/// (counting from 0) is fixture issue `i % 13`; odd replicas also get all
/// labels of `labels.json` and their own `user` object as `assignee`. Every
/// replica's `number` is `i + 1`, so values differ. Keys are sorted, so the
/// bytes are the same in every process.
struct IssueTemplates {
    /// One replica's bytes, split around its `number` value.
    struct Template {
        /// The bytes before the number.
        var prefix: [UInt8]
        /// The bytes after the number.
        var suffix: [UInt8]
    }

    /// A fixture that does not look as expected.
    struct FixtureError: Error, CustomStringConvertible {
        /// What is wrong.
        var description: String
    }

    /// The fixture issues as they are.
    let plain: [Template]
    /// The fixture issues with labels and an assignee.
    let enriched: [Template]
    /// How many labels enriched issues carry.
    let labelCount: Int

    /// How many distinct fixture issues there are.
    var baseCount: Int { plain.count }

    /// A `number` no fixture contains, replaced per replica.
    private static let sentinel = 987_654_321_012_345

    /// Loads `issues.json` and `labels.json` through ``GitHubFixtures``.
    static func load() throws -> IssueTemplates {
        guard let issues = try JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [[String: Any]],
              !issues.isEmpty,
              let labels = try JSONSerialization.jsonObject(with: GitHubFixtures.data("labels")) as? [Any]
        else { throw FixtureError(description: "issues.json or labels.json is not a non-empty array") }
        var plain: [Template] = []
        var enriched: [Template] = []
        for issue in issues {
            plain.append(try template(issue))
            var withExtras = issue
            withExtras["labels"] = labels
            withExtras["assignee"] = issue["user"]
            enriched.append(try template(withExtras))
        }
        return IssueTemplates(plain: plain, enriched: enriched, labelCount: labels.count)
    }

    /// Serialises `issue` with the sentinel number and splits it there.
    private static func template(_ issue: [String: Any]) throws -> Template {
        var issue = issue
        issue["number"] = sentinel
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: issue,
                                                       options: [.sortedKeys, .withoutEscapingSlashes]))
        let marker = Array(String(sentinel).utf8)
        guard let start = bytes.firstRange(of: marker)?.lowerBound else {
            throw FixtureError(description: "sentinel number not found in the serialised issue")
        }
        return Template(prefix: Array(bytes[..<start]), suffix: Array(bytes[(start + marker.count)...]))
    }

    /// The template of replica `index`.
    func template(forReplica index: Int) -> Template {
        index % 2 == 1 ? enriched[index % baseCount] : plain[index % baseCount]
    }

    /// The exact size of ``data(count:)``'s result, so it can be allocated once.
    func byteCount(count: Int) -> Int {
        var total = 2 + max(count - 1, 0)  // brackets and commas
        for index in 0..<count {
            let template = template(forReplica: index)
            total += template.prefix.count + template.suffix.count + decimalDigits(index + 1)
        }
        return total
    }

    /// A JSON array of `count` replicas, allocated once at its exact size (so
    /// building it raises peak memory by no more than its own size).
    func data(count: Int) -> Data {
        let size = byteCount(count: count)
        var data = Data(capacity: size)
        data.append(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            let template = template(forReplica: index)
            data.append(contentsOf: template.prefix)
            appendDecimal(index + 1, to: &data)
            data.append(contentsOf: template.suffix)
        }
        data.append(UInt8(ascii: "]"))
        precondition(data.count == size, "input size estimate was wrong")
        return data
    }

    /// The number of decimal digits of a positive `number`.
    private func decimalDigits(_ number: Int) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return digits
    }

    /// Appends the decimal digits of a positive `number`.
    private func appendDecimal(_ number: Int, to data: inout Data) {
        var digits: [UInt8] = []
        var rest = number
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        data.append(contentsOf: digits.reversed())
    }
}

/// One size's input: the bytes, and the same bytes parsed by `JSONSerialization`.
struct BenchmarkInput {
    /// How many issues.
    let count: Int
    /// The JSON array, compact UTF-8.
    let data: Data
    /// `data` parsed once by `JSONSerialization` (outside any timing), for the dictionary contenders.
    let dictionaries: [Any]

    /// Builds `count` replicas and parses them.
    init(templates: IssueTemplates, count: Int) throws {
        self.count = count
        data = templates.data(count: count)
        guard let array = try JSONSerialization.jsonObject(with: data) as? [Any], array.count == count else {
            throw IssueTemplates.FixtureError(description: "the replicated input did not parse to \(count) issues")
        }
        dictionaries = array
    }
}
