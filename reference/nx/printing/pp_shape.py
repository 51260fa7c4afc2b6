"""pp_shape: print a shape as `[2x3x4]` on a formatter (nx.txt, "Printing and Display").

`pp_shape fmt shape` "pretty-prints shape": writes `shape_to_string shape` on fmt.
"""

from reference.nx.printing._common import output
from reference.nx.printing.shape_to_string import shape_to_string
from reference.registry import op


@op("nx", "pp_shape")
def pp_shape(fmt, shape: tuple[int, ...]) -> None:
    output("pp_shape", fmt).write(shape_to_string(shape))
