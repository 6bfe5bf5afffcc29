// JSON Schema: a model's schema, complete and for structured output (Examples/ExampleCatalog).
import ExampleCatalog
for line in try JSONSchemaExample.run() { print(line) }
