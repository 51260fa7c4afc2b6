"""Bigarray.Genarray (seed 004): one module per documented function."""
