"""Matrix Decompositions (nx.txt): Cholesky, QR, SVD and singular values."""
