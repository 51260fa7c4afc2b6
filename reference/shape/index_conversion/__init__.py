"""Index conversion (seed 002, Nx_core.Shape): multi-indices to linear offsets and back."""
