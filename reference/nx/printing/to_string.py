"""to_string: a tensor's description and elements (seed 001, "Printing and Display").

`to_string t` converts "tensor info and data" to a string. The layout is not documented
(READINGS R207): cases only require that it contains the data
(`data_to_string t`), the shape (`shape_to_string`) and the dtype's name
(`dtype_to_string`). The reference writes, in the manner of Nx's info block:

    Nx Info:
      Shape: 2x3
      Dtype: float32
      Size: 6
    Data:
    [[1, 2, 3],
     [4, 5, 6]]

The data starts a line of its own, so that its continuation lines keep their documented
indentation. A scalar's shape is written `scalar` (its `shape_to_string` is empty).
"""

from reference.nx.printing.data_to_string import data_text
from reference.nx.printing.dtype_to_string import dtype_to_string
from reference.nx.printing.shape_to_string import shape_to_string
from reference.registry import op
from reference.tensor import Tensor


def info_text(t: Tensor) -> str:
    shape = shape_to_string(t.shape) or "scalar"
    return (f"Nx Info:\n  Shape: {shape}\n  Dtype: {dtype_to_string(t.dtype)}\n"
            f"  Size: {t.numel}\nData:\n{data_text(t)}")


@op("nx", "to_string")
def to_string(t: Tensor) -> str:
    return info_text(t)
