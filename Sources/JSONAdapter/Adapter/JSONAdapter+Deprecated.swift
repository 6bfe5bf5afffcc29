import Foundation

// The spellings of the decode surface before `JSONAdapter.DecodingOptions`
// (issue 19): each forwards to its replacement, so code written against them
// keeps compiling, with a deprecation warning that names the new spelling (a
// fix-it where only the labels changed). Nothing else calls them.

extension JSONAdapter {
    // MARK: Nesting limit, configuration, key path

    /// Deprecated: the nesting limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use model(of:fromJSONData:options:) with .init(maximumDepth:)")
    public static func model<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                 maximumDepth: Int) throws -> M {
        try model(of: type, fromJSONData: data, options: .init(maximumDepth: maximumDepth))
    }

    /// Deprecated: the nesting limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use models(of:fromJSONData:options:) with .init(maximumDepth:)")
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                  maximumDepth: Int) throws -> [M] {
        try models(of: type, fromJSONData: data, options: .init(maximumDepth: maximumDepth))
    }

    /// Deprecated: the configuration is ``DecodingOptions/configuration``.
    @available(*, deprecated, message: "use model(of:fromJSONData:options:) with .init(configuration:)")
    public static func model<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                 configuration: Configuration,
                                                 maximumDepth: Int = DecodingOptions.defaultMaximumDepth) throws -> M {
        try model(of: type, fromJSONData: data, options: .init(configuration: configuration, maximumDepth: maximumDepth))
    }

    /// Deprecated: the configuration is ``DecodingOptions/configuration``.
    @available(*, deprecated, message: "use models(of:fromJSONData:options:) with .init(configuration:)")
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                  configuration: Configuration,
                                                  maximumDepth: Int = DecodingOptions.defaultMaximumDepth) throws -> [M] {
        try models(of: type, fromJSONData: data, options: .init(configuration: configuration, maximumDepth: maximumDepth))
    }

    /// Deprecated: the configuration is ``DecodingOptions/configuration``.
    @available(*, deprecated, message: "use model(of:from:options:) with .init(configuration:)")
    public static func model<M: JSONSerializing>(of type: M.Type, from jsonDictionary: [String: Any],
                                                 configuration: Configuration) throws -> M {
        try model(of: type, from: jsonDictionary, options: .init(configuration: configuration))
    }

    /// Deprecated: the configuration is ``DecodingOptions/configuration``.
    @available(*, deprecated, message: "use models(of:from:options:) with .init(configuration:)")
    public static func models<M: JSONSerializing>(of type: M.Type, from jsonArray: [Any],
                                                  configuration: Configuration) throws -> [M] {
        try models(of: type, from: jsonArray, options: .init(configuration: configuration))
    }

    /// Deprecated: the key path is ``DecodingOptions/keyPath``.
    @available(*, deprecated, message: "use model(of:fromJSONData:options:) with .init(keyPath:)")
    public static func model<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data, atKeyPath keyPath: String,
                                                 maximumDepth: Int = DecodingOptions.defaultMaximumDepth) throws -> M {
        try model(of: type, fromJSONData: data, options: .init(keyPath: keyPath, maximumDepth: maximumDepth))
    }

    /// Deprecated: the key path is ``DecodingOptions/keyPath``.
    @available(*, deprecated, message: "use models(of:fromJSONData:options:) with .init(keyPath:)")
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data, atKeyPath keyPath: String,
                                                  maximumDepth: Int = DecodingOptions.defaultMaximumDepth) throws -> [M] {
        try models(of: type, fromJSONData: data, options: .init(keyPath: keyPath, maximumDepth: maximumDepth))
    }

    /// Deprecated: the key path is ``DecodingOptions/keyPath``.
    @available(*, deprecated, message: "use model(of:from:options:) with .init(keyPath:)")
    public static func model<M: JSONSerializing>(of type: M.Type, from jsonDictionary: [String: Any],
                                                 atKeyPath keyPath: String) throws -> M {
        try model(of: type, from: jsonDictionary, options: .init(keyPath: keyPath))
    }

    /// Deprecated: the key path is ``DecodingOptions/keyPath``.
    @available(*, deprecated, message: "use models(of:from:options:) with .init(keyPath:)")
    public static func models<M: JSONSerializing>(of type: M.Type, from jsonDictionary: [String: Any],
                                                  atKeyPath keyPath: String) throws -> [M] {
        try models(of: type, from: jsonDictionary, options: .init(keyPath: keyPath))
    }

    /// Deprecated: the nesting limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use update(_:fromJSONData:options:) with .init(maximumDepth:)")
    public static func update<M: JSONSerializing>(_ model: inout M, fromJSONData data: Data,
                                                  maximumDepth: Int) throws {
        try update(&model, fromJSONData: data, options: .init(maximumDepth: maximumDepth))
    }

    // MARK: Reports

    /// Deprecated: pass a ``JSONLeniencyReport/Recorder`` in the options and read its report.
    @available(*, deprecated, message: "use model(of:fromJSONData:options:) with .init(configuration:leniencyRecorder:)")
    public static func modelWithReport<M: JSONSerializing>(
        of type: M.Type, fromJSONData data: Data, configuration: Configuration,
        maximumDepth: Int = DecodingOptions.defaultMaximumDepth
    ) throws -> (model: M, report: JSONLeniencyReport) {
        try withRecorder { recorder in
            try model(of: type, fromJSONData: data, options: .init(configuration: configuration, maximumDepth: maximumDepth,
                                                                    leniencyRecorder: recorder))
        }
    }

    /// Deprecated: pass a ``JSONLeniencyReport/Recorder`` in the options and read its report.
    @available(*, deprecated, message: "use models(of:fromJSONData:options:) with .init(configuration:leniencyRecorder:)")
    public static func modelsWithReport<M: JSONSerializing>(
        of type: M.Type, fromJSONData data: Data, configuration: Configuration,
        maximumDepth: Int = DecodingOptions.defaultMaximumDepth
    ) throws -> (models: [M], report: JSONLeniencyReport) {
        try withRecorder { recorder in
            try models(of: type, fromJSONData: data, options: .init(configuration: configuration, maximumDepth: maximumDepth,
                                                                     leniencyRecorder: recorder))
        }
    }

    /// Deprecated: pass a ``JSONLeniencyReport/Recorder`` in the options and read its report.
    @available(*, deprecated, message: "use model(of:from:options:) with .init(configuration:leniencyRecorder:)")
    public static func modelWithReport<M: JSONSerializing>(
        of type: M.Type, from jsonDictionary: [String: Any], configuration: Configuration
    ) throws -> (model: M, report: JSONLeniencyReport) {
        try withRecorder { recorder in
            try model(of: type, from: jsonDictionary, options: .init(configuration: configuration, leniencyRecorder: recorder))
        }
    }

    /// Deprecated: pass a ``JSONLeniencyReport/Recorder`` in the options and read its report.
    @available(*, deprecated, message: "use models(of:from:options:) with .init(configuration:leniencyRecorder:)")
    public static func modelsWithReport<M: JSONSerializing>(
        of type: M.Type, from jsonArray: [Any], configuration: Configuration
    ) throws -> (models: [M], report: JSONLeniencyReport) {
        try withRecorder { recorder in
            try models(of: type, from: jsonArray, options: .init(configuration: configuration, leniencyRecorder: recorder))
        }
    }

    /// Deprecated: the nesting limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use model(fromJSONData:options:) with .init(maximumDepth:)")
    public func model(fromJSONData data: Data, maximumDepth: Int) throws -> any JSONSerializing {
        try model(fromJSONData: data, options: .init(maximumDepth: maximumDepth))
    }

    /// Deprecated: pass a ``JSONLeniencyReport/Recorder`` in the options and read its report.
    @available(*, deprecated, message: "use model(fromJSONData:options:) with .init(leniencyRecorder:)")
    public func modelWithReport(fromJSONData data: Data, maximumDepth: Int = DecodingOptions.defaultMaximumDepth)
        throws -> (model: any JSONSerializing, report: JSONLeniencyReport) {
        try Self.withRecorder { recorder in
            try model(fromJSONData: data, options: .init(maximumDepth: maximumDepth, leniencyRecorder: recorder))
        }
    }

    /// Deprecated: pass a ``JSONLeniencyReport/Recorder`` in the options and read its report.
    @available(*, deprecated, message: "use model(from:options:) with .init(leniencyRecorder:)")
    public func modelWithReport(from jsonDictionary: [String: Any]) throws -> (model: any JSONSerializing,
                                                                               report: JSONLeniencyReport) {
        try Self.withRecorder { recorder in try model(from: jsonDictionary, options: .init(leniencyRecorder: recorder)) }
    }

    /// Runs `body` with a new recorder, returning its result and the recorder's report.
    private static func withRecorder<Result>(_ body: (JSONLeniencyReport.Recorder) throws -> Result)
        throws -> (Result, JSONLeniencyReport) {
        let recorder = JSONLeniencyReport.Recorder()
        let result = try body(recorder)
        return (result, recorder.report)
    }

    // MARK: Class clusters ("families")

    /// Deprecated: renamed ``model(of:in:fromJSONData:options:)``.
    @available(*, deprecated, renamed: "model(of:in:fromJSONData:)")
    public static func model<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                     fromJSONData data: Data) throws -> Family {
        try model(of: type, in: family, fromJSONData: data)
    }

    /// Deprecated: renamed ``model(of:in:fromJSONData:options:)``; the nesting
    /// limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use model(of:in:fromJSONData:options:) with .init(maximumDepth:)")
    public static func model<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                     fromJSONData data: Data, maximumDepth: Int) throws -> Family {
        try model(of: type, in: family, fromJSONData: data, options: .init(maximumDepth: maximumDepth))
    }

    /// Deprecated: renamed ``models(of:in:fromJSONData:options:)``.
    @available(*, deprecated, renamed: "models(of:in:fromJSONData:)")
    public static func models<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                      fromJSONData data: Data) throws -> [Family] {
        try models(of: type, in: family, fromJSONData: data)
    }

    /// Deprecated: renamed ``models(of:in:fromJSONData:options:)``; the
    /// nesting limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use models(of:in:fromJSONData:options:) with .init(maximumDepth:)")
    public static func models<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                      fromJSONData data: Data, maximumDepth: Int) throws -> [Family] {
        try models(of: type, in: family, fromJSONData: data, options: .init(maximumDepth: maximumDepth))
    }

    /// Deprecated: renamed ``model(of:in:from:options:)``.
    @available(*, deprecated, renamed: "model(of:in:from:)")
    public static func model<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                     from jsonDictionary: [String: Any]) throws -> Family {
        try model(of: type, in: family, from: jsonDictionary)
    }

    /// Deprecated: renamed ``models(of:in:from:options:)-(_,_,[Any],_)``.
    @available(*, deprecated, renamed: "models(of:in:from:)")
    public static func models<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                      from jsonArray: [Any]) throws -> [Family] {
        try models(of: type, in: family, from: jsonArray)
    }

    // MARK: Streaming

    /// Deprecated: the nesting limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use models(of:fromJSONLines:options:) with .init(maximumDepth:)")
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONLines data: Data,
                                                  maximumDepth: Int) throws -> [M] {
        try models(of: type, fromJSONLines: data, options: .init(maximumDepth: maximumDepth))
    }

    /// Deprecated: the nesting limit is ``DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use models(of:streamingFrom:format:options:) with .init(maximumDepth:)")
    public static func models<M: JSONSerializing, Bytes: AsyncSequence>(
        of type: M.Type, streamingFrom bytes: Bytes, format: JSONStreamFormat = .jsonLines, maximumDepth: Int
    ) -> AsyncJSONModelSequence<M, Bytes> where Bytes.Element == UInt8 {
        models(of: type, streamingFrom: bytes, format: format, options: .init(maximumDepth: maximumDepth))
    }
}

extension JSONModelReader {
    /// Deprecated: the nesting limit is ``JSONAdapter/JSONAdapter/DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use init(_:data:format:options:) with .init(maximumDepth:)")
    public init(_ type: Model.Type = Model.self, data: Data, format: JSONStreamFormat = .jsonLines,
                maximumDepth: Int) throws {
        try self.init(type, data: data, format: format, options: .init(maximumDepth: maximumDepth))
    }

    /// Deprecated: the nesting limit is ``JSONAdapter/JSONAdapter/DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use init(_:contentsOf:format:options:chunkSize:) with .init(maximumDepth:)")
    public init(_ type: Model.Type = Model.self, contentsOf url: URL, format: JSONStreamFormat = .jsonLines,
                maximumDepth: Int, chunkSize: Int = 1 << 16) throws {
        try self.init(type, contentsOf: url, format: format, options: .init(maximumDepth: maximumDepth),
                      chunkSize: chunkSize)
    }

    /// Deprecated: the nesting limit is ``JSONAdapter/JSONAdapter/DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use init(_:fileHandle:format:options:chunkSize:) with .init(maximumDepth:)")
    public init(_ type: Model.Type = Model.self, fileHandle: FileHandle, format: JSONStreamFormat = .jsonLines,
                maximumDepth: Int, chunkSize: Int = 1 << 16) throws {
        try self.init(type, fileHandle: fileHandle, format: format, options: .init(maximumDepth: maximumDepth),
                      chunkSize: chunkSize)
    }
}

extension AsyncJSONModelSequence {
    /// Deprecated: the nesting limit is ``JSONAdapter/JSONAdapter/DecodingOptions/maximumDepth``.
    @available(*, deprecated, message: "use init(_:bytes:format:options:) with .init(maximumDepth:)")
    public init(_ type: Model.Type = Model.self, bytes: Bytes, format: JSONStreamFormat = .jsonLines,
                maximumDepth: Int) {
        self.init(type, bytes: bytes, format: format, options: .init(maximumDepth: maximumDepth))
    }
}
