"""Element Access and Slicing (seed 001): reading and writing elements, gathers, scatters."""
