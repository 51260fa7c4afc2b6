"""Indexing (nx_core_view.txt, Nx_core.View): buffer positions and mask validity of an index."""
