"""Construction (nx_core_view.txt, Nx_core.View): `create`."""
