"""Linear Algebra (nx.txt): products, contractions, diagonals and powers of tensors."""
