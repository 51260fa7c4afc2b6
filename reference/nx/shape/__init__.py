"""Shape Manipulation (nx.txt): reshaping, broadcasting, permuting and rearranging tensors."""
