"""Numeric cores several ops of the `nx` namespace share, each naming its algorithm."""
