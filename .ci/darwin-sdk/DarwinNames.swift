// DarwinNames: the names Apple's SDK modules export and Linux's Foundation does not, for the
// Linux CI (`.ci/check-darwin-names`). The package, its examples and its tests are built with this
// module imported implicitly into every file, as an app file on an Apple platform imports
// Foundation, SwiftUI, Combine or SwiftData beside this package: a public name of the package
// that is also one of these makes every unqualified use ambiguous, and fails the build here as
// it would there.
//
// Two kinds of declarations:
// - Foundation's `ValueTransformer` and `NSValueTransformerName` with Darwin's shape (module
//   DarwinFoundation, re-exported), so that the code the package compiles under
//   `canImport(ObjectiveC) || MANTLE_SIMULATED_DARWIN` is built and tested here.
// - Every other name as an empty declaration of the same kind: only its name matters. The list,
//   with the module and the evidence for each, is `names.tsv` beside this file; `generate.py`
//   writes the part of this file below the marker from it.

@_exported import DarwinFoundation

/// Darwin imports `+[NSValueTransformer valueTransformerForName:]` as the factory initializer
/// `ValueTransformer(forName:)`, which returns the registered instance. Swift cannot declare a
/// factory initializer, so the simulation declares a function of that name in this module (in
/// the class's own module it would be a redeclaration): a call `ValueTransformer(forName: name)`
/// compiles against both, with the same result.
public func ValueTransformer(forName name: NSValueTransformerName) -> ValueTransformer? {
    registeredValueTransformer(forName: name)
}

// MARK: Names only (generated from names.tsv by generate.py; do not edit below this line)

