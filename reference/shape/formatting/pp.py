"""pp: print a shape on a formatter (nx_core_shape.txt, Nx_core.Shape, "Formatting").

`pp fmt shape` writes `to_string shape` (documented: "the same syntax as to_string") on
the `Stdlib.Format.formatter` fmt and returns unit.
"""

import sys

from reference.errors import require
from reference.registry import op
from reference.shape.formatting.to_string import shape_text

# Note: R211 — the case format has no value for a `Format.formatter`. A case names one of the
# Stdlib's formatters as a variant without payload (`{variant: std_formatter}`), which
# the reference writes to the matching Python stream; a `prints` case then compares what
# was printed on standard output. (Proposed as a FORMAT.md extension; see the lead.)
FORMATTERS = {"std_formatter": lambda: sys.stdout, "err_formatter": lambda: sys.stderr}


@op("shape", "pp")
def pp(fmt: str, shape: tuple[int, ...]) -> None:
    require(fmt in FORMATTERS, "pp",
            f"formatter {fmt!r} is not one the reference knows ({', '.join(FORMATTERS)})")
    FORMATTERS[fmt]().write(shape_text(shape))
