"""Norms and Condition Numbers (nx.txt): norms, condition numbers, determinants, rank, trace."""
