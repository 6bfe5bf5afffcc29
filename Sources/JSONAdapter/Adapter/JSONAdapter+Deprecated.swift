import Foundation

// Decoding that returns, with its result, what leniency it applied
// (`JSONLeniency`, `JSONLeniencyReport`).

extension JSONAdapter {
    /// Decodes a model from JSON text whose top level is an object, with
    /// `configuration` and its ``Configuration/leniency``, and returns what
    /// leniency was applied.
    ///
    /// ```swift
    /// let (issue, report) = try JSONAdapter.modelWithReport(of: GHIssue.self, fromJSONData: data,
    ///                                                       configuration: JSONAdapter.Configuration(leniency: .all))
    /// if !report.isEmpty { log.notice("server drift: \(report)") }
    /// ```
    ///
    /// - Throws: what ``model(of:fromJSONData:configuration:maximumDepth:)`` throws,
    ///   for failures the leniency does not cover.
    public static func modelWithReport<M: JSONSerializing>(
        of type: M.Type, fromJSONData data: Data, configuration: Configuration, maximumDepth: Int = 512
    ) throws -> (model: M, report: JSONLeniencyReport) {
        try LeniencyRecorder.recording {
            try model(of: type, fromJSONData: data, configuration: configuration, maximumDepth: maximumDepth)
        }
    }

    /// Decodes models from JSON text whose top level is an array of objects,
    /// with `configuration`, and returns what leniency was applied. With
    /// ``JSONLeniency/lossyCollections``, elements that fail are left out and
    /// reported (`[3]`).
    public static func modelsWithReport<M: JSONSerializing>(
        of type: M.Type, fromJSONData data: Data, configuration: Configuration, maximumDepth: Int = 512
    ) throws -> (models: [M], report: JSONLeniencyReport) {
        try LeniencyRecorder.recording {
            try models(of: type, fromJSONData: data, configuration: configuration, maximumDepth: maximumDepth)
        }
    }

    /// Decodes a model from a JSON dictionary, with `configuration`, and
    /// returns what leniency was applied (the same report as from the JSON text).
    public static func modelWithReport<M: JSONSerializing>(
        of type: M.Type, from jsonDictionary: [String: Any], configuration: Configuration
    ) throws -> (model: M, report: JSONLeniencyReport) {
        try LeniencyRecorder.recording {
            try model(of: type, from: jsonDictionary, configuration: configuration)
        }
    }

    /// Decodes an array of JSON dictionaries, with `configuration`, and
    /// returns what leniency was applied (see
    /// ``modelsWithReport(of:fromJSONData:configuration:maximumDepth:)``).
    public static func modelsWithReport<M: JSONSerializing>(
        of type: M.Type, from jsonArray: [Any], configuration: Configuration
    ) throws -> (models: [M], report: JSONLeniencyReport) {
        try LeniencyRecorder.recording {
            try models(of: type, from: jsonArray, configuration: configuration)
        }
    }

    /// Decodes a model from JSON text with this adapter's ``configuration``,
    /// and returns what leniency was applied.
    public func modelWithReport(fromJSONData data: Data,
                                maximumDepth: Int = 512) throws -> (model: any JSONSerializing, report: JSONLeniencyReport) {
        try LeniencyRecorder.recording { try model(fromJSONData: data, maximumDepth: maximumDepth) }
    }

    /// Decodes a model from a JSON dictionary with this adapter's
    /// ``configuration``, and returns what leniency was applied.
    public func modelWithReport(from jsonDictionary: [String: Any]) throws -> (model: any JSONSerializing,
                                                                               report: JSONLeniencyReport) {
        try LeniencyRecorder.recording { try model(from: jsonDictionary) }
    }
}
