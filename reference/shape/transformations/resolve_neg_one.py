"""resolve_neg_one: infer the one -1 of a new shape (nx_core_shape.txt, Nx_core.Shape).

`resolve_neg_one current_shape new_spec` replaces a single -1 in `new_spec` by the size
that gives it `numel current_shape` elements: that numel divided by the product of the
other entries. A spec without -1 is returned as it is. Documented `Invalid_argument`:
more than one -1; an inferred size that is not integral; a spec "incompatible with
zero-size inference rules".
"""

from math import prod

from reference.errors import check_shape, require
from reference.registry import op


@op("shape", "resolve_neg_one")
def resolve_neg_one(current_shape: tuple[int, ...], new_spec: tuple[int, ...]) -> tuple[int, ...]:
    numel = prod(check_shape("resolve_neg_one", current_shape))
    require(list(new_spec).count(-1) <= 1, "resolve_neg_one",
            f"the spec {list(new_spec)} has more than one -1")
    known = [d for d in new_spec if d != -1]
    if len(known) == len(new_spec):
        # Note: R222 — with no -1 there is nothing to resolve; the documentation does not say
        # that the spec is checked, against numel current_shape or for negative entries, so
        # it is returned as given, as Nx 1.0.0~alpha3 does (for a negative entry the case
        # accepts a refusal too). Cases: "a spec without -1 is returned as it is", "a -2
        # without -1 is returned as given or refused".
        return tuple(new_spec)
    # Note: R222 — beside a -1, the documentation does not say what other negative entries
    # mean; the reference refuses them, as entries that are neither a size nor -1 (R9: no
    # case depends on it).
    check_shape("resolve_neg_one", known)
    rest = prod(known)
    # Note: R221 — with a zero among the other
    # entries, -1 resolves to 0 only if numel current_shape is 0 (any size would do; 0 is
    # chosen); with a non-zero numel it raises.
    if rest == 0:
        require(numel == 0, "resolve_neg_one",
                f"cannot infer -1 in {list(new_spec)}: the other entries hold no element but "
                f"the current shape {list(current_shape)} has {numel}")
        inferred = 0
    else:
        require(numel % rest == 0, "resolve_neg_one",
                f"cannot infer -1 in {list(new_spec)}: {numel} elements (shape "
                f"{list(current_shape)}) are not a multiple of {rest}")
        inferred = numel // rest
    return tuple(inferred if d == -1 else d for d in new_spec)
