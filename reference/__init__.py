"""The reference interpreter of Nx: a readable model of the documented behaviour.

Standalone but for the spec's vocabulary (it imports nothing else of this project than
`spec.vocabulary` and `spec.dtypes`, the data it implements). Use it as a library:

    >>> import reference
    >>> t = reference.call("nx", "create", reference.dtypes.INT32, (2,), (1, 2))

Every op lives in `reference/<namespace>/<section>/<op>.py`, beside its case file
`spec/<namespace>/<section>/<op>.yaml`, and registers itself in `registry`.
"""

from reference import dtypes, errors, ocaml, registry
from reference.tensor import Tensor


def call(namespace: str, op: str, *args, **kwargs):
    """Run the reference's `namespace.op` on native arguments."""
    registry.load_all()
    return registry.lookup(namespace, op).function(*args, **kwargs)


__all__ = ["Tensor", "call", "dtypes", "errors", "ocaml", "registry"]
