"""Array Creation (nx.txt): tensors made from data, constants, ranges and grids."""
