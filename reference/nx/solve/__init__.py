"""Solving Linear Systems (nx.txt): solve, least squares, inverses, tensor equations."""
