"""Formatting (seed 002, Nx_core.Shape): `to_string` and `pp`."""
