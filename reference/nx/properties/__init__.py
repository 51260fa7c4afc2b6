"""Array Properties (nx.txt): dimensions, memory layout and element access of a tensor."""
