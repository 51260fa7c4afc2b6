"""Accessors (seed 000, Nx_core.View): shape, strides, offset, rank, size, mask of a view."""
