"""The reference's tensor: a flat, mutable buffer seen through a strided `View`.

`spec/documents/nx.txt`: "Tensors are immutable views over mutable buffers".
A `Tensor` never owns its elements alone: every view made from it (transpose,
slice, reshape, broadcast, ...) is a new `Tensor` over the *same* `buffer` object,
so a write through one is seen through all of them. That is how the reference models
which operations return views and which copy.

The buffer is a 1-D NumPy array of the dtype's storage type (see `dtypes`); NumPy is
the element-wise machine: `array()` is a NumPy view that reads and writes the buffer
through the tensor's strides and offset.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

from reference import dtypes
from reference.dtypes import DType
from reference.layout import View


class Tensor:
    """`dtype` elements in `buffer`, laid out by `view` (element strides and offset)."""

    __slots__ = ("buffer", "dtype", "view")

    def __init__(self, buffer: np.ndarray, dtype: DType, view: View):
        if buffer.ndim != 1 or buffer.dtype != dtype.storage:
            raise TypeError(
                f"a {dtype.name} buffer must be 1-D {dtype.storage}, got {buffer.dtype}"
            )
        self.buffer = buffer
        self.dtype = dtype
        self.view = view

    # --- Construction ------------------------------------------------------------

    @classmethod
    def from_values(cls, values, dtype: DType, shape: tuple[int, ...] | None = None) -> Tensor:
        """A new C-contiguous tensor with its own buffer, holding `values` rounded or
        wrapped once into `dtype` (see `dtypes.to_storage`)."""
        stored = dtypes.to_storage(values, dtype)
        if shape is not None:
            stored = stored.reshape(shape)
        buffer = np.ascontiguousarray(stored).reshape(-1)
        if np.may_share_memory(buffer, values):  # never alias the caller's array
            buffer = buffer.copy()
        return cls(buffer, dtype, View.contiguous(tuple(stored.shape)))

    @classmethod
    def empty(cls, dtype: DType, shape: tuple[int, ...]) -> Tensor:
        """A new zero-filled C-contiguous tensor (the reference never hands out garbage)."""
        size = 1
        for dim in shape:
            size *= dim
        return cls(np.zeros(size, dtype=dtype.storage), dtype, View.contiguous(tuple(shape)))

    def with_view(self, view: View) -> Tensor:
        """Another tensor over the same buffer (a view: no element is copied)."""
        return Tensor(self.buffer, self.dtype, view)

    # --- Metadata ----------------------------------------------------------------

    @property
    def shape(self) -> tuple[int, ...]:
        return self.view.shape

    @property
    def strides(self) -> tuple[int, ...]:
        """Element strides (Nx's `strides` reports them in bytes)."""
        return self.view.strides

    @property
    def offset(self) -> int:
        return self.view.offset

    @property
    def ndim(self) -> int:
        return self.view.ndim

    @property
    def numel(self) -> int:
        return self.view.numel

    def is_c_contiguous(self) -> bool:
        return self.view.is_c_contiguous()

    def shares_storage(self, other: Tensor) -> bool:
        """Whether the two tensors are views of one buffer."""
        return self.buffer is other.buffer

    # --- Elements ----------------------------------------------------------------

    def array(self) -> np.ndarray:
        """A NumPy view of the elements (shape `shape`); writes go to the buffer."""
        if self.numel == 0:
            return np.zeros(self.shape, dtype=self.buffer.dtype)
        if self.view.is_c_contiguous():  # the common case, without the strided machinery
            return self.buffer[self.offset : self.offset + self.numel].reshape(self.shape)
        itemsize = self.buffer.itemsize
        # as_strided goes through the array interface, which does not know every
        # ml_dtypes type (float8_e5m2): stride over same-width raw bytes, then re-view.
        raw = self.buffer.view(f"u{itemsize}") if itemsize <= 8 else self.buffer
        strided = as_strided(
            raw[self.offset :],
            shape=self.shape,
            strides=tuple(stride * itemsize for stride in self.strides),
            writeable=True,
        )
        return strided.view(self.buffer.dtype) if raw is not self.buffer else strided

    def values(self) -> np.ndarray:
        """A C-contiguous copy of the elements (shape `shape`)."""
        return np.array(self.array(), copy=True, order="C")

    def __repr__(self) -> str:
        return f"Tensor({self.dtype.name}, shape={list(self.shape)}, {self.values().tolist()})"
