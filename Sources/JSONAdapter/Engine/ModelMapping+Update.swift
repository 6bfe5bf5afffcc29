import Foundation

extension ModelMapping {
    /// The keys of the mapped properties whose JSON location is present in
    /// `source` (`null` counts as present; for a composite, any of its paths).
    func presentKeys(in source: JSONObjectSource) throws -> [String] {
        var keys: [String] = []
        for property in properties {
            let paths: [ParsedKeyPath]
            switch property.keyPath {
            case .single(let path): paths = [path]
            case .composite(let composite): paths = composite
            }
            do throws(ValueFailure) {
                for path in paths where try isPresent(path, in: source) {
                    keys.append(property.key)
                    break
                }
            } catch {
                throw adapterError(error, forKey: property.key)
            }
        }
        return keys
    }

    /// `true` when `source` has a value (or `null`) at `path`.
    private func isPresent(_ path: ParsedKeyPath, in source: JSONObjectSource) throws(ValueFailure) -> Bool {
        switch source {
        case .dictionary(let dictionary):
            return try KeyPathLookup.value(at: path, in: dictionary) != nil
        case .document(let document, let node):
            var hint = 0
            return try KeyPathLookup.node(at: path, in: document, object: node, hint: &hint) != nil
        }
    }
}
