"""Transformations (seed 000, Nx_core.View): reshape, expand, permute, shrink, pad."""
