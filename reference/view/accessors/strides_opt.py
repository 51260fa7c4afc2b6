"""strides_opt: the strides, if the view is a plain strided view (nx_core_view.txt, Nx_core.View).

Documented: `Some (strides v)` if the view "can be represented as a standard strided view
without partial masking", None otherwise.
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view, hides_nothing


@op("view", "strides_opt")
def strides_opt(v: View) -> tuple[int, ...] | None:
    check_view("strides_opt", v)
    # Note: R217 — "partial masking" is read as a mask that makes some index of the shape
    # invalid. A mask whose every interval covers its whole dimension (as `create ~mask`
    # may give) hides nothing, so such a view still has its strides. Case:
    # view.strides_opt/"a mask covering every index is not partial".
    if v.mask is not None and not hides_nothing(v.mask, v.shape):
        return None
    return v.strides
