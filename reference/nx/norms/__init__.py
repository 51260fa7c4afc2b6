"""Norms and Condition Numbers (seed 001): norms, condition numbers, determinants, rank, trace."""
