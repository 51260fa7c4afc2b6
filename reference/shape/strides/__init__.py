"""Strides (seed 002, Nx_core.Shape): `c_contiguous_strides`."""
