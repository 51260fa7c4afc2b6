"""Bitwise Operations (seed 001): and, or, xor, not on the bits of integers; shifts."""
