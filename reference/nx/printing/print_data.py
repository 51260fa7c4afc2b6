"""print_data: print a tensor's elements on stdout (nx.txt, "Printing and Display").

`print_data t` "prints tensor data to stdout": `data_to_string t` and a newline
(`print_with_formatter pp_data t`).
"""

from reference.nx.printing.pp_data import pp_data
from reference.nx.printing.print_with_formatter import print_with_formatter
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "print_data")
def print_data(t: Tensor) -> None:
    print_with_formatter(pp_data, t)
