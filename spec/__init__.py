"""The documented behaviour of Nx as case files (data): see FORMAT.md.

Beside the data, its readers: `vocabulary` (the closed vocabularies of `vocabulary.yaml`
and the labels of `labels.yaml`), `dtypes` (the dtype table built from it) and
`documentation` (where the documents and their inventories are). They import nothing else
of the project; every other package takes its vocabulary from them.
"""
