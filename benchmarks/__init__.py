"""Print the figures of the project's benchmarks: python -m benchmarks.<name>."""
