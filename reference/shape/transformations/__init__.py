"""Shape transformations (seed 002, Nx_core.Shape): -1 inference and broadcasting."""
