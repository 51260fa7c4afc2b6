"""Random Number Generation (seed 001): seeded uniform, normal and integer draws."""
