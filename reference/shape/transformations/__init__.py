"""Shape transformations (nx_core_shape.txt, Nx_core.Shape): -1 inference and broadcasting."""
