"""format_to_string: what a printer writes, as a string (nx.txt, "Printing and Display").

`format_to_string pp x` "converts using pretty-printer": it makes a formatter over a
fresh buffer, runs `pp fmt x` on it and returns what was written. Its type (not printed
in the rendered documentation; nx.mli's interface): `(Format.formatter -> 'a -> unit) -> 'a ->
string`.
"""

import io

from reference.registry import op


@op("nx", "format_to_string")
def format_to_string(pp, x) -> str:
    buffer = io.StringIO()
    pp(buffer, x)
    return buffer.getvalue()
