// Placeholder: the benchmark harness is being written.
print("MantleBenchmarks")
