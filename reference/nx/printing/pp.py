"""pp: print a tensor's description and elements on a formatter (nx.txt, "Printing and
Display").

`pp fmt t` "pretty-prints tensor info and data": writes `to_string t` on fmt (the
layout is the reference's; see `to_string`).
"""

from reference.nx.printing._common import output
from reference.nx.printing.to_string import info_text
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "pp")
def pp(fmt, t: Tensor) -> None:
    output("pp", fmt).write(info_text(t))
