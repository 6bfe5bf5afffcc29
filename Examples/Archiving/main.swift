// Archiving with migration: a renamed property read from an old archive (Examples/ExampleCatalog).
import ExampleCatalog
for line in try ArchivingExample.run() { print(line) }
