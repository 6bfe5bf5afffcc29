// Transformers: a custom date format, snake_case keys and a value mapping (Examples/ExampleCatalog).
import ExampleCatalog
for line in try TransformersExample.run() { print(line) }
