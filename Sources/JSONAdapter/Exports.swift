// `import JSONAdapter` is all app code needs: the model layer comes with it.
@_exported import MantleCore
