"""Basic operations (nx_core_shape.txt, Nx_core.Shape): `numel`."""
