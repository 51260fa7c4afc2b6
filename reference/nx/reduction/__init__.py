"""Reduction Operations (nx.txt): sums, extrema, means, variances, scans, truth tests."""
