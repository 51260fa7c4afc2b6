"""The `genarray` namespace: one module per documented function, by documentation section."""
