"""Random Number Generation (nx.txt): seeded uniform, normal and integer draws."""
