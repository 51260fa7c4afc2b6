"""Failures grouped by cause: what to fix first.

Every failing or erroring case of a run goes into exactly one cause. A cause is named
(`cause_name`) by what went wrong, with no concrete number: the kind of failure of the
result record's `failure` (`conformance/failures.py`: dtype, shape, values, raised instead
of returning, crash, ...) and the few facts that several cases share (the kinds of the
differing elements, the error kinds). Within a cause, *variants* keep the next level of
detail (the dtype pair, the implementation's own error message with its numbers masked as
the gate masks them, `reports/signature.py`): "result dtype differs: bool instead of an
integer" reads as "got bool, expected uint8 ×528, got bool, expected int32 ×15, ...".

Kernel ops: a case that calls other ops besides its own (`depends` of the record: `call`
arguments, pipeline steps) and fails while one of those ops fails its own cases on a dtype
of the case is attributed to that op ("relies on nx.strides, which fails here"), as
array-api-tests and test262 do for the functions their tests are built on: fix the kernel
op first, then look again.

Result files written before `failure` existed are grouped by their message, read with
the table `_MESSAGE_KINDS`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from reports.runs import Run
from reports.signature import masked
from spec import vocabulary

BAD = vocabulary.FAILED  # fail, error
COVERAGE = 0.8  # "N causes cover 80 % of the failures"

_ELEMENTS = {
    "nan": "NaN",
    "signed-zero": "±0",
    "infinity": "infinities",
    "extreme": "extremes",
    "ordinary": "ordinary elements",
}

# What each kind of failure is called in a cause; `{x}` are facts of the record.
_SIGNATURES = {
    "dtype": "result dtype differs: {dtype_change}",
    "type": "another kind of value than documented",
    "shape": "result shape differs ({rank})",
    "layout": "genarray layout differs",
    "length": "sequence length differs",
    "values": "values differ at {elements} ({family})",
    "invalid-value": "answers a value its dtype cannot hold",
    "printed": "printed text differs",
    "returned": "returns where an error is documented",
    "raised": "raises {got} where a result is documented",
    "wrong-error": "raises {got} where {expected} is documented",
    "error-message": "the error message does not match",
    "undocumented-error": "raises an undocumented exception",
    "crash": "crashes",
    "exited": "the program exits",
    "timeout": "times out",
    "malformed": "replies break the wire protocol",
    "property": "property {check} does not hold",
    "pipeline-step": "a pipeline step does not return",
    "mutates": "an argument after the call differs",
    "returns-arg": "the result is not the argument itself",
    "aliases": "the result does not share storage as documented",
    "runner": "the runner failed",
    "other": "other failures",
}
# Variants: the next level of detail, where the facts have it.
_VARIANTS = {
    "dtype": "got {got}, expected {expected}",
    "type": "got {got}, expected {expected}",
    "values": "{of}",
    "returned": "returned {got}; documented: {expected}",
    "undocumented-error": "{got}",
    "crash": "{exception}",
    "mutates": "{differs}",
}

# Older result files (no `failure`): the kind, read from the message's first line.
_MESSAGE_KINDS = (
    (re.compile(r"dtype differs.*: got (?P<got>\S+), expected (?P<expected>\S+)"), "dtype"),
    (re.compile(r"shape differs"), "shape"),
    (re.compile(r"length differs"), "length"),
    (re.compile(r"values? differs?"), "values"),
    (re.compile(r"expected a (tensor|genarray|sequence)"), "type"),
    (re.compile(r"printed text|expected printed"), "printed"),
    (re.compile(r"returned .*, but (the call )?should raise"), "returned"),
    (re.compile(r"raised (?P<got>\w+).*, but it should return a result"), "raised"),
    (re.compile(r"not a documented error kind"), "undocumented-error"),
    (re.compile(r"raised (?P<got>\w+).*, but it should raise (?P<expected>.+)$"), "wrong-error"),
    (re.compile(r"the message does not match"), "error-message"),
    (re.compile(r"no reply within"), "timeout"),
    (re.compile(r"the program exited"), "exited"),
    (re.compile(r"malformed|not JSON|must be a JSON object"), "malformed"),
    (re.compile(r"crashed"), "crash"),
    (re.compile(r"pipeline step \d+ \(\w+\) did not return"), "pipeline-step"),
    (re.compile(r"^property \d+ \(line \d+\): (?P<check>\w+)"), "property"),
    (re.compile(r"^mutates"), "mutates"),
    (re.compile(r"^returns_arg"), "returns-arg"),
    (re.compile(r"^aliases"), "aliases"),
    (re.compile(r"the runner failed"), "runner"),
)
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_WHERE = re.compile(r" \(at [^()]*\)")


@dataclass
class Cause:
    """Failing cases that went wrong the same way."""

    signature: str
    kind: str
    relies_on: str | None = None  # the kernel op the cases are attributed to
    cases: list[str] = field(default_factory=list)
    functions: Counter = field(default_factory=Counter)
    dtypes: Counter = field(default_factory=Counter)
    variants: Counter = field(default_factory=Counter)
    sources: Counter = field(default_factory=Counter)

    @property
    def count(self) -> int:
        return len(self.cases)

    def to_json(self, total: int, limit: int | None = None) -> dict[str, Any]:
        return {
            "signature": self.signature,
            "kind": self.kind,
            "relies_on": self.relies_on,
            "count": self.count,
            "share": round(self.count / total, 4) if total else 0.0,
            "functions": dict(self.functions.most_common(limit)),
            "dtypes": dict(self.dtypes.most_common(limit)),
            "variants": dict(self.variants.most_common(limit)),
            "sources": dict(self.sources.most_common()),
            "cases": self.cases if limit is None else self.cases[:limit],
        }


@dataclass
class Causes:
    """The causes of one run's failures, biggest first."""

    label: str
    total: int  # failing and erroring cases
    causes: list[Cause]

    @property
    def covering(self) -> int:
        """How many of the biggest causes it takes to cover COVERAGE of the failures."""
        covered = 0
        for number, cause in enumerate(self.causes, 1):
            covered += cause.count
            if covered >= COVERAGE * self.total:
                return number
        return len(self.causes)

    def cause_of(self) -> dict[str, int]:
        """Case id -> index of its cause."""
        return {case: i for i, cause in enumerate(self.causes) for case in cause.cases}

    def to_json(self, limit: int | None = None) -> dict[str, Any]:
        return {
            "run": self.label,
            "failing": self.total,
            "causes_covering_80_percent": self.covering,
            "causes": [c.to_json(self.total, limit) for c in self.causes],
        }


def cluster(run: Run) -> Causes:
    """Every failing or erroring case of `run`, in exactly one cause."""
    bad = [r for r in run.results.values() if r["outcome"] in BAD]
    broken = _broken_ops(bad)
    causes: dict[tuple[str, str | None], Cause] = {}
    for record in sorted(bad, key=lambda r: r["id"]):
        facts = failure_of(record)
        own = cause_name(facts)
        kernel = _relied_on(record, broken)
        if kernel:
            key = (f"relies on {kernel}, which fails here", kernel)
            variant = own
        else:
            key, variant = (own, None), variant_of(facts, record)
        cause = causes.get(key)
        if cause is None:
            cause = causes[key] = Cause(key[0], "relies-on" if kernel else facts["kind"], kernel)
        cause.cases.append(record["id"])
        cause.functions[f"{record['namespace']}.{record['op']}"] += 1
        cause.dtypes.update(record.get("dtypes") or ["(no dtype)"])
        cause.sources[record.get("source") or "(no source)"] += 1
        if variant:
            cause.variants[variant] += 1
    ordered = sorted(causes.values(), key=lambda c: (-c.count, c.signature))
    return Causes(run.label, len(bad), ordered)


def failure_of(record: dict[str, Any]) -> dict[str, Any]:
    """The record's `failure`, or one read from its message (older result files)."""
    if isinstance(record.get("failure"), dict) and "kind" in record["failure"]:
        return record["failure"]
    first = (record.get("message") or "").split("\n", 1)[0]
    for pattern, kind in _MESSAGE_KINDS:
        found = pattern.search(first)
        if found:
            return {"kind": kind, **{k: x for k, x in found.groupdict().items() if x}}
    return {"kind": "other"}


def cause_name(facts: dict[str, Any]) -> str:
    """The cause a failure belongs to, in words, from the facts of its `failure` (kind,
    dtypes, element and error kinds): never a number. Not the failure's signature
    (`reports/signature.py`), which the gate compares."""
    kind = facts.get("kind", "other")
    template = _SIGNATURES.get(kind, _SIGNATURES["other"])
    words = {k: _words(x) for k, x in facts.items()}
    words.setdefault("rank", "of some rank")
    words.setdefault("check", "")
    words.setdefault("got", "an error")
    words.setdefault("expected", "another error")
    elements = facts.get("elements") or []
    words["elements"] = " and ".join(_ELEMENTS.get(e, e) for e in elements) or "some elements"
    words["family"] = family(str(facts.get("of", "")))
    got, expected = (family(str(facts.get(side, ""))) for side in ("got", "expected"))
    words["dtype_change"] = (
        f"another {got} dtype"
        if got == expected
        else f"{_article(got)} instead of {_article(expected)}"
    )
    return " ".join(template.format(**words).split())


def variant_of(facts: dict[str, Any], record: dict[str, Any]) -> str:
    """The next level of detail within a cause: from the facts, else the message's first
    line with numbers, quoted text and source locations taken out."""
    template = _VARIANTS.get(facts.get("kind", ""))
    if template:
        try:
            return template.format(**{k: _words(x) for k, x in facts.items()})
        except KeyError:
            pass
    return normalised(record.get("message") or "")


def normalised(message: str) -> str:
    first = message.split("\n", 1)[0]
    first = _WHERE.sub("", first)
    first = _QUOTED.sub("…", first)
    first = re.sub(r"^property \d+ \(line \d+\): |^the call ", "", first)
    first = re.sub(r", but it should (return a result|raise .*)$", "", first)
    return masked(first, "N")[:160]


def family(dtype: str) -> str:
    """What a cause calls a dtype: its family (`spec/vocabulary.yaml`), the two integer
    families as one, `integer`; any other word as it is."""
    if not dtype:
        return "value"
    kind = vocabulary.FAMILY_OF.get(dtype, dtype)
    return "integer" if kind in vocabulary.INTEGER_FAMILIES else kind


def _article(name: str) -> str:
    return {"integer": "an integer", "float": "a float", "complex": "a complex"}.get(name, name)


def _words(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " or ".join(str(x) for x in value)
    return str(value)


# Failures that say nothing of an op's values: a case that merely calls the op (to build a
# transposed argument, say) is not hurt by them.
_NOT_ON_VALUES = ("aliases", "returns-arg")


def _broken_ops(bad: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Op -> the dtypes of its own cases that fail on what it computes (`*` for a case
    without dtypes); an op that fails only a storage-sharing check is not broken."""
    broken: dict[str, set[str]] = {}
    for record in bad:
        if failure_of(record).get("kind") in _NOT_ON_VALUES:
            continue
        key = f"{record['namespace']}.{record['op']}"
        broken.setdefault(key, set()).update(record.get("dtypes") or ["*"])
    return broken


def _relied_on(record: dict[str, Any], broken: dict[str, set[str]]) -> str | None:
    """The op this case calls besides its own that fails its own cases on one of the
    case's dtypes (the one with most failing dtypes, then by name); None if there is none."""
    dtypes = set(record.get("dtypes") or ())
    candidates = [
        op
        for op in record.get("depends") or ()
        if op in broken and (not dtypes or "*" in broken[op] or dtypes & broken[op])
    ]
    if not candidates:
        return None
    return min(candidates, key=lambda op: (-len(broken[op]), op))


def render(causes: Causes, limit: int = 15, shown: int = 4) -> str:
    """The causes as text: one line each, then its biggest variants and functions."""
    lines = [
        f"{causes.label}: {causes.total:,} failing or erroring case(s) in "
        f"{len(causes.causes)} cause(s); the {causes.covering} biggest cover "
        f"{COVERAGE:.0%} of them"
    ]
    for number, cause in enumerate(causes.causes[:limit], 1):
        share = cause.count / causes.total if causes.total else 0
        lines.append(
            f"{number:3}. {cause.signature}: {cause.count:,} ({share:.1%}), "
            f"{len(cause.functions)} function(s)"
        )
        if cause.variants:
            lines.append("       " + _top(cause.variants, shown))
        lines.append("       functions: " + _top(cause.functions, shown))
    if len(causes.causes) > limit:
        rest = sum(c.count for c in causes.causes[limit:])
        lines.append(f"     ... and {len(causes.causes) - limit} more cause(s), {rest:,} case(s)")
    return "\n".join(lines)


def markdown(causes: Causes, limit: int = 5) -> str:
    """The top causes as a Markdown list, for a pull-request comment."""
    if not causes.total:
        return ""
    lines = [f"Top causes of the {causes.total:,} failing case(s):"]
    for cause in causes.causes[:limit]:
        variant = f" (mostly {cause.variants.most_common(1)[0][0]})" if cause.variants else ""
        lines.append(
            f"- {cause.signature}{variant}: {cause.count:,} "
            f"({cause.count / causes.total:.0%}), in {len(cause.functions)} function(s) "
            f"such as {', '.join(f'`{f}`' for f, _ in cause.functions.most_common(3))}"
        )
    return "\n".join(lines) + "\n"


def _top(counter: Counter, shown: int) -> str:
    items = [f"{name} ×{count}" for name, count in counter.most_common(shown)]
    more = len(counter) - shown
    return ", ".join(items) + (f", ... (+{more})" if more > 0 else "")
