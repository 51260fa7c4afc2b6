"""The documented failures of Nx, as the OCaml exception kinds they are.

Nx reports a misuse by raising a standard OCaml exception; the documentation names
`Invalid_argument` for most of them (`spec/READINGS.md`, R4 and R5). The kinds are the
spec's (`ErrorKind`, `error_kinds` of `spec/vocabulary.yaml`); each class here stands for one.
The reference raises exactly these and nothing else: any other Python exception that
escapes an op is a bug of the reference, and the runner reports it as such.

The small validators at the end are what ops use to refuse an input; each says what
was given and what is required.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spec.vocabulary import ErrorKind  # the closed vocabulary: spec/vocabulary.yaml


class NxError(Exception):
    """A documented failure. `kind` is the OCaml exception it stands for."""

    kind: ErrorKind

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InvalidArgument(NxError):
    kind = ErrorKind.INVALID_ARGUMENT


class Failure(NxError):
    kind = ErrorKind.FAILURE


class DivisionByZero(NxError):
    kind = ErrorKind.DIVISION_BY_ZERO


class NotFound(NxError):
    kind = ErrorKind.NOT_FOUND


# --- Shared validators -------------------------------------------------------------


def invalid(function: str, message: str) -> InvalidArgument:
    """An `Invalid_argument` in the documented `"function: message"` style."""
    return InvalidArgument(f"{function}: {message}")


def require(condition: bool, function: str, message: str) -> None:
    """Raise `Invalid_argument "function: message"` unless `condition` holds."""
    if not condition:
        raise invalid(function, message)


def check_axis(function: str, axis: int, ndim: int) -> int:
    """Resolve a possibly negative axis of a rank-`ndim` tensor, or refuse it."""
    if not -ndim <= axis < ndim:
        raise invalid(
            function, f"axis {axis} out of bounds for rank {ndim} (need {-ndim} <= axis < {ndim})"
        )
    return axis % ndim if ndim else 0


def check_axes(function: str, axes: Iterable[int], ndim: int) -> tuple[int, ...]:
    """Resolve a list of axes; a repeated axis (after resolving negatives) is refused."""
    resolved = tuple(check_axis(function, axis, ndim) for axis in axes)
    if len(set(resolved)) != len(resolved):
        raise invalid(function, f"repeated axis in {list(axes)}")
    return resolved


def check_shape(function: str, shape: Sequence[int]) -> tuple[int, ...]:
    """A shape is a sequence of non-negative dimensions."""
    for dim in shape:
        if dim < 0:
            raise invalid(function, f"negative dimension {dim} in shape {list(shape)}")
    return tuple(int(d) for d in shape)


def check_index(function: str, index: int, size: int, what: str = "index") -> int:
    """An index into an axis of `size`, negatives counting from the end."""
    if not -size <= index < size:
        raise invalid(function, f"{what} {index} out of bounds for size {size}")
    return index % size
