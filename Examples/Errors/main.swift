// Errors: what each failure says (Examples/ExampleCatalog).
import ExampleCatalog
for line in ErrorsExample.run() { print(line) }
