"""Linear Algebra (seed 001): products, contractions, diagonals and powers of tensors."""
