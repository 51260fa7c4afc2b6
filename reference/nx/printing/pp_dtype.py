"""pp_dtype: print a dtype's name on a formatter (nx.txt, "Printing and Display").

`pp_dtype fmt dt` "pretty-prints dtype": writes `dtype_to_string dt` on fmt.
"""

from reference.dtypes import DType
from reference.nx.printing._common import output
from reference.nx.printing.dtype_to_string import dtype_to_string
from reference.registry import op


@op("nx", "pp_dtype")
def pp_dtype(fmt, dt: DType) -> None:
    output("pp_dtype", fmt).write(dtype_to_string(dt))
