"""Differential fuzzing: two implementations, random inputs, minimal reproducers as case files.

    nx-conformance fuzz --adapter A --against B [--op OP ...] [--examples N] [--seed S] [--out DIR]

An op's signature is read from its own case files: every `expect` / `raises` case of the
op is a template of a valid call (argument tags, dtypes, shapes, labels). Hypothesis
draws a template and varies it — new element values with the special values of the
dtype (±0, ±inf, NaN, the integer extremes), another dtype among those the op's cases
use (all tensors of the template's dtype change together, as one-dtype ops require),
integer and float scalars moved around their template value, and tensors passed as
non-contiguous views (`{call: flip}`). Both implementations run each input; they agree
when both return values that compare equal under the dtype's default tolerance, or both
raise the same documented exception kind (an `unsupported` or a crash of B is not a
disagreement: nothing is learnt).

For each op where they disagree, hypothesis shrinks the input to a minimal one, and it
is written as a case file (`OUT/<namespace>/<op>.yaml`, `source: fuzz`) whose expectation
is B's behaviour — a *candidate*: review it against the documentation before moving it
into `spec/` (its `note` says so).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from adapters import codec
from adapters import values as v
from adapters.base import Adapter, Reply, Request, Status
from conformance.cases import Case, Expectation
from conformance.compare import compare, describe
from spec import dtypes
from spec.dtypes import DType
from spec.vocabulary import ErrorKind

_DOCUMENTED = {kind.value for kind in ErrorKind}


@dataclass(frozen=True)
class Template:
    """A valid call of an op, taken from one of its cases."""

    namespace: str
    op: str
    section: str
    args: tuple[Any, ...]
    kwargs: Any
    dtypes: tuple[str, ...]


@dataclass
class Finding:
    """The minimal disagreement found for one op."""

    template: Template
    request: Request
    mine: Reply
    theirs: Reply
    why: str
    tried: int = 0


@dataclass
class FuzzReport:
    findings: list[Finding] = field(default_factory=list)
    agreed: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)


def templates_by_op(cases: Sequence[Case]) -> dict[str, list[Template]]:
    found: dict[str, list[Template]] = {}
    for case in cases:
        if case.expectation not in (Expectation.EXPECT, Expectation.RAISES):
            continue
        if any(isinstance(x, v.Ref | v.Fn) for a in case.args for x in v.walk(a)):
            continue  # identity and named functions are not varied
        key = f"{case.namespace}.{case.op}"
        found.setdefault(key, []).append(
            Template(case.namespace, case.op, case.section, case.args, case.kwargs, case.dtypes)
        )
    return found


# --- Strategies --------------------------------------------------------------------------


def _special_floats(dtype: DType) -> list[float]:
    real = dtypes.part_dtype(dtype) if dtype.is_complex else dtype
    biggest = dtypes.finite_max(real)
    values = [0.0, -0.0, 1.0, -1.0, 0.5, biggest, -biggest, math.nan]
    if dtypes.has_infinity(real):
        values += [math.inf, -math.inf]
    return values


def _float_elements(dtype: DType):
    real = dtypes.part_dtype(dtype) if dtype.is_complex else dtype
    ordinary = st.floats(-1e4, 1e4, allow_nan=False).map(
        lambda x: float(np.asarray(x).astype(real.storage).astype(np.float64))
    )
    return st.one_of(ordinary, st.sampled_from(_special_floats(dtype)))


def _elements(dtype: DType):
    if dtype.is_bool:
        return st.booleans()
    if dtype.is_integer:
        edges = st.sampled_from([dtype.low, dtype.high, 0, 1, -1 if dtype.low < 0 else 2])
        return st.one_of(st.integers(max(dtype.low, -100), min(dtype.high, 100)), edges)
    if dtype.is_complex:
        part = _float_elements(dtype)
        return st.tuples(part, part).map(lambda p: complex(*p))
    return _float_elements(dtype)


def _tensor(dtype: DType, shape: tuple[int, ...]):
    count = math.prod(shape)

    def build(items: list) -> v.TensorValue:
        if dtype.is_complex:
            wide = np.array(items, dtype=np.complex128)
        elif dtype.is_integer:
            wide = np.array(items, dtype=np.int64)
        else:
            wide = np.array(items, dtype=np.float64 if not dtype.is_bool else np.bool_)
        with np.errstate(all="ignore"):
            data = dtypes.to_storage(wide, dtype).reshape(shape)
        return v.TensorValue(dtype, shape, data)

    return st.lists(_elements(dtype), min_size=count, max_size=count).map(build)


def _vary(value: Any, dtype_map: dict[str, DType], draw) -> Any:
    """A random value of the same structure as `value`."""
    if isinstance(value, v.TensorValue):
        dtype = dtype_map.get(value.dtype.name, value.dtype)
        fresh = draw(_tensor(dtype, value.shape))
        if value.data.ndim >= 1 and value.data.size > 1 and draw(st.booleans()):
            return v.Call("flip", (fresh,), v.frozen_mapping({}), "nx")
        return fresh
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return draw(
            st.one_of(
                st.just(value), st.integers(value - 3, value + 3), st.sampled_from([0, 1, -1])
            )
        )
    if isinstance(value, float):
        return draw(
            st.one_of(
                st.just(value),
                st.sampled_from(_special_floats(dtypes.FLOAT64)),
                st.floats(-1e4, 1e4, allow_nan=False),
            )
        )
    if isinstance(value, v.DTypeValue):
        return v.DTypeValue(dtype_map.get(value.dtype.name, value.dtype))
    if isinstance(value, v.Tuple | v.List):
        return type(value)(tuple(_vary(x, dtype_map, draw) for x in value.items))
    if isinstance(value, v.Option) and value.value is not None:
        return v.Option(_vary(value.value, dtype_map, draw))
    if isinstance(value, v.Call):
        return v.Call(
            value.op,
            tuple(_vary(a, dtype_map, draw) for a in value.args),
            value.kwargs,
            value.namespace,
        )
    return value


def requests_for(templates: list[Template], supported: frozenset[str] | None = None):
    """Random requests shaped like the op's templates, using only `supported` dtypes."""
    accepted = sorted(
        {d for t in templates for d in t.dtypes if supported is None or d in supported}
    )
    if supported is not None:
        templates = [t for t in templates if set(t.dtypes) <= supported]

    @st.composite
    def request(draw) -> tuple[Template, Request]:
        template = draw(st.sampled_from(templates))
        dtype_map: dict[str, DType] = {}
        if template.dtypes and draw(st.booleans()):
            source = draw(st.sampled_from(template.dtypes))
            family = [d for d in accepted if dtypes.by_name(d).kind is dtypes.by_name(source).kind]
            if family:
                dtype_map[source] = dtypes.by_name(draw(st.sampled_from(family)))
        args = tuple(_vary(a, dtype_map, draw) for a in template.args)
        kwargs = v.frozen_mapping(
            {k: _vary(x, dtype_map, draw) for k, x in template.kwargs.items()}
        )
        return template, Request(template.namespace, template.op, args, kwargs)

    return request()


# --- Judging ------------------------------------------------------------------------------


def disagreement(mine: Reply, theirs: Reply) -> str | None:
    """Why two replies to one request disagree, or None."""
    if theirs.status in (Status.UNSUPPORTED, Status.CRASH) or mine.status is Status.UNSUPPORTED:
        return None
    if theirs.status is Status.ERROR and theirs.error not in _DOCUMENTED:
        return None
    if mine.status is Status.CRASH:
        return f"crashed: {mine.message}"
    if mine.status is Status.RESULT and theirs.status is Status.RESULT:
        found = compare(theirs.value, mine.value)
        return found and f"results differ: {found}"
    if mine.status is Status.ERROR and theirs.status is Status.ERROR:
        if mine.error == theirs.error:
            return None
        return f"raised {mine.error}, the other raised {theirs.error}"
    if mine.status is Status.ERROR:
        return f"raised {mine.error} ({mine.message}); the other returned {describe(theirs.value)}"
    return f"returned {describe(mine.value)}; the other raised {theirs.error} ({theirs.message})"


class _Disagree(Exception):
    pass


def fuzz_op(
    templates: list[Template], mine: Adapter, theirs: Adapter, *, examples: int, seed: int
) -> tuple[Finding | None, int]:
    """The minimal disagreement on one op (None if none was found), and how many inputs ran."""
    last: list[Finding] = []
    tried = [0]

    @hypothesis_seed(seed)
    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        print_blob=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(requests_for(templates, mine.dtypes & theirs.dtypes))
    def check(drawn: tuple[Template, Request]) -> None:
        template, request = drawn
        tried[0] += 1
        first, second = mine.call(request), theirs.call(request)
        mine.end_case()
        theirs.end_case()
        why = disagreement(first, second)
        if why:
            last[:] = [Finding(template, request, first, second, why)]
            raise _Disagree(why)

    try:
        check()
    except _Disagree:
        finding = last[0]
        finding.tried = tried[0]
        return finding, tried[0]
    return None, tried[0]


def fuzz(
    cases: Sequence[Case],
    mine: Adapter,
    theirs: Adapter,
    *,
    ops: Sequence[str] = (),
    examples: int = 100,
    seed: int = 0,
) -> FuzzReport:
    report = FuzzReport()
    supported = mine.dtypes & theirs.dtypes
    for key, templates in sorted(templates_by_op(cases).items()):
        if ops and key not in ops and key.split(".", 1)[1] not in ops:
            continue
        if not any(set(t.dtypes) <= supported for t in templates):
            report.skipped[key] = "no case of this op uses only dtypes both implementations support"
            continue
        finding, tried = fuzz_op(templates, mine, theirs, examples=examples, seed=seed)
        if finding:
            report.findings.append(finding)
        else:
            report.agreed[key] = tried
    return report


# --- Writing reproducers ------------------------------------------------------------------------


def case_of(finding: Finding, mine_name: str, theirs_name: str) -> dict[str, Any]:
    """The finding as a case whose expectation is B's behaviour."""
    request, theirs = finding.request, finding.theirs
    case: dict[str, Any] = {
        "name": "fuzz "
        + hashlib.sha256(json.dumps([codec.encode(a) for a in request.args]).encode()).hexdigest()[
            :10
        ],
        "source": "fuzz",
        "args": [codec.encode(a) for a in request.args],
    }
    if request.kwargs:
        case["kwargs"] = codec.encode_kwargs(request.kwargs)
    if theirs.status is Status.ERROR and theirs.error in _DOCUMENTED:
        case["raises"] = {"error": theirs.error}
    else:
        case["expect"] = codec.encode(theirs.value)
    case["note"] = (
        f"Found by `nx-conformance fuzz`: {mine_name} {finding.why.splitlines()[0]} "
        f"(after {finding.tried} inputs, shrunk). The expectation is what "
        f"{theirs_name} does: review it against the documentation before moving "
        f"this case into spec/."
    )
    return case


def write_findings(
    report: FuzzReport, out: Path, mine_name: str, theirs_name: str
) -> list[Path | str]:
    """Each finding as a case file that `validate` accepts: its path, or, where B's answer
    is no value of the documented types (an `int` beyond OCaml's 63 bits, a float that
    overflows its dtype), why no reproducer was written: the case file would not validate."""
    from conformance.cases import load_file  # the loader is the judge of what validates

    written: list[Path | str] = []
    for finding in report.findings:
        template = finding.template
        document = {
            "namespace": template.namespace,
            "op": template.op,
            "section": template.section,
            "doc": f"Disagreements of {mine_name} with {theirs_name}, found by fuzzing.",
            "cases": [case_of(finding, mine_name, theirs_name)],
        }
        path = out / template.namespace / f"{template.op}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            yaml.safe_dump(
                document, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
            ),
            encoding="utf-8",
        )
        _, problems = load_file(path)
        if problems:
            path.unlink()
            written.append(f"not written: {theirs_name}'s answer is no valid case: {problems[0]}")
            continue
        written.append(path)
    return written
