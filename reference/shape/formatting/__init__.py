"""Formatting (nx_core_shape.txt, Nx_core.Shape): `to_string` and `pp`."""
