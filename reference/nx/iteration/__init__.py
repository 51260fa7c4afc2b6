"""Iteration and Mapping (seed 001): OCaml functions applied to every element."""
