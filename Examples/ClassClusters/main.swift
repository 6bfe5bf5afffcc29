// Class clusters: one JSON array, a subclass per message type (Examples/ExampleCatalog).
import ExampleCatalog
for line in try ClassClustersExample.run() { print(line) }
