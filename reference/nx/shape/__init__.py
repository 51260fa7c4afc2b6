"""Shape Manipulation (seed 001): reshaping, broadcasting, permuting and rearranging tensors."""
