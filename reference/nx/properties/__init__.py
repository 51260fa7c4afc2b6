"""Array Properties (seed 001): dimensions, memory layout and element access of a tensor."""
