"""to_string: a shape as text (nx_core_shape.txt, Nx_core.Shape, "Formatting").

Documented: "a bracketed comma-separated list, for example [2,3,4]" — no spaces; the
empty shape is `[]`.
"""

from reference.registry import op


def shape_text(shape: tuple[int, ...]) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


@op("shape", "to_string")
def to_string(shape: tuple[int, ...]) -> str:
    return shape_text(shape)
