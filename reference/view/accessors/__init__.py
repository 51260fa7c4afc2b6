"""Accessors (nx_core_view.txt, Nx_core.View): shape, strides, offset, rank, size, mask of a
view."""
