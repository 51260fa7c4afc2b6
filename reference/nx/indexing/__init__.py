"""Element Access and Slicing (nx.txt): reading and writing elements, gathers, scatters."""
