"""print: print a tensor's description and elements on stdout (nx.txt, "Printing and
Display").

`print t` "prints tensor info and data to stdout": `to_string t` and a newline
(`print_with_formatter pp t`).
"""

from reference.nx.printing.pp import pp
from reference.nx.printing.print_with_formatter import print_with_formatter
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "print")
def print_(t: Tensor) -> None:
    print_with_formatter(pp, t)
