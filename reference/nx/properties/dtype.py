"""dtype: the data type of a tensor (nx.txt, "Array Properties")."""

from reference.dtypes import DType
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "dtype")
def dtype(t: Tensor) -> DType:
    return t.dtype
