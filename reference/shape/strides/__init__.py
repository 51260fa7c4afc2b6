"""Strides (nx_core_shape.txt, Nx_core.Shape): `c_contiguous_strides`."""
