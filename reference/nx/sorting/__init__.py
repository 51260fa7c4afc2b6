"""Sorting and Searching (seed 001): the stable bitonic sort and argsort."""
