"""to_string: a tensor's description and elements (nx.txt, "Printing and Display").

`to_string t` converts "tensor info and data" to a string (nx.txt:2647). The layout is not
documented.
Note: R207 — the layout is open; the cases check each row of the data string and the dtype
name. The reference writes the block Nx 1.0.0~alpha1 writes, one accepted layout (strides
and offset in elements, the dimensions of the shape and strides separated by "; "):

    Nx Info:
      Shape: [2; 3]
      Dtype: float32
      Strides: [3; 1]
      Offset: 0
      Size: 6
      Data: [[1, 2, 3],
             [4, 5, 6]]

The data is `data_to_string t`, each continuation line shifted right by the 8 columns of
"  Data: " (Nx prints it in a box opened there); the block ends with a newline.
"""

from reference.nx.printing.data_to_string import data_text
from reference.nx.printing.dtype_to_string import dtype_to_string
from reference.registry import op
from reference.tensor import Tensor


def _dims(values) -> str:
    return "[" + "; ".join(str(v) for v in values) + "]"


def info_text(t: Tensor) -> str:
    data = data_text(t).replace("\n", "\n" + " " * len("  Data: "))
    return (
        f"Nx Info:\n  Shape: {_dims(t.shape)}\n  Dtype: {dtype_to_string(t.dtype)}\n"
        f"  Strides: {_dims(t.strides)}\n  Offset: {t.offset}\n  Size: {t.numel}\n"
        f"  Data: {data}\n"
    )


@op("nx", "to_string")
def to_string(t: Tensor) -> str:
    return info_text(t)
