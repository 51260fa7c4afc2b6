"""squeeze, squeeze_axis: remove dimensions of size 1 (nx.txt, "Shape Manipulation").

`squeeze t` removes every dimension of size 1; `squeeze ~axes t` only those listed
(negative axes count from the end); `squeeze_axis axis t` is `squeeze ~axes:[axis] t`.
The result is a view of `t` with the strides of the remaining dimensions.
"""

from reference.errors import check_axes, require
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "squeeze")
def squeeze(t: Tensor, *, axes: tuple[int, ...] | None = None) -> Tensor:
    if axes is None:
        removed = {axis for axis, size in enumerate(t.shape) if size == 1}
    elif t.ndim == 0:
        # Note: R237 — a 0-d tensor has no axis to list; the documentation is silent, and cases
        # accept a refusal or this, what Nx 1.0.0~alpha1 does: `squeeze ~axes` (and
        # `squeeze_axis`) of a 0-d tensor returns it unchanged, whatever the axes.
        return reshaped("squeeze", t, ())
    else:
        removed = set(check_axes("squeeze", axes, t.ndim))
        # Note: R45 — a listed axis whose size is not 1 raises (NumPy does the
        # same), rather than being left in place.
        for axis in sorted(removed):
            require(
                t.shape[axis] == 1,
                "squeeze",
                f"cannot remove axis {axis} of shape {list(t.shape)}: its size is "
                f"{t.shape[axis]}, not 1",
            )
    return reshaped("squeeze", t, tuple(s for a, s in enumerate(t.shape) if a not in removed))


@op("nx", "squeeze_axis")
def squeeze_axis(axis: int, t: Tensor) -> Tensor:
    return squeeze(t, axes=(axis,))
