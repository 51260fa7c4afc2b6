"""identity: the n×n identity matrix, equivalent to `eye dtype n` (nx.txt,
"Array Creation")."""

from reference.dtypes import DType
from reference.nx.creation.eye import eye_matrix
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "identity")
def identity(dtype: DType, n: int) -> Tensor:
    return eye_matrix("identity", dtype, n, None, 0)
