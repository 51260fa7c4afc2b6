"""Basic Arithmetic Operations (seed 001): add, sub, mul, div, pow, mod_ in five forms; neg."""
