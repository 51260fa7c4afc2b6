"""The runner: case files, adapters, comparison, results."""
