// PATCH documents: a merge patch made from an edit, applied on the other side,
// and a PATCH body that keeps "left out" apart from null (Examples/ExampleCatalog).
import ExampleCatalog
for line in try MergePatchExample.run() { print(line) }
