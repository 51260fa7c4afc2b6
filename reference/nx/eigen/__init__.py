"""Eigenvalues and Eigenvectors (nx.txt): general and Hermitian eigenproblems."""
