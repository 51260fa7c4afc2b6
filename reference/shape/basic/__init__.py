"""Basic operations (seed 002, Nx_core.Shape): `numel`."""
