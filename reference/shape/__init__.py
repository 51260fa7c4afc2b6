"""The `shape` namespace: one module per documented function, by documentation section."""
