"""Construction (seed 000, Nx_core.View): `create`."""
