import Testing

/// Runs `body` and returns the error it threw if that error is an `E`. Records an issue (and
/// returns nil) if nothing was thrown or an error of another type was thrown. Use with
/// `#require` to get the error back:
///
///     let error = try #require(caught(TransformerError.self) { ... })
package func caught<E: Error>(_ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation,
                              _ body: () throws -> Void) -> E? {
    do {
        try body()
        Issue.record("Expected an error of type \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("Expected an error of type \(E.self), got \(Swift.type(of: error)): \(error)",
                     sourceLocation: sourceLocation)
    }
    return nil
}
