"""Basic Arithmetic Operations (nx.txt): add, sub, mul, div, pow, mod_ in five forms; neg."""
