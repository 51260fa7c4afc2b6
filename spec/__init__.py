"""The documented behaviour of Nx as case files (data): see FORMAT.md."""
