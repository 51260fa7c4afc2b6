"""Bitwise Operations (nx.txt): and, or, xor, not on the bits of integers; shifts."""
