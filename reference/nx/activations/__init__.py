"""Activation Functions (seed 001): relu and friends, sigmoids, softmax, erf, gelu."""
