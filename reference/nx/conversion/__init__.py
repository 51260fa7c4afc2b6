"""Type Conversion and Copying (seed 001): casts, copies, and writing whole tensors in place."""
