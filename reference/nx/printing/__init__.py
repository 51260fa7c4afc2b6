"""Printing and Display (nx.txt): tensors, dtypes and shapes as text."""
