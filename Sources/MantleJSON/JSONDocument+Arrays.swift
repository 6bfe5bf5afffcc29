// Arrays of scalars read in one call: the loop over the elements, each read by the same
// accessor a single value is (`floatingValue`, `integerValue`, `string`), runs inside this
// module, where the accessors inline; called element by element from JSONAdapter (another
// module, where `package` accessors are not inlined) each element cost a few calls. The
// numeric readers are in JSONDocument+Numbers.swift, beside the exported specializations they
// use: called from another file, the release build left the Float and Int ones out of the
// object files while referring to them (an undefined symbol at link time).

extension JSONDocument {
    /// The elements of the array `node`, each read by `element`; `nil` when `node` is not an
    /// array or `element` gives `nil` for one of them.
    @inline(__always)
    func scalars<Element>(at node: Int, _ element: (Int) -> Element?) -> [Element]? {
        let n = nodes[node]
        guard n.kind == .array else { return nil }
        // An empty array allocates nothing: `reserveCapacity(0)` would still ask the runtime for
        // the array storage's metadata (`citm_catalog.json` has 8,685 empty `blockIds`).
        guard n.entryCount > 0 else { return [] }
        var result: [Element] = []
        result.reserveCapacity(n.entryCount)
        var child = node &+ 1
        let end = n.subtreeEnd
        while child < end {
            guard let value = element(child) else { return nil }
            result.append(value)
            child = nextSibling(of: child)
        }
        return result
    }

    /// The array `node` as `[String]`, each element a string node read by ``string(at:)``.
    package func stringArray(at node: Int) -> [String]? {
        scalars(at: node) { kind(at: $0) == .string ? string(at: $0) : nil }
    }
}
