"""Eigenvalues and Eigenvectors (seed 001): general and Hermitian eigenproblems."""
