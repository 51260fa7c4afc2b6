"""Benchmarks: print ratios and per-case costs from one run; never asserted in tests."""
