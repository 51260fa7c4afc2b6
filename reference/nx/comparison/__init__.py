"""Comparison and Logical Operations (nx.txt): comparisons, extrema, logic, where, clamp."""
