"""Type Conversion and Copying (nx.txt): casts, copies, and writing whole tensors in place."""
