"""Shapeshifting (arraymancer_shapeshifting.txt, Arraymancer): a peer library's view of the shape
operations."""
