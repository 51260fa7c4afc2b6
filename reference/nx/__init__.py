"""The `nx` namespace: one module per documented function, by documentation section."""
