import Foundation

extension ModelMapping {
    /// The keys of the mapped properties whose JSON location is present in
    /// `source` (`null` counts as present; for a composite or alternatives,
    /// any of their paths).
    func presentKeys(in source: JSONObjectSource) throws -> [String] {
        var keys: [String] = []
        for property in properties {
            do throws(ValueFailure) {
                if try isPresent(property.keyPath, in: source) { keys.append(property.key) }
            } catch {
                throw adapterError(error, forKey: property.key, in: source)
            }
        }
        return keys
    }

    /// `true` when `source` has a value (or `null`) at one of `keyPath`'s paths.
    private func isPresent(_ keyPath: ResolvedKeyPath, in source: JSONObjectSource) throws(ValueFailure) -> Bool {
        switch keyPath {
        case .single(let path):
            return try KeyPathLookup.isPresent(path, in: source)
        case .composite(let paths):
            for path in paths where try KeyPathLookup.isPresent(path, in: source) { return true }
            return false
        case .alternatives(let paths):
            var hint = 0
            switch source {
            case .dictionary(let dictionary):
                return try KeyPathLookup.firstValue(among: paths, in: dictionary, with: FoundationReader(), hint: &hint) != nil
            case .document(let document, let node):
                return try KeyPathLookup.firstValue(among: paths, in: node, with: document, hint: &hint) != nil
            }
        }
    }
}
