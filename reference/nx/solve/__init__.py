"""Solving Linear Systems (seed 001): solve, least squares, inverses, tensor equations."""
