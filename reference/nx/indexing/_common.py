"""What the Element Access and Slicing ops share (nx.txt, "Element Access and Slicing").

- `select`: what a list of index specs (`I L R Rs A M N`) picks from a tensor, as a view
  when strides can express it and as positions to gather or scatter otherwise. `slice`,
  `set_slice`, `get`, `set`, `item` and `set_item` all go through it.
- `resolve_positions`: the `mode` rule of `take` and `put` for out-of-range indices.
- `along_axis`: the positions of `take_along_axis`, `put_along_axis` and `put ~axis`.
- `ocaml_value`: a stored element as the OCaml value `item` returns.
- `nonzero_coordinates`: where the non-zero elements are (`nonzero`, `argwhere`).

The index rules (nx.txt, type `index` and `slice`; READINGS R67 to
R71): each spec but `N` stands for the next axis, from the left; missing specs are
`A`. `I i` picks one index and drops the axis (negative counts from the end); `L` picks a
list of indices; `R (a, b)` and `Rs (a, b, s)` are Python slices `a:b` and `a:b:s`
(negative bounds count from the end, bounds are clamped, step 0 is refused); `M mask`
keeps the positions where the uint8 mask, as long as the axis, is non-zero; `N` inserts
an axis of size 1. The result is a view of the source when it holds only `I`, `A`, `N`
and ranges of step ±1; `L`, `M` and other steps make a copy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from reference.broadcast import broadcast_view
from reference.dtypes import INT32, UINT8
from reference.errors import check_axis, check_index, invalid, require
from reference.layout import View
from reference.nx._cores.elementwise import WIDE, wide
from reference.ocaml import A, I, L, M, N, R, Rs
from reference.tensor import Tensor


@dataclass(frozen=True, eq=False)
class _Axis:
    """What one spec picks along one source axis.

    `positions`: the indices chosen, in order. `keep`: False for `I i`, whose axis is
    dropped. `step`: the distance between consecutive positions when a strided view can
    express the choice (`I`, `A`, `R`, `Rs` of step ±1), else None (a copy is needed).
    """

    positions: np.ndarray
    keep: bool = True
    step: int | None = 1


def _python_range(function: str, start: int, stop: int, step: int, size: int) -> _Axis:
    require(step != 0, function, f"Rs ({start}, {stop}, {step}): the step must not be 0")
    chosen = range(*slice(start, stop, step).indices(size))
    # Note: R24 — only ranges of step ±1 are views; a range of
    # any other step is a copy (NumPy would give a view).
    return _Axis(np.arange(chosen.start, chosen.stop, chosen.step, dtype=np.intp),
                 step=step if step in (1, -1) else None)


def _axis(function: str, spec, size: int) -> _Axis:
    match spec:
        case I(index=index):
            return _Axis(np.array([check_index(function, index, size)], dtype=np.intp),
                         keep=False)
        case R(start=start, stop=stop):
            return _python_range(function, start, stop, 1, size)
        case Rs(start=start, stop=stop, step=step):
            return _python_range(function, start, stop, step, size)
        case L(indices=indices):
            # Note: R71 — negative list indices count from the end, as `I`'s do (NumPy's fancy
            # indexing; the documentation says so for `I` only).
            chosen = [check_index(function, i, size) for i in indices]
            return _Axis(np.array(chosen, dtype=np.intp), step=None)
        case M(mask=mask):
            require(isinstance(mask, Tensor) and mask.dtype is UINT8 and mask.ndim == 1,
                    function, f"M takes a 1-D uint8 mask, got {_describe(mask)}")
            require(mask.shape[0] == size, function,
                    f"M mask has length {mask.shape[0]}, but the axis has size {size}")
            return _Axis(np.flatnonzero(mask.values()).astype(np.intp), step=None)
        case _ if spec is A:
            return _Axis(np.arange(size, dtype=np.intp))
    raise invalid(function, f"{spec!r} is not an index spec (I, L, R, Rs, A, M or N)")


def _describe(value) -> str:
    if isinstance(value, Tensor):
        return f"a {value.dtype.name} tensor of shape {list(value.shape)}"
    return repr(value)


@dataclass(frozen=True, eq=False)
class Selection:
    """What a list of index specs picks from a tensor.

    `positions[d]`: the indices chosen along source axis d. `shape`: the result's shape
    (axes of `I` dropped, `N` axes inserted). `view`: the strided view reading exactly
    those elements, or None when the selection needs a copy.
    """

    positions: tuple[np.ndarray, ...]
    shape: tuple[int, ...]
    view: View | None

    def read(self, t: Tensor) -> Tensor:
        """The selected elements: a view of `t` when possible, else a new tensor."""
        if self.view is not None:
            return t.with_view(self.view)
        gathered = np.asarray(t.array()[np.ix_(*self.positions)])
        return Tensor.from_values(gathered.reshape(self.shape), t.dtype)

    def write(self, function: str, t: Tensor, value: Tensor) -> None:
        """Store `value`, broadcast to the selection's shape, into the selected elements.

        The value is read completely before any element is written, so a value that is
        a view of `t` itself reads the old elements (NumPy's assignment semantics).
        """
        source = values_for(function, t, value, self.shape)
        # Note: R9 — positions listed twice (`L [0; 0]`) are written in order, so the last
        # value wins (NumPy's assignment). The documentation says nothing of it, so no
        # case depends on it (unspecified, like NumPy's own guarantee).
        kept_shape = tuple(len(p) for p in self.positions)
        t.array()[np.ix_(*self.positions)] = source.reshape(kept_shape)


def select(function: str, specs, t: Tensor) -> Selection:
    """Resolve `specs` against `t` (module docstring for the rules)."""
    parts: list[_Axis | None] = []  # one per spec, in order; None stands for `N`
    axis = 0
    for spec in specs:
        if spec is N:
            parts.append(None)
            continue
        require(axis < t.ndim, function,
                f"{sum(s is not N for s in specs)} index specs (besides N) for a tensor of "
                f"shape {list(t.shape)}; at most {t.ndim}")
        parts.append(_axis(function, spec, t.shape[axis]))
        axis += 1
    parts.extend(_Axis(np.arange(size, dtype=np.intp)) for size in t.shape[axis:])

    positions = tuple(part.positions for part in parts if part is not None)
    shape = tuple(1 if part is None else len(part.positions)
                  for part in parts if part is None or part.keep)
    if any(part is not None and part.step is None for part in parts):
        return Selection(positions, shape, None)
    offset, strides, source_strides = t.offset, [], iter(t.strides)
    for part in parts:
        if part is None:
            strides.append(0)
            continue
        stride = next(source_strides)
        if len(part.positions):
            offset += int(part.positions[0]) * stride
        if part.keep:
            strides.append(stride * part.step)
    return Selection(positions, shape, View(shape, tuple(strides), offset))


def int_indices(function: str, indices, ndim: int, *, complete: bool) -> list:
    """An `int list` of `get`/`set`/`item`/`set_item` as `I` specs: at most `ndim` of them,
    exactly `ndim` when `complete` ("must provide indices for all dimensions")."""
    count = len(indices)
    if complete:
        require(count == ndim, function,
                f"{count} indices for a tensor of rank {ndim}; exactly {ndim} are required")
    else:
        require(count <= ndim, function,
                f"{count} indices for a tensor of rank {ndim}; at most {ndim} are allowed")
    return [I(i) for i in indices]


def ocaml_value(t: Tensor):
    """The one element of a 0-d tensor as an OCaml value: a Python float, int, complex or
    bool (the dtype's element type)."""
    return t.values().astype(WIDE[t.dtype.kind]).item()


def int32_indices(function: str, indices: Tensor) -> np.ndarray:
    """The elements of an `(int32, int32_elt) t` of indices, as int64."""
    require(indices.dtype is INT32, function,
            f"indices must be an int32 tensor, got {indices.dtype.name}")
    return indices.values().astype(np.int64)


# How an out-of-range index is treated, for `take` and `put` (`?mode`, default `raise`):
# NumPy's rules (READINGS R73): `raise` accepts [-n, n) and counts negatives from
# the end; `wrap` is Python modulo; `clip` clamps to [0, n-1], negatives included.
_MODES = {
    "raise": lambda positions, size: positions % size,
    "wrap": lambda positions, size: positions % size,
    "clip": lambda positions, size: np.clip(positions, 0, size - 1),
}


def resolve_positions(function: str, positions: np.ndarray, size: int, mode: str) -> np.ndarray:
    """`positions` into an axis of `size`, out-of-range ones treated by `mode`."""
    require(mode in _MODES, function,
            f"mode {mode!r} is not one of {', '.join(f'`{m}' for m in _MODES)}")
    if positions.size == 0:
        return positions
    # Note: R74 — no mode can pick from an empty axis (NumPy: "cannot do a non-empty take from
    # an empty axes"): non-empty indices into a zero-size axis raise in every mode.
    require(size > 0, function, f"{positions.size} indices into an axis of size 0")
    outside = positions[(positions < -size) | (positions >= size)]
    if mode == "raise" and outside.size:
        raise invalid(function, f"index {int(outside[0])} out of bounds for size {size} "
                                f"(mode `raise` accepts {-size} to {size - 1})")
    return _MODES[mode](positions, size)


def along_axis(function: str, t: Tensor, indices: Tensor, axis: int,
               mode: str = "raise") -> tuple[np.ndarray, ...]:
    """NumPy `take_along_axis` positions: element `j` of `indices` names, along `axis`,
    the element of `t` whose other coordinates are `j`'s own."""
    axis = check_axis(function, axis, t.ndim)
    chosen = int32_indices(function, indices)
    # Note: R77 — the documentation says the indices "must have the same shape as t except
    # along the specified axis"; NumPy would also broadcast size-1 dimensions. The
    # specific statement wins (READINGS R2): no broadcasting.
    same = indices.ndim == t.ndim and all(
        i == s for d, (i, s) in enumerate(zip(indices.shape, t.shape, strict=True)) if d != axis)
    require(same, function,
            f"indices of shape {list(indices.shape)} for a tensor of shape {list(t.shape)}: "
            f"the shapes must be equal except along axis {axis}")
    coordinates = list(np.indices(indices.shape, sparse=True))
    coordinates[axis] = resolve_positions(function, chosen, t.shape[axis], mode)
    return tuple(coordinates)


def values_for(function: str, t: Tensor, values: Tensor, shape: tuple[int, ...]) -> np.ndarray:
    """`values` (of `t`'s dtype) broadcast to `shape`, as a copy read before any write."""
    require(values.dtype is t.dtype, function,
            f"values are {values.dtype.name} but the tensor is {t.dtype.name}; "
            f"they must have one dtype")
    return broadcast_view(function, values, shape).values()


def nonzero_coordinates(t: Tensor) -> np.ndarray:
    """The coordinates of `t`'s elements that are `<> 0`, one row each, row-major: shape
    [count; ndim] (NumPy's `argwhere`; a 0-d tensor gives [1; 0] or [0; 0])."""
    return np.argwhere(wide(t) != 0)
