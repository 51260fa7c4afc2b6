"""Matrix Decompositions (seed 001): Cholesky, QR, SVD and singular values."""
