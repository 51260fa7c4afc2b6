"""pp_data: print a tensor's elements on a formatter (nx.txt, "Printing and Display").

`pp_data fmt t` "pretty-prints tensor data": it writes `data_to_string t` (no newline)
on the `Format.formatter` fmt and returns unit.
"""

from reference.nx.printing._common import output
from reference.nx.printing.data_to_string import data_text
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "pp_data")
def pp_data(fmt, t: Tensor) -> None:
    output("pp_data", fmt).write(data_text(t))
