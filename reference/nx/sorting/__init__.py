"""Sorting and Searching (nx.txt): the stable bitonic sort and argsort."""
