// Benchmarks: filled in by the benchmark issue.
print("peach-bench: no benchmarks yet")
