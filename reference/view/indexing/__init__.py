"""Indexing (seed 000, Nx_core.View): buffer positions and mask validity of an index."""
