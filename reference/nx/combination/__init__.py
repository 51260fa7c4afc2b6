"""Array Combination and Splitting (seed 001): joining tensors and cutting them into parts."""
