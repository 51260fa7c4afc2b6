"""Shapeshifting (seed 003, Arraymancer): a peer library's view of the shape operations."""
