"""Comparison and Logical Operations (seed 001): comparisons, extrema, logic, where, clamp."""
