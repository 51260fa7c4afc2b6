"""`nx-conformance diff-backends`: two implementations of one API, case by case, with no
spec expectation.

    nx-conformance diff-backends --adapter A --against B [--select GLOB ...] [--spec PATH ...]
                                 [--exact] [--json FILE] [--examples N]

Each selected case's call (its op, arguments and labels, asking for the observations the
case asks for: the arguments after the call, identity, aliasing, printed text) is sent
to both implementations, each in a case of its own (`end_case` after each call), and the
two replies are compared with each other, whatever the case expects: a differential view
of two backends of one frontend (`ocaml-nx@1.0.0_alpha0` and `ocaml-nx@1.0.0_alpha0+c`),
or of any two adapters. A case whose dtypes or namespace one side does not announce is not
sent (counted apart); pipelines and checks of the case are not run (only its call).

A difference has one kind, the first that applies:

- `answered-by-one`: one side answers `unsupported`, the other does not;
- `crash`: one side crashes (an escaped exception, a dead or hung program), the other
  does not, or both do in different ways;
- `raises-vs-returns`: one side raises a documented kind, the other returns;
- `raise-kind`: both raise, different kinds (or an undocumented exception on one side);
- `type`, `dtype`, `shape`, `length`, `layout`, `values`, `invalid-value`: both return,
  and the results differ so (conformance/compare.py: `values` under the case's tolerance,
  or the dtype's default, or bit-exact with `--exact`);
- `effect`: the results agree, an argument after the call does not;
- `printed`, `identity`, `aliasing`: what the call printed, whether the result is an
  argument itself, or shares its storage, differs.

Both replies raising the same kind agree (their messages may differ). The report groups
the differences by op and by kind, largest first, with the inputs that show each
(`--examples` per group); `--json` writes every difference with its inputs and both
replies. Exit status 0 when no case differs, 1 when some do, 2 on a usage error.
`conformance/fuzz.py` compares two adapters on drawn inputs; this compares them on the
spec's own inputs, and classifies rather than shrinks.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from adapters import codec
from adapters import values as v
from adapters.base import Adapter, Reply, Status
from conformance.cases import Case, Tol
from conformance.compare import describe, mismatch
from conformance.execute import build_request, unsupported_reason
from spec.vocabulary import ErrorKind

_DOCUMENTED = {kind.value for kind in ErrorKind}
EXACT = Tol(exact=True)

# The kinds of a difference, in the order they are looked for (the module docstring).
KINDS = (
    "answered-by-one",
    "crash",
    "raises-vs-returns",
    "raise-kind",
    "type",
    "dtype",
    "shape",
    "length",
    "layout",
    "values",
    "invalid-value",
    "effect",
    "printed",
    "identity",
    "aliasing",
)


@dataclass(frozen=True)
class Difference:
    """One case on which the two replies differ."""

    case: Case
    kind: str
    what: str  # in words, A's side first
    mine: Reply
    theirs: Reply

    @property
    def op(self) -> str:
        return f"{self.case.namespace}.{self.case.op}"

    def inputs(self) -> str:
        """The call, as its arguments read (a tensor's dtype, shape and first elements)."""
        args = [_show(a) for a in self.case.args]
        args += [f"~{k}:{_show(x)}" for k, x in self.case.kwargs.items()]
        return f"{self.op} {' '.join(args)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "case": self.case.id,
            "location": self.case.location,
            "op": self.op,
            "kind": self.kind,
            "what": self.what,
            "args": [codec.encode(a) for a in self.case.args],
            "kwargs": codec.encode_kwargs(self.case.kwargs),
            "mine": _reply_json(self.mine),
            "theirs": _reply_json(self.theirs),
        }


@dataclass
class Report:
    mine: str
    theirs: str
    selected: int = 0
    agree: int = 0
    not_sent: Counter = field(default_factory=Counter)  # why -> cases
    unsupported_by_both: int = 0
    differences: list[Difference] = field(default_factory=list)

    def by_kind(self) -> Counter:
        return Counter(d.kind for d in self.differences)

    def by_op(self) -> dict[str, list[Difference]]:
        groups: dict[str, list[Difference]] = defaultdict(list)
        for d in self.differences:
            groups[d.op].append(d)
        return dict(sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "nx-conformance-backend-diff/1",
            "adapter": self.mine,
            "against": self.theirs,
            "cases": self.selected,
            "agree": self.agree,
            "differ": len(self.differences),
            "unsupported_by_both": self.unsupported_by_both,
            "not_sent": dict(self.not_sent),
            "by_kind": dict(self.by_kind().most_common()),
            "by_op": {
                op: dict(Counter(d.kind for d in ds).most_common())
                for op, ds in self.by_op().items()
            },
            "differences": [d.to_json() for d in self.differences],
        }


# --- Comparing two replies ----------------------------------------------------------------


def classify(mine: Reply, theirs: Reply, tol: Tol | None) -> tuple[str, str] | None:
    """The kind of difference between two replies to one request, and what it is in words
    (A's side first); None when they agree."""
    a, b = mine.status, theirs.status
    if (a is Status.UNSUPPORTED) != (b is Status.UNSUPPORTED):
        one, other = (mine, theirs) if a is Status.UNSUPPORTED else (theirs, mine)
        side = "A" if one is mine else "B"
        return "answered-by-one", (
            f"{side} answers unsupported ({one.message}); the other {_said(other)}"
        )
    if a is Status.UNSUPPORTED:
        return None
    if Status.CRASH in (a, b):
        if a is b and mine.fault == theirs.fault:
            return None
        return "crash", f"A {_said(mine)}; B {_said(theirs)}"
    if a is Status.ERROR and b is Status.ERROR:
        if mine.error == theirs.error:
            return None
        return "raise-kind", (
            f"A raises {mine.error} ({mine.message}); B raises {theirs.error} ({theirs.message})"
        )
    if a is Status.ERROR or b is Status.ERROR:
        kind = "raises-vs-returns"
        undocumented = (mine if a is Status.ERROR else theirs).error not in _DOCUMENTED
        if undocumented:
            kind = "raise-kind"
        return kind, f"A {_said(mine)}; B {_said(theirs)}"
    if mine.invalid != theirs.invalid:
        return "invalid-value", f"A: {mine.invalid or 'valid'}; B: {theirs.invalid or 'valid'}"
    found = mismatch(theirs.value, mine.value, tol)
    if found is not None:
        return found.kind.value, f"result: {_mine_first(found.message)}"
    if mine.args_after is not None and theirs.args_after is not None:
        for i, (x, y) in enumerate(zip(mine.args_after, theirs.args_after, strict=False)):
            found = mismatch(y, x, tol)
            if found is not None:
                return "effect", f"argument {i} after the call: {_mine_first(found.message)}"
    if mine.stdout is not None and theirs.stdout is not None and mine.stdout != theirs.stdout:
        return "printed", f"A prints {mine.stdout!r}; B prints {theirs.stdout!r}"
    if mine.same_as_arg != theirs.same_as_arg:
        return "identity", (
            f"the result is argument {mine.same_as_arg} for A, {theirs.same_as_arg} for B"
        )
    aliasing = (mine.aliases_arg, mine.aliases_components)
    if aliasing != (theirs.aliases_arg, theirs.aliases_components):
        return "aliasing", (
            f"the result shares storage with argument {mine.aliases_arg} for A, "
            f"{theirs.aliases_arg} for B"
        )
    return None


def _mine_first(message: str) -> str:
    """compare.py says `got X, expected Y` with A as got and B as expected."""
    return message.replace("got ", "A gives ").replace("expected ", "B gives ")


def _said(reply: Reply) -> str:
    if reply.status is Status.RESULT:
        return f"returns {describe(reply.value)}"
    if reply.status is Status.ERROR:
        return f"raises {reply.error} ({reply.message})"
    if reply.status is Status.CRASH:
        return f"crashes ({reply.fault.value if reply.fault else 'crash'}: {reply.message[:200]})"
    return f"answers unsupported ({reply.message})"


def _show(value: Any) -> str:
    """An argument as a message shows it; a `call` argument as the call that builds it."""
    if isinstance(value, v.Call):
        parts = [value.op, *(_show(a) for a in value.args)]
        parts += [f"~{k}:{_show(x)}" for k, x in value.kwargs.items()]
        return f"({' '.join(parts)})"
    text = describe(value)
    return text if len(text) <= 90 else text[:87] + "..."


def _reply_json(reply: Reply) -> dict[str, Any]:
    out: dict[str, Any] = {"status": reply.status.value}
    if reply.status is Status.RESULT:
        out["result"] = codec.encode(reply.value)
    if reply.error:
        out["error"] = reply.error
    if reply.message:
        out["message"] = reply.message
    if reply.args_after is not None:
        out["args_after"] = [codec.encode(a) for a in reply.args_after]
    if reply.stdout is not None:
        out["stdout"] = reply.stdout
    if reply.fault is not None:
        out["fault"] = reply.fault.value
    if reply.invalid:
        out["invalid"] = reply.invalid
    return out


# --- Running ----------------------------------------------------------------------------------


def diff(
    cases: Iterable[Case],
    mine: Adapter,
    theirs: Adapter,
    *,
    exact: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Report:
    report = Report(mine.name, theirs.name)
    for n, case in enumerate(cases, 1):
        report.selected += 1
        why = unsupported_reason(case, mine) or unsupported_reason(case, theirs)
        if why:
            report.not_sent[_not_sent(why)] += 1
            continue
        # The call only, asking for what the case observes; no live values are kept.
        request = replace(build_request(case, mine), keep=False)
        first = mine.call(request)
        mine.end_case()
        second = theirs.call(request)
        theirs.end_case()
        found = classify(first, second, EXACT if exact else case.tol)
        if found is None:
            if first.status is Status.UNSUPPORTED:
                report.unsupported_by_both += 1
            else:
                report.agree += 1
        else:
            report.differences.append(Difference(case, found[0], found[1], first, second))
        if progress:
            progress(n)
    return report


def _not_sent(why: str) -> str:
    """Why a case was not sent, without the adapter's name: `a dtype one side lacks:
    bool`, `a namespace one side lacks: view`."""
    _, _, rest = why.partition(" does not ")
    if rest.startswith("support dtype(s) "):
        return "a dtype one side lacks: " + rest.removeprefix("support dtype(s) ").split(",")[0]
    if rest.startswith("implement namespace "):
        return "a namespace one side lacks: " + rest.removeprefix("implement namespace ")
    return why


def render(report: Report, *, examples: int = 2, top: int = 25) -> str:
    differ = len(report.differences)
    sent = report.agree + differ + report.unsupported_by_both
    lines = [
        f"{report.mine} (A) vs {report.theirs} (B): {report.selected} case(s), {sent} sent to "
        f"both; {report.agree} agree, {differ} differ, {report.unsupported_by_both} "
        "unsupported by both"
    ]
    if report.not_sent:
        reasons = Counter()
        for why, count in report.not_sent.items():
            reasons[why.partition(":")[0]] += count
        for reason, count in reasons.most_common():
            each = ", ".join(
                f"{why.partition(': ')[2]} {n}"
                for why, n in report.not_sent.most_common()
                if why.startswith(reason + ":")
            )
            lines.append(f"  not sent, on {reason}: {count} ({each})")
    if not differ:
        return "\n".join(lines)
    lines.append("")
    lines.append("By kind:")
    for kind, count in report.by_kind().most_common():
        lines.append(f"  {kind:<18} {count}")
    lines.append("")
    groups = report.by_op()
    lines.append(f"By op ({len(groups)} op(s); largest first):")
    for op, ds in list(groups.items())[:top]:
        kinds = ", ".join(f"{k} {c}" for k, c in Counter(d.kind for d in ds).most_common())
        lines.append(f"  {op}: {len(ds)} ({kinds})")
        by_kind: dict[str, list[Difference]] = defaultdict(list)
        for d in ds:
            by_kind[d.kind].append(d)
        for kind, group in by_kind.items():
            for d in group[:examples]:
                lines.append(f"    [{kind}] {d.case.id} ({d.case.location})")
                lines.append(f"        {d.inputs()}")
                lines.append(f"        {d.what.splitlines()[0][:300]}")
    if len(groups) > top:
        rest = sum(len(ds) for ds in list(groups.values())[top:])
        lines.append(f"  ... {len(groups) - top} more op(s), {rest} difference(s)")
    return "\n".join(lines)
