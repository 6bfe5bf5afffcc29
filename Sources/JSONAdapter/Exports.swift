// `import JSONAdapter` is all app code needs: the model layer and archiving come with it.
@_exported import MantleCore
@_exported import MantleArchiving
