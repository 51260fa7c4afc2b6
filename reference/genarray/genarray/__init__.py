"""Bigarray.Genarray (bigarray_genarray.txt): one module per documented function."""
