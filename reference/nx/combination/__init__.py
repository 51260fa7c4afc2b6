"""Array Combination and Splitting (nx.txt): joining tensors and cutting them into parts."""
