"""Index conversion (nx_core_shape.txt, Nx_core.Shape): multi-indices to linear offsets and back."""
