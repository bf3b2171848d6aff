"""Benchmark tests: throughput (tokens per cycle) and simulation speed, run by `make bench`."""
