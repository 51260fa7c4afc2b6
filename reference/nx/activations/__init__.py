"""Activation Functions (nx.txt): relu and friends, sigmoids, softmax, erf, gelu."""
