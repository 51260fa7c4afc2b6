"""A Bigarray: OCaml's `Bigarray.Genarray.t` (`bigarray_genarray.txt`), the buffer
type Nx interoperates with (nx.txt, `data`, `to_bigarray`, `of_bigarray`).

A Bigarray is a dense block of elements of one *kind*, laid out in one of two orders:
`c_layout` (row-major, coordinates from 0) or `fortran_layout` (column-major,
coordinates from 1). It has no strides and no offset of its own: a sub-array or a
slice (`sub_left`, `slice_right`, ...) is again a dense block, a contiguous part of
its parent's storage, and `change_layout` is the same block read in the other order.

Here `data` is a 1-D NumPy array holding exactly the Bigarray's elements in memory
order, in the storage type of the kind's dtype (`reference.dtypes`). A sub-array's or a
slice's `data` is a NumPy view (a slice) of its parent's, so a write through one is
seen through the other, as the documentation says ("No copying of elements is
involved: the sub-array and the original array share the same storage space").
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

import numpy as np

from reference import dtypes
from reference.dtypes import DType
from reference.errors import invalid, require
from spec import vocabulary

C_LAYOUT, FORTRAN_LAYOUT = "c_layout", "fortran_layout"
LAYOUTS = (C_LAYOUT, FORTRAN_LAYOUT)
MAX_DIMS = 16  # "Any number of dimensions between 0 and 16 is supported."


@dataclass(frozen=True)
class Kind:
    """One Bigarray element kind: its name (the OCaml value, `int8_signed`), the dtype
    that stores it, the OCaml type of its elements as a Python type (`float`, `int`,
    `complex`, `bool`; an OCaml `char` is its code, an `int`), and whether it is a kind of
    OCaml's own Bigarray (`standard`) or one of Nx's `Bigarray_ext` extensions."""

    name: str
    dtype: DType
    ocaml_type: type
    standard: bool = True

    @property
    def size_in_bytes(self) -> int:
        """`kind_size_in_bytes`: the bytes of one element (`int` is a 64-bit word)."""
        return self.dtype.itemsize


_OCAML_TYPES = {
    dtypes.Kind.FLOAT: float,
    dtypes.Kind.SIGNED: int,
    dtypes.Kind.UNSIGNED: int,
    dtypes.Kind.COMPLEX: complex,
    dtypes.Kind.BOOL: bool,
}


def _kind(name: str, dtype: str) -> Kind:
    stored = dtypes.by_name(dtype)
    standard = name in vocabulary.STANDARD_GENARRAY_KINDS
    return Kind(name, stored, _OCAML_TYPES[stored.kind], standard)


# OCaml's Bigarray kinds (the element type names count bits as Nx does: complex32 has
# float32 parts) and Nx's Bigarray_ext kinds, named like the Nx dtypes that store them: the
# spec's table (`genarray_kinds` of `spec/vocabulary.yaml`, which says why float16 is standard).
KINDS: dict[str, Kind] = {
    name: _kind(name, dtype) for name, dtype in vocabulary.GENARRAY_KINDS.items()
}

# The kind of an Nx dtype's Bigarray (`char` stores uint8 too, but Nx has no char dtype).
KIND_OF_DTYPE: dict[DType, Kind] = {
    kind.dtype: kind for kind in KINDS.values() if kind.name != "char"
}


def kind_named(function: str, name: str) -> Kind:
    if name not in KINDS:
        raise invalid(function, f"unknown Bigarray kind {name!r}; expected one of {list(KINDS)}")
    return KINDS[name]


def check_layout(function: str, layout: str) -> str:
    require(layout in LAYOUTS, function, f"a layout is c_layout or fortran_layout, got {layout!r}")
    return layout


def require_layout(function: str, a: Bigarray, layout: str) -> None:
    """`sub_left`/`slice_left` apply only to C layout, `sub_right`/`slice_right` only to
    Fortran layout (in OCaml the type of the argument says so)."""
    require(a.layout == layout, function, f"applies only to {layout} Bigarrays, got {a.layout}")


class Bigarray:
    """`dims` elements of `kind` in `layout`, stored in memory order in `data`."""

    __slots__ = ("data", "dims", "kind", "layout")

    def __init__(self, kind: Kind, layout: str, dims: tuple[int, ...], data: np.ndarray):
        if data.ndim != 1 or data.dtype != kind.dtype.storage or data.size != prod(dims):
            raise TypeError(
                f"a {kind.name} Bigarray of dims {list(dims)} needs {prod(dims)} elements of "
                f"{kind.dtype.storage}, got {data.dtype} {data.shape}"
            )
        self.kind = kind
        self.layout = layout
        self.dims = tuple(dims)
        self.data = data

    @classmethod
    def zeros(cls, kind: Kind, layout: str, dims: tuple[int, ...]) -> Bigarray:
        """A new Bigarray with its own storage (zero-filled: the reference hands out no
        garbage)."""
        return cls(kind, layout, dims, np.zeros(prod(dims), dtype=kind.dtype.storage))

    # --- Layout facts -----------------------------------------------------------------

    @property
    def num_dims(self) -> int:
        return len(self.dims)

    @property
    def is_c(self) -> bool:
        return self.layout == C_LAYOUT

    @property
    def origin(self) -> int:
        """The first coordinate of every dimension: 0 in C layout, 1 in Fortran layout."""
        return 0 if self.is_c else 1

    def check_coordinates(self, function: str, coordinates, dims: tuple[int, ...]) -> None:
        """Every coordinate lies in [origin, origin + dim - 1] of its dimension."""
        for axis, (i, dim) in enumerate(zip(coordinates, dims, strict=True)):
            if not self.origin <= i < self.origin + dim:
                raise invalid(
                    function,
                    f"coordinate {i} of dimension {axis} is outside "
                    f"[{self.origin}, {self.origin + dim - 1}] (dims {list(dims)}, {self.layout})",
                )

    def position(self, coordinates, dims: tuple[int, ...]) -> int:
        """The memory position of in-bounds `coordinates` in a block of `dims` of this
        layout: row-major (the last coordinate varies fastest) in C layout, column-major
        (the first varies fastest) in Fortran layout."""
        axes = range(len(dims)) if self.is_c else range(len(dims) - 1, -1, -1)
        position = 0
        for axis in axes:
            position = position * dims[axis] + (coordinates[axis] - self.origin)
        return position

    def offset_of(self, function: str, index: tuple[int, ...]) -> int:
        """The memory position of the element at `index`, or `Invalid_argument` when the
        number of coordinates is not `num_dims` or one is out of bounds (bigarray_genarray.txt,
        `get`)."""
        require(
            len(index) == self.num_dims,
            function,
            f"{len(index)} coordinate(s) for a Bigarray of {self.num_dims} dimension(s)",
        )
        self.check_coordinates(function, index, self.dims)
        return self.position(index, self.dims)

    def block(self, dims: tuple[int, ...], start: int) -> Bigarray:
        """A Bigarray of `dims` over this one's elements from memory position `start`:
        shares the storage (a NumPy view of `data`)."""
        return Bigarray(self.kind, self.layout, dims, self.data[start : start + prod(dims)])

    # --- Elements ---------------------------------------------------------------------

    def stored(self, function: str, value) -> np.ndarray:
        """`value`, an OCaml value of the kind's element type, as one stored element.

        Floats round to the kind's precision; integers keep their low bits (as OCaml's
        Bigarray stores an int into int8_unsigned: 300 becomes 44), `reference.dtypes`.
        """
        # Note: R8 — the type of the value is static in OCaml; a dynamic caller may pass any
        # value, which is refused unless it is of the kind's OCaml type.
        expected = self.kind.ocaml_type
        if type(value) is not expected:
            raise invalid(
                function,
                f"a {self.kind.name} Bigarray holds {expected.__name__} values, "
                f"got {type(value).__name__} {value!r}",
            )
        if self.kind.name == "char":
            require(0 <= value <= 255, function, f"a char has a code in 0..255, got {value}")
        return dtypes.to_storage(np.asarray(value), self.kind.dtype)

    def element(self, position: int):
        """The element at a memory position, as the Python value of its OCaml type."""
        return self.kind.ocaml_type(self.data[position])

    def __repr__(self) -> str:
        return f"Bigarray({self.kind.name}, {self.layout}, {list(self.dims)}, {self.data.tolist()})"
