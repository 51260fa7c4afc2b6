"""Transformations (nx_core_view.txt, Nx_core.View): reshape, expand, permute, shrink, pad."""
