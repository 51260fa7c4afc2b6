"""Iteration and Mapping (nx.txt): OCaml functions applied to every element."""
