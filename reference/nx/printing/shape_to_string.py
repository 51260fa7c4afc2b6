"""shape_to_string: a shape as `[2x3x4]` (nx.txt, "Printing and Display").

`shape_to_string shape` "formats shape as "[2x3x4]"": the dimensions in decimal joined by
`x`, in brackets, without spaces (the documentation's rendering of this sentence lost the brackets:
spec/ERRATA.md, nx.shape_to_string).
"""

from reference.registry import op


# Note: R210 — the documentation shows a rank-3 shape only. The rule read from it, "the
# dimensions joined by x, in brackets", gives "[5]" for a rank-1 shape and "[]" for the
# empty shape of a scalar; the dimensions are written as given (no validation: it is a
# formatter).
@op("nx", "shape_to_string")
def shape_to_string(shape: tuple[int, ...]) -> str:
    return "[" + "x".join(str(dim) for dim in shape) + "]"
