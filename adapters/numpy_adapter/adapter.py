"""The `numpy` adapter: every Nx op that has a NumPy counterpart, run by NumPy itself.

`nx-conformance run --adapter numpy` measures NumPy against the documented Nx behaviour.
The adapter keeps **NumPy's semantics**: it never re-implements an Nx rule. What it adds is
calling-convention glue only:

- argument order and OCaml labels become NumPy positions and keyword names (`Call.pos`,
  `Call.kwargs`); `int array`s become tuples, variants become NumPy's strings or numbers
  (`VARIANTS`), index specs become NumPy index expressions, an Nx dtype becomes its
  storage dtype (`spec.dtypes`: ml_dtypes for bfloat16 / float8 / int4, int64 for
  `int` and `nativeint`);
- a result is reported in the Nx dtype of an argument with the same storage (so an
  `int` input gives `int`, not `int64`, when NumPy keeps the storage type), else in the
  Nx dtype that NumPy's dtype stands for (bool, float64, int64, ...); a NumPy dtype with
  no Nx counterpart (uint64 of `np.sum` over uint8, ...) is reported as a string, so the
  case fails and says why;
- an in-place Nx op is the NumPy function with `out=` (`InPlace`), and an Nx op that
  returns its target returns it (`Call.returns`);
- NumPy exceptions become the OCaml kinds: ValueError / IndexError / TypeError (and
  `np.linalg.LinAlgError`, `np.exceptions.AxisError`, their subclasses) are
  `Invalid_argument`, ZeroDivisionError is `Division_by_zero`; anything else is a crash.
  NumPy's warnings (integer division by zero, invalid casts) are NumPy's semantics: the
  value NumPy returns is the result.

A documented optional argument that is absent is absent in the NumPy call too, so NumPy's
defaults apply (`concatenate` without `~axis` joins on axis 0, `svd` computes full
matrices): those are real API differences and the cases show them. A label NumPy has no
counterpart for makes the call `unsupported`, unless its value is the one NumPy always
behaves as (`Call.fixed`, e.g. `~descending:false`). Ops without a NumPy function, method,
operator or index expression (activations, `rsqrt`, `lerp`, `unflatten`, `offset`,
Bigarrays, printing, ...) are `unsupported` with the reason (`NO_COUNTERPART`); writing
them as compositions of NumPy functions would be our formula, not NumPy's.

Tensors are `Typed`: a NumPy array with the Nx dtype it stands for. Views are NumPy's own
(`np.shares_memory` decides `aliases`). complex16 has no NumPy dtype, so the adapter does
not declare it and those cases are unsupported.
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from adapters import values as v
from adapters.inprocess import InProcessAdapter, Live, Raised, Unsupported
from spec import dtypes
from spec.dtypes import DType
from spec.vocabulary import ErrorKind


class Typed:
    """A NumPy array and the Nx dtype it stands for (None: NumPy's dtype has no Nx name)."""

    __slots__ = ("array", "dtype")

    def __init__(self, array: np.ndarray, dtype: DType | None):
        self.array, self.dtype = array, dtype


# NumPy dtype -> the Nx dtype of that storage, first in the documented order
# (int64 before `int` and `nativeint`, complex32 before complex16, int8 before qint8).
_NX_DTYPE: dict[np.dtype, DType] = {}
for _dtype in dtypes.DTYPES:
    _NX_DTYPE.setdefault(_dtype.storage, _dtype)

# An Nx variant -> NumPy's spelling of the same choice (FFT norms, QR modes, norm orders,
# `array_split` sections); variants not listed pass as their name (`raise`, `ij`, `U`).
VARIANTS: dict[str, Callable[[Any], Any]] = {
    "Backward": lambda _: "backward",
    "Forward": lambda _: "forward",
    "Ortho": lambda _: "ortho",
    "Reduced": lambda _: "reduced",
    "Complete": lambda _: "complete",
    "Fro": lambda _: "fro",
    "Nuc": lambda _: "nuc",
    "One": lambda _: 1,
    "Two": lambda _: 2,
    "Inf": lambda _: np.inf,
    "NegOne": lambda _: -1,
    "NegTwo": lambda _: -2,
    "NegInf": lambda _: -np.inf,
    "P": lambda p: p,
    "Count": lambda n: n,
    "Indices": list,
}

# The constructors of `Nx.index` as NumPy index objects (`M` is done in `_index`).
_INDEX = {
    v.IndexKind.I: lambda arg: arg,
    v.IndexKind.L: list,
    v.IndexKind.R: lambda arg: slice(*arg),
    v.IndexKind.RS: lambda arg: slice(*arg),
    v.IndexKind.A: lambda arg: slice(None),
    v.IndexKind.N: lambda arg: np.newaxis,
}

TENSOR, SCALAR = "tensor", "scalar"

_INVALID = (ValueError, IndexError, TypeError)


@dataclass(frozen=True)
class Call:
    """An Nx op as one NumPy call.

    `pos[i]` says where the Nx positional argument i goes: a NumPy position (int), a
    keyword (str), or `"*"` (a list spread as trailing positional arguments); by default
    the order is kept. `kwargs` maps OCaml labels to NumPy keywords; `fixed` lists labels
    NumPy lacks with the only value it behaves as; `extra` are keywords always passed.
    `inplace` passes the first argument as `out=`; `returns` makes the op return its Nx
    argument of that position (NumPy's function returns None). `out` says how NumPy
    scalars in the result are read: as 0-d tensors (`TENSOR`) or OCaml scalars (`SCALAR`),
    per component for a tuple result. `like` lists the positional arguments whose Nx dtype
    a result of the same storage is reported in (default: every argument, labelled ones
    too; `()` for NumPy's index results, which are its own int64 whatever the input).
    """

    fn: Callable
    pos: tuple[int | str, ...] | None = None
    kwargs: Mapping[str, str] = field(default_factory=dict)
    fixed: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    inplace: bool = False
    returns: int | None = None
    out: str | tuple[str, ...] = TENSOR
    like: tuple[int, ...] | None = None

    def run(self, args: list, kwargs: dict) -> Any:
        order = self.pos if self.pos is not None else tuple(range(len(args)))
        if len(args) > len(order):
            raise Unsupported(f"{_name(self.fn)} takes {len(order)} arguments, not {len(args)}")
        positional: dict[int, Any] = {}
        keywords: dict[str, Any] = dict(self.extra)
        spread: list = []
        for value, where in zip(args, order, strict=False):
            if where == "*":
                spread = list(_numpy(value))
            elif isinstance(where, int):
                positional[where] = _numpy(value)
            else:
                keywords[where] = _numpy(value)
        for label, value in kwargs.items():
            if label in self.kwargs:
                keywords[self.kwargs[label]] = _numpy(value)
            elif label not in self.fixed or self.fixed[label] != value:
                raise Unsupported(
                    f"{_name(self.fn)} has no counterpart of ~{label}"
                    + (f" other than {self.fixed[label]!r}" if label in self.fixed else "")
                )
        if self.inplace:
            keywords["out"] = positional[0]
        call_args = [positional[i] for i in sorted(positional)] + spread
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                result = self.fn(*call_args, **keywords)
            except ZeroDivisionError as error:
                raise Raised(ErrorKind.DIVISION_BY_ZERO.value, _message(error)) from None
            except _INVALID as error:
                raise Raised(ErrorKind.INVALID_ARGUMENT.value, _message(error)) from None
        if self.returns is not None:
            return args[self.returns]
        like = [*args, *kwargs.values()] if self.like is None else [args[i] for i in self.like]
        return _typed(result, like, self.out)


def InPlace(fn: Callable) -> Call:
    """`iadd target value`: `np.add(target, value, out=target)`, returning the target."""
    return Call(fn, inplace=True)


@dataclass(frozen=True)
class ByKind:
    """One NumPy function for float and complex tensors, another for integers and bool,
    chosen by the first tensor argument (Nx's `div` is NumPy's `/` on floats and `//` on
    integers: NumPy's `/` would give floats for integer tensors)."""

    inexact: Call
    integer: Call

    def run(self, args: list, kwargs: dict) -> Any:
        first = next((a.dtype for a in _tensors(args) if a.dtype is not None), None)
        exact = first is not None and not (first.is_float or first.is_complex)
        return (self.integer if exact else self.inexact).run(args, kwargs)


@dataclass(frozen=True)
class Both:
    """Several NumPy calls on the same arguments, as a tuple (`sort` = values, indices)."""

    parts: tuple[Call, ...]

    def run(self, args: list, kwargs: dict) -> tuple:
        return tuple(part.run(args, kwargs) for part in self.parts)


# --- Glue helpers: Nx calling conventions spelled with NumPy ---------------------------


def _name(fn: Callable) -> str:
    """`numpy.sort`, `numpy.ndarray.flatten`; "the NumPy idiom" for the table's lambdas."""
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", repr(fn))
    module = getattr(fn, "__module__", None) or "numpy"
    return "the NumPy idiom" if "<lambda>" in name else f"{module}.{name}"


def _message(error: Exception) -> str:
    return f"numpy raised {type(error).__name__}: {error}"


def _tensors(args) -> list[Typed]:
    found: list[Typed] = []
    for a in args:
        if isinstance(a, Typed):
            found.append(a)
        elif isinstance(a, list | tuple):
            found.extend(_tensors(a))
    return found


def _numpy(native: Any) -> Any:
    """A native argument as NumPy takes it: arrays, storage dtypes, lists of arrays."""
    if isinstance(native, Typed):
        return native.array
    if isinstance(native, DType):
        return native.storage
    if isinstance(native, list):
        return [_numpy(x) for x in native]
    if isinstance(native, tuple):
        return tuple(_numpy(x) for x in native)
    return native


def _typed(result: Any, args: list, out: str | tuple[str, ...]) -> Any:
    """NumPy's result with Nx dtypes: the argument's own object when NumPy returned it
    (`contiguous`, `out=`), else a `Typed` in the dtype of an argument of that storage
    (`args`: the arguments whose dtype the result may keep)."""
    if isinstance(out, tuple):
        return tuple(_typed(x, args, how) for x, how in zip(result, out, strict=True))
    if isinstance(result, np.generic):
        if out == SCALAR:
            return result.item()
        result = np.asarray(result)
    if isinstance(result, np.ndarray):
        same = next((a for a in _tensors(args) if a.array is result), None)
        return same or Typed(result, _nx_dtype(result.dtype, args))
    if isinstance(result, np.dtype):
        return _nx_dtype(result, args)
    if isinstance(result, list):
        return [_typed(x, args, out) for x in result]
    if isinstance(result, tuple):  # named tuples of np.linalg too
        return tuple(_typed(x, args, out) for x in result)
    return result


def _nx_dtype(numpy_dtype: np.dtype, args: list) -> DType | None:
    """The Nx dtype a NumPy dtype stands for: a dtype argument's or an input tensor's
    when it has that storage (`int`, `qint8`, ...), else the standard one."""
    given = [a for a in args if isinstance(a, DType)] + [
        a.dtype for a in _tensors(args) if a.dtype is not None
    ]
    return next((d for d in given if d.storage == numpy_dtype), _NX_DTYPE.get(numpy_dtype))


def _index(specs: tuple[v.IndexSpec, ...], build: Callable[[Any], Any]) -> tuple:
    """An Nx index list as a NumPy index expression (`M mask`: a uint8 mask, non-zero
    selects, is NumPy's boolean mask)."""
    return tuple(
        _numpy(build(s.arg)) != 0 if s.kind is v.IndexKind.M else _INDEX[s.kind](s.arg)
        for s in specs
    )


def _shrink(ranges: tuple, t: np.ndarray) -> np.ndarray:
    """`shrink [|(a, b); ...|] t` is NumPy's basic slicing `t[a:b, ...]`."""
    return t[tuple(slice(start, stop) for start, stop in ranges)]


def _as_strided(shape: tuple, strides: tuple, t: np.ndarray, offset: int) -> np.ndarray:
    """`np.lib.stride_tricks.as_strided` with strides given in elements. NumPy has no
    offset and checks no bounds: a layout reaching outside the memory NumPy holds for `t`
    is refused rather than read (it would read foreign memory)."""
    if offset != 0:
        raise Unsupported("numpy's as_strided has no offset (a view starts at its array)")
    byte_strides = tuple(s * t.itemsize for s in strides)
    if len(byte_strides) == len(shape) and all(n > 0 for n in shape):
        root = t
        while isinstance(root.base, np.ndarray):
            root = root.base
        low, high = np.lib.array_utils.byte_bounds(root)
        start = t.__array_interface__["data"][0]
        reach = [(n - 1) * s for n, s in zip(shape, byte_strides, strict=True)]
        first = start + sum(r for r in reach if r < 0)
        last = start + sum(r for r in reach if r > 0) + t.itemsize
        if first < low or last > high:
            raise Unsupported(
                "the layout reaches outside the array; numpy's as_strided "
                "does not check bounds and would read foreign memory"
            )
    return np.lib.stride_tricks.as_strided(t, shape, byte_strides)


def _create(dtype: np.dtype, shape: tuple, data: tuple) -> np.ndarray:
    return np.reshape(np.array(data, dtype=dtype), shape)


def _init(dtype: np.dtype, shape: tuple, f: Callable) -> np.ndarray:
    """`init dtype shape f`: NumPy builds from an iterator of `f idx` over `np.ndindex`."""
    values = (f(list(index)) for index in np.ndindex(*shape))
    return np.reshape(np.fromiter(values, dtype=dtype), shape)


# --- The table -------------------------------------------------------------------------

_AXES = {"axes": "axis", "keepdims": "keepdims"}
_AXIS = {"axis": "axis"}
_AXIS_KEEP = {"axis": "axis", "keepdims": "keepdims"}
_FFT = {"axis": "axis", "n": "n", "norm": "norm"}
_FFTN = {"axes": "axes", "s": "s", "norm": "norm"}
_SORT = {"kwargs": _AXIS, "fixed": {"descending": False}, "extra": {"kind": "stable"}}


def _ufuncs(**pairs: Callable) -> dict[str, Any]:
    """`op=ufunc` -> the op and its `_s`, `r.._s`, `i..` and `i.._s` forms, all the ufunc
    (`mod_` names the forms `mod_s`, `imod`, ...)."""
    table: dict[str, Any] = {}
    for op, fn in pairs.items():
        stem = op.rstrip("_")
        table.update(
            {
                op: Call(fn),
                f"{stem}_s": Call(fn),
                f"r{stem}_s": Call(fn),
                f"i{stem}": InPlace(fn),
                f"i{stem}_s": InPlace(fn),
            }
        )
    return table


TABLE: dict[str, Any] = {
    # Array Properties
    "shape": Call(np.shape),
    "dims": Call(np.shape),
    "dim": Call(np.size, pos=("axis", 0)),
    "ndim": Call(np.ndim),
    "size": Call(np.size),
    "numel": Call(np.size),
    "itemsize": Call(operator.attrgetter("itemsize")),
    "nbytes": Call(operator.attrgetter("nbytes")),
    "strides": Call(operator.attrgetter("strides")),
    "stride": Call(lambda i, t: t.strides[i]),
    "is_c_contiguous": Call(lambda t: t.flags.c_contiguous),
    "dtype": Call(operator.attrgetter("dtype")),
    "to_array": Call(lambda t: np.ravel(t).tolist()),
    # Array Creation
    "create": Call(_create),
    "init": Call(_init),
    "empty": Call(np.empty, pos=("dtype", 0)),
    "full": Call(np.full, pos=("dtype", 0, 1)),
    "ones": Call(np.ones, pos=("dtype", 0)),
    "zeros": Call(np.zeros, pos=("dtype", 0)),
    "scalar": Call(np.array, pos=("dtype", 0)),
    "empty_like": Call(np.empty_like),
    "full_like": Call(np.full_like),
    "ones_like": Call(np.ones_like),
    "zeros_like": Call(np.zeros_like),
    "scalar_like": Call(np.full_like, extra={"shape": ()}),
    # `eye ~m dtype n` is m x n (the documented `eye ~m:2 ~k:(-1) int32 3` is 2x3), so
    # `~m` is NumPy's row count N and `n` its column count M; without `~m`, N is n.
    "eye": Call(
        lambda dtype, n, m=None, k=0: np.eye(n if m is None else m, n, k, dtype),
        kwargs={"m": "m", "k": "k"},
    ),
    "identity": Call(np.identity, pos=("dtype", 0)),
    "diag": Call(np.diag, kwargs={"k": "k"}),
    "arange": Call(np.arange, pos=("dtype", 0, 1, 2)),
    "arange_f": Call(np.arange, pos=("dtype", 0, 1, 2)),
    "linspace": Call(np.linspace, pos=("dtype", 0, 1, 2), kwargs={"endpoint": "endpoint"}),
    "logspace": Call(
        np.logspace, pos=("dtype", 0, 1, 2), kwargs={"endpoint": "endpoint", "base": "base"}
    ),
    "geomspace": Call(np.geomspace, pos=("dtype", 0, 1, 2), kwargs={"endpoint": "endpoint"}),
    "meshgrid": Call(np.meshgrid, kwargs={"indexing": "indexing"}),
    "tril": Call(np.tril, kwargs={"k": "k"}),
    "triu": Call(np.triu, kwargs={"k": "k"}),
    # Random Number Generation: NumPy's Generator, seeded by `~seed`; without `~high`,
    # NumPy's `integers low` draws from [0, low) (Nx documents high = 10).
    "rand": Call(
        lambda dtype, shape, seed=None: np.random.default_rng(seed).random(shape, dtype),
        kwargs={"seed": "seed"},
    ),
    "randn": Call(
        lambda dtype, shape, seed=None: np.random.default_rng(seed).standard_normal(shape, dtype),
        kwargs={"seed": "seed"},
    ),
    "randint": Call(
        lambda dtype, shape, low, seed=None, high=None: np.random.default_rng(seed).integers(
            low, high, shape, dtype
        ),
        kwargs={"seed": "seed", "high": "high"},
    ),
    # Shape Manipulation
    "reshape": Call(np.reshape, pos=(1, 0)),
    "broadcast_to": Call(np.broadcast_to, pos=(1, 0)),
    "broadcasted": Call(np.broadcast_arrays, fixed={"reverse": False}),
    "expand": Call(np.broadcast_to, pos=(1, 0)),  # PyTorch's expand; NumPy has no -1 there
    "flatten": Call(np.ndarray.flatten, fixed={"start_dim": 0, "end_dim": -1}),
    "ravel": Call(np.ravel),
    "squeeze": Call(np.squeeze, kwargs={"axes": "axis"}),
    "unsqueeze": Call(np.expand_dims, kwargs={"axes": "axis"}),
    "squeeze_axis": Call(np.squeeze, pos=("axis", 0)),
    "unsqueeze_axis": Call(np.expand_dims, pos=("axis", 0)),
    "expand_dims": Call(np.expand_dims, pos=("axis", 0)),
    "transpose": Call(np.transpose, kwargs={"axes": "axes"}),
    "flip": Call(np.flip, kwargs={"axes": "axis"}),
    "as_strided": Call(_as_strided, kwargs={"offset": "offset"}),
    "moveaxis": Call(np.moveaxis, pos=(1, 2, 0)),
    "swapaxes": Call(np.swapaxes, pos=(1, 2, 0)),
    "roll": Call(np.roll, pos=(1, 0), kwargs=_AXIS),
    "pad": Call(np.pad, pos=(1, "constant_values", 0)),
    "shrink": Call(_shrink),
    "tile": Call(np.tile, pos=(1, 0)),
    "repeat": Call(np.repeat, pos=(1, 0), kwargs=_AXIS),
    # Array Combination and Splitting
    "concatenate": Call(np.concatenate, kwargs=_AXIS),
    "stack": Call(np.stack, kwargs=_AXIS),
    "vstack": Call(np.vstack),
    "hstack": Call(np.hstack),
    "dstack": Call(np.dstack),
    "broadcast_arrays": Call(np.broadcast_arrays, pos=("*",)),
    "array_split": Call(np.array_split, pos=(1, 0), kwargs=_AXIS),
    "split": Call(np.split, pos=(1, 0), kwargs=_AXIS),
    # Type Conversion and Copying
    "cast": Call(np.ndarray.astype, pos=("dtype", 0)),
    "astype": Call(np.ndarray.astype, pos=("dtype", 0)),
    "contiguous": Call(np.ascontiguousarray),
    "copy": Call(np.copy),
    "blit": Call(np.copyto, pos=(1, 0)),
    "fill": Call(np.ndarray.fill, pos=(1, 0), returns=1),
    # Element Access and Slicing
    "get": Call(operator.getitem, pos=(1, 0)),
    "set": Call(operator.setitem, pos=(1, 0, 2)),
    "slice": Call(operator.getitem, pos=(1, 0)),
    "set_slice": Call(operator.setitem, pos=(1, 0, 2)),
    "item": Call(np.ndarray.item, pos=("*", 0), out=SCALAR),
    "set_item": Call(operator.setitem, pos=(1, 2, 0)),
    "take": Call(np.take, pos=(1, 0), kwargs={"axis": "axis", "mode": "mode"}),
    "take_along_axis": Call(np.take_along_axis, pos=(1, 0), kwargs=_AXIS),
    "put": Call(np.put, kwargs={"indices": "ind", "values": "v", "mode": "mode"}),
    "put_along_axis": Call(
        np.put_along_axis, kwargs={"indices": "indices", "values": "values", "axis": "axis"}
    ),
    "compress": Call(np.compress, pos=("a",), kwargs={"condition": "condition", "axis": "axis"}),
    "extract": Call(np.extract, pos=("arr",), kwargs={"condition": "condition"}),
    "nonzero": Call(np.nonzero, like=()),
    "argwhere": Call(np.argwhere, like=()),
    # Basic Arithmetic Operations
    **_ufuncs(add=np.add, sub=np.subtract, mul=np.multiply, pow=np.power, mod_=np.mod),
    **{
        name: ByKind(Call(np.true_divide), Call(np.floor_divide))
        for name in ("div", "div_s", "rdiv_s")
    },
    **{
        name: ByKind(InPlace(np.true_divide), InPlace(np.floor_divide))
        for name in ("idiv", "idiv_s")
    },
    "neg": Call(np.negative),
    # Mathematical Functions
    "abs": Call(np.abs),
    "sign": Call(np.sign),
    "square": Call(np.square),
    "sqrt": Call(np.sqrt),
    "recip": Call(np.reciprocal),
    "log": Call(np.log),
    "log2": Call(np.log2),
    "exp": Call(np.exp),
    "exp2": Call(np.exp2),
    "sin": Call(np.sin),
    "cos": Call(np.cos),
    "tan": Call(np.tan),
    "asin": Call(np.arcsin),
    "acos": Call(np.arccos),
    "atan": Call(np.arctan),
    "atan2": Call(np.arctan2),
    "sinh": Call(np.sinh),
    "cosh": Call(np.cosh),
    "tanh": Call(np.tanh),
    "asinh": Call(np.arcsinh),
    "acosh": Call(np.arccosh),
    "atanh": Call(np.arctanh),
    "hypot": Call(np.hypot),
    "trunc": Call(np.trunc),
    "ceil": Call(np.ceil),
    "floor": Call(np.floor),
    "round": Call(np.round),
    # Comparison and Logical Operations
    "where": Call(np.where, like=(1, 2)),
    **{
        name: Call(fn)
        for fn, names in (
            (np.less, ("cmplt", "less", "less_s")),
            (np.not_equal, ("cmpne", "not_equal", "not_equal_s")),
            (np.equal, ("cmpeq", "equal", "equal_s")),
            (np.greater, ("cmpgt", "greater", "greater_s")),
            (np.less_equal, ("cmple", "less_equal", "less_equal_s")),
            (np.greater_equal, ("cmpge", "greater_equal", "greater_equal_s")),
        )
        for name in names
    },
    "array_equal": Call(np.array_equal),
    **_ufuncs(maximum=np.maximum, minimum=np.minimum),
    "logical_and": Call(np.logical_and),
    "logical_or": Call(np.logical_or),
    "logical_xor": Call(np.logical_xor),
    "logical_not": Call(np.logical_not),
    "isinf": Call(np.isinf),
    "isnan": Call(np.isnan),
    "isfinite": Call(np.isfinite),
    "clamp": Call(np.clip, kwargs={"min": "min", "max": "max"}),
    "clip": Call(np.clip, kwargs={"min": "min", "max": "max"}),
    # Bitwise Operations
    "bitwise_xor": Call(np.bitwise_xor),
    "bitwise_or": Call(np.bitwise_or),
    "bitwise_and": Call(np.bitwise_and),
    "bitwise_not": Call(np.invert),
    "invert": Call(np.invert),
    "lshift": Call(np.left_shift),
    "rshift": Call(np.right_shift),
    # Reduction Operations
    "sum": Call(np.sum, kwargs=_AXES),
    "max": Call(np.max, kwargs=_AXES),
    "min": Call(np.min, kwargs=_AXES),
    "prod": Call(np.prod, kwargs=_AXES),
    "mean": Call(np.mean, kwargs=_AXES),
    "var": Call(np.var, kwargs={**_AXES, "ddof": "ddof"}),
    "std": Call(np.std, kwargs={**_AXES, "ddof": "ddof"}),
    "all": Call(np.all, kwargs=_AXES),
    "any": Call(np.any, kwargs=_AXES),
    "argmax": Call(np.argmax, kwargs=_AXIS_KEEP, like=()),
    "argmin": Call(np.argmin, kwargs=_AXIS_KEEP, like=()),
    "cumsum": Call(np.cumsum, kwargs=_AXIS),
    "cumprod": Call(np.cumprod, kwargs=_AXIS),
    "cummax": Call(np.maximum.accumulate, kwargs=_AXIS),
    "cummin": Call(np.minimum.accumulate, kwargs=_AXIS),
    # Sorting and Searching
    "sort": Both((Call(np.sort, **_SORT), Call(np.argsort, **_SORT, like=()))),
    "argsort": Call(np.argsort, **_SORT, like=()),
    # Linear Algebra
    "dot": Call(np.dot),
    "matmul": Call(np.matmul),
    "diagonal": Call(np.diagonal, kwargs={"offset": "offset", "axis1": "axis1", "axis2": "axis2"}),
    "matrix_transpose": Call(np.matrix_transpose),
    "vdot": Call(np.vdot),
    "vecdot": Call(np.vecdot, kwargs=_AXIS),
    "inner": Call(np.inner),
    "outer": Call(np.outer),
    "tensordot": Call(np.tensordot, kwargs={"axes": "axes"}),
    "einsum": Call(np.einsum, pos=(0, "*")),
    "kron": Call(np.kron),
    "multi_dot": Call(np.linalg.multi_dot),
    "matrix_power": Call(np.linalg.matrix_power),
    "cross": Call(np.cross, kwargs=_AXIS),
    # Matrix Decompositions
    "cholesky": Call(np.linalg.cholesky, kwargs={"upper": "upper"}),
    "qr": Call(np.linalg.qr, kwargs={"mode": "mode"}),
    "svd": Call(np.linalg.svd, kwargs={"full_matrices": "full_matrices"}),
    "svdvals": Call(np.linalg.svdvals),
    # Eigenvalues and Eigenvectors
    "eig": Call(np.linalg.eig),
    "eigh": Call(np.linalg.eigh, kwargs={"uplo": "UPLO"}),
    "eigvals": Call(np.linalg.eigvals),
    "eigvalsh": Call(np.linalg.eigvalsh, kwargs={"uplo": "UPLO"}),
    # Norms and Condition Numbers
    "norm": Call(np.linalg.norm, kwargs={"ord": "ord", **_AXES}),
    "cond": Call(np.linalg.cond, kwargs={"p": "p"}),
    "det": Call(np.linalg.det),
    "slogdet": Call(np.linalg.slogdet),
    "matrix_rank": Call(
        np.linalg.matrix_rank,
        kwargs={"tol": "tol", "rtol": "rtol", "hermitian": "hermitian"},
        out=SCALAR,
    ),
    "trace": Call(np.trace, kwargs={"offset": "offset"}),
    # Solving Linear Systems
    "solve": Call(np.linalg.solve),
    "lstsq": Call(np.linalg.lstsq, kwargs={"rcond": "rcond"}, out=(TENSOR, TENSOR, SCALAR, TENSOR)),
    "inv": Call(np.linalg.inv),
    "pinv": Call(np.linalg.pinv, kwargs={"rtol": "rtol", "hermitian": "hermitian"}),
    "tensorsolve": Call(np.linalg.tensorsolve, kwargs={"axes": "axes"}),
    "tensorinv": Call(np.linalg.tensorinv, kwargs={"ind": "ind"}),
    # FFT
    **{name: Call(getattr(np.fft, name), kwargs=_FFT) for name in ("fft", "ifft", "rfft", "irfft")},
    **{
        name: Call(getattr(np.fft, name), kwargs=_FFTN)
        for name in ("fft2", "ifft2", "fftn", "ifftn", "rfft2", "irfft2", "rfftn", "irfftn")
    },
    "hfft": Call(np.fft.hfft, kwargs={"n": "n", "axis": "axis"}),
    "ihfft": Call(np.fft.ihfft, kwargs={"n": "n", "axis": "axis"}),
    "fftfreq": Call(np.fft.fftfreq, kwargs={"d": "d"}),
    "rfftfreq": Call(np.fft.rfftfreq, kwargs={"d": "d"}),
    "fftshift": Call(np.fft.fftshift, kwargs={"axes": "axes"}),
    "ifftshift": Call(np.fft.ifftshift, kwargs={"axes": "axes"}),
    # Convolution and Pooling: `one_hot` is NumPy's identity-row indexing idiom; the
    # result type `(int, uint8_elt) t` is the documented signature's.
    "one_hot": Call(
        lambda indices, num_classes: np.eye(num_classes, dtype=np.uint8)[indices],
        kwargs={"num_classes": "num_classes"},
    ),
    # Iteration and Mapping: `np.vectorize` applies a Python function element-wise;
    # `'a -> 'a` keeps the dtype.
    "map_item": Call(lambda f, t: np.vectorize(f, otypes=[t.dtype])(t)),
}

_NO_ACTIVATIONS = "NumPy has no activation functions"
_NO_BIGARRAY = "NumPy has no Bigarray"
_NO_PRINTING = "NumPy's printing is not Nx's format"

# Documented nx functions with no NumPy function, method, operator or index expression.
NO_COUNTERPART: dict[str, str] = {
    "offset": "NumPy arrays have no element offset into their buffer",
    "data": _NO_BIGARRAY,
    "to_bigarray": _NO_BIGARRAY,
    "to_bigarray_ext": _NO_BIGARRAY,
    "of_bigarray": _NO_BIGARRAY,
    "of_bigarray_ext": _NO_BIGARRAY,
    "unflatten": "NumPy has no unflatten",
    "rsqrt": "NumPy has no reciprocal square root",
    "lerp": "NumPy has no lerp",
    "lerp_scalar_weight": "NumPy has no lerp",
    **{
        name: _NO_ACTIVATIONS
        for name in (
            "relu",
            "relu6",
            "sigmoid",
            "hard_sigmoid",
            "softplus",
            "silu",
            "hard_silu",
            "log_sigmoid",
            "leaky_relu",
            "hard_tanh",
            "elu",
            "selu",
            "softmax",
            "erf",
            "gelu",
            "gelu_approx",
            "softsign",
            "mish",
        )
    },
    **{
        name: "NumPy has no batched convolution or pooling"
        for name in (
            "im2col",
            "col2im",
            "correlate1d",
            "correlate2d",
            "convolve1d",
            "convolve2d",
            "avg_pool1d",
            "avg_pool2d",
            "max_pool1d",
            "max_pool2d",
            "min_pool1d",
            "min_pool2d",
            "max_unpool1d",
            "max_unpool2d",
        )
    },
    **{
        name: "NumPy has no element iterator or fold over an array"
        for name in ("iter_item", "fold_item", "map", "iter", "fold")
    },
    **{
        name: _NO_PRINTING
        for name in (
            "pp_data",
            "format_to_string",
            "print_with_formatter",
            "data_to_string",
            "print_data",
            "pp_dtype",
            "dtype_to_string",
            "shape_to_string",
            "pp_shape",
            "pp",
            "print",
            "to_string",
        )
    },
}


_NO_VALUE = {v.GenarrayValue: "a Bigarray", v.ViewValue: "an Nx_core.View.t"}


class NumpyAdapter(InProcessAdapter):
    """Nx's documented functions on NumPy (`TABLE`), in NumPy's own semantics."""

    name = "numpy"
    version = np.__version__
    namespaces = frozenset({"nx"})
    dtypes = frozenset(d.name for d in dtypes.DTYPES if d is not dtypes.COMPLEX16)

    def __init__(self, table: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.table = TABLE if table is None else table

    def invoke(self, namespace: str, op: str, args: list, kwargs: dict) -> Any:
        if namespace != "nx":
            raise Unsupported(f"numpy has no counterpart of the {namespace} namespace")
        if op in NO_COUNTERPART:
            raise Unsupported(f"nx.{op}: {NO_COUNTERPART[op]}")
        if op not in self.table:
            raise Unsupported(f"the numpy adapter does not map nx.{op}")
        try:
            return self.table[op].run(args, kwargs)
        except Unsupported as why:
            raise Unsupported(f"nx.{op}: {why}") from None

    def to_native(self, value: Any) -> Any:
        if isinstance(value, Live):
            return value.obj
        if isinstance(value, v.TensorValue):
            data = np.array(value.data, dtype=value.dtype.storage).reshape(value.shape)
            return Typed(data, value.dtype)
        if isinstance(value, bool | int | float | complex | str):
            return value
        if isinstance(value, v.Ints | v.Floats | v.Pairs):
            return tuple(value.items)
        if isinstance(value, v.DTypeValue):
            return value.dtype
        if isinstance(value, v.Variant):
            convert = VARIANTS.get(value.name)
            payload = self.to_native(value.payload) if value.has_payload else None
            if convert is None and value.has_payload:
                raise Unsupported(f"no NumPy spelling of the variant `{value.name} with a payload")
            return convert(payload) if convert else value.name
        if isinstance(value, v.Index):
            return _index(value.specs, self.to_native)
        if isinstance(value, v.Tuple):
            return tuple(self.to_native(x) for x in value.items)
        if isinstance(value, v.List):
            return [self.to_native(x) for x in value.items]
        if isinstance(value, v.Option):
            return None if value.value is None else self.to_native(value.value)
        if isinstance(value, v.Unit):
            return None
        raise Unsupported(
            f"NumPy has no counterpart of {_NO_VALUE.get(type(value), 'this')} argument"
        )

    def to_value(self, native: Any) -> Any:
        if isinstance(native, Typed):
            if native.dtype is None:
                return (
                    f"a NumPy {native.array.dtype} array, which has no Nx dtype: "
                    f"shape {list(native.array.shape)}, data {native.array.tolist()}"
                )
            data = np.array(native.array, order="C", copy=True)
            return v.TensorValue(native.dtype, native.array.shape, data)
        if native is None:
            return v.UNIT
        if isinstance(native, np.generic):
            return self.to_value(native.item())
        if isinstance(native, DType):
            return v.DTypeValue(native)
        if isinstance(native, tuple | list):
            items = [self.to_value(x) for x in native]
            if isinstance(native, tuple) and not items:
                return v.Ints(())
            if items and all(type(x) is int for x in items):
                return v.Ints(tuple(items))
            if items and all(type(x) is float for x in items):
                return v.Floats(tuple(items))
            return v.Tuple(tuple(items)) if isinstance(native, tuple) else v.List(tuple(items))
        return native

    def shares_storage(self, a: Any, b: Any) -> bool:
        return (
            isinstance(a, Typed)
            and isinstance(b, Typed)
            and bool(np.shares_memory(a.array, b.array))
        )
