"""to_array: the elements as a flat OCaml array, in row-major order (nx.txt,
"Array Properties").

Always a copy; the elements are read through the tensor's strides and offset, so a
transposed or broadcast view gives its own row-major order. Each element is the OCaml
value of the dtype's element type: a float, an int, a bool or a complex number.
"""

import numpy as np

from reference.registry import op
from reference.tensor import Tensor

_PYTHON = {"float": (np.float64, float), "signed": (np.int64, int),
           "unsigned": (np.int64, int), "bool": (np.bool_, bool),
           "complex": (np.complex128, complex)}


@op("nx", "to_array")
def to_array(t: Tensor) -> list:
    wide, python = _PYTHON[t.dtype.kind.value]
    return [python(x) for x in t.values().reshape(-1).astype(wide)]
