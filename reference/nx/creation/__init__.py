"""Array Creation (seed 001): tensors made from data, constants, ranges and grids."""
