"""Printing and Display (seed 001): tensors, dtypes and shapes as text."""
