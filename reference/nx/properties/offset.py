"""offset: the position of the first element in the underlying buffer, counted in
elements (nx.txt, "Array Properties").

0 for a freshly created tensor; a view that starts inside its source's buffer (a shrink
or slice that drops leading rows or columns) has a positive offset.
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "offset")
def offset(t: Tensor) -> int:
    return t.offset
