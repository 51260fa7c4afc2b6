"""Reduction Operations (seed 001): sums, extrema, means, variances, scans, truth tests."""
