"""create: a view over a shape (nx_core_view.txt, Nx_core.View, "Construction").

`create ?offset ?strides ?mask shape`: the offset defaults to 0, the strides to the
C-contiguous strides of `shape` (with `Shape.c_contiguous_strides`' zero-size rule), the
mask to None (every index valid). A mask is one half-open interval (start, end) per
dimension. Documented: if `shape` has a zero-size dimension the view has offset 0 and no
mask, whatever was given. Strides and masks are kept as given otherwise.
"""

from reference.errors import check_shape
from reference.layout import View, c_contiguous_strides
from reference.registry import op
from reference.view._common import Mask, check_view, finish


@op("view", "create")
def create(shape: tuple[int, ...], *, offset: int = 0, strides: tuple[int, ...] | None = None,
           mask: Mask | None = None) -> View:
    shape = check_shape("create", shape)
    # Note: R9 — "if explicit strides or mask lengths do not match Array.length shape,
    # downstream array checks may raise Invalid_argument" leaves open where the failure
    # happens. The reference refuses such a view here, so that no ill-formed view exists;
    # no case pins the place (an implementation that fails later conforms too).
    strides = c_contiguous_strides(shape) if strides is None else tuple(strides)
    view = check_view("create", View(shape, strides, offset, mask))
    # Note: R216 — the documentation names one canonicalisation of a given mask, the zero-size
    # rule (nx_core_view.txt:21); whether a mask under which every index is valid is kept
    # or dropped is open and the cases accept either. The reference drops it, as the
    # transformations do and as Nx 1.0.0~alpha3's create does. Cases: view.create/"a mask
    # covering every index is kept or dropped", view.mask/"an empty mask on a scalar is
    # kept or dropped".
    return finish(view.shape, view.strides, view.offset, view.mask)
