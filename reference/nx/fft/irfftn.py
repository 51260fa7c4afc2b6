"""irfftn: the inverse of `rfftn`, a real N-dimensional signal (nx.txt, "FFT").

`irfftn ?axes ?s ?norm x`: `ifft` along every axis of `axes` but the last (in the listed
order), then `irfft` along the last. `s` gives the output lengths and must be given:
"@raise Invalid_argument if [s] not specified for inverse real transforms" (nx.mli:2952,
the interface file; ERRATA nx.irfftn). Axes default as for `fftn`; at least one is
needed. Any complex dtype in, float64 out (its type, nx.mli:2947). NumPy's
`fft.irfftn`; see `_common.py`.
"""

from reference.errors import require
from reference.nx.fft._common import inverse_real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "irfftn")
def irfftn(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    # "@raise Invalid_argument ... if [s] not specified" (nx.mli:2952): the signature makes
    # s optional, but without it the call raises (ERRATA nx.irfftn).
    require(
        s is not None, "irfftn", "s not specified: the output lengths must be given (nx.mli:2952)"
    )
    return inverse_real_nd("irfftn", x, axes, s, norm)
