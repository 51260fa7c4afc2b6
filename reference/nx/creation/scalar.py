"""scalar: a 0-d tensor (shape `[||]`) holding `value` (nx.txt, "Array Creation").

The value is stored like every element (floats round once, integers wrap).
"""

from reference.dtypes import DType
from reference.elements import constant
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "scalar")
def scalar(dtype: DType, value) -> Tensor:
    return constant("scalar", dtype, (), value)
