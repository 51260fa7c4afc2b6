"""print_with_formatter: run a printer on standard output (nx.txt, "Printing and Display").

`print_with_formatter pp x` "prints using formatter": `pp Format.std_formatter x`, then
the line is ended. Its type (not printed in the rendered documentation; nx.mli's interface):
`(Format.formatter -> 'a -> unit) -> 'a -> unit`.
"""

import sys

from reference.registry import op


@op("nx", "print_with_formatter")
def print_with_formatter(pp, x) -> None:
    pp("std_formatter", x)
    # Note: R208 — the documentation does not say whether a `print*` function ends its line.
    # The reference ends it with one "\n" (like `print_endline`, and as Nx's own
    # `print_with_formatter` does with `Format.pp_print_newline`); `print_data` and
    # `print` are built on this function, and their cases pin the newline.
    sys.stdout.write("\n")
