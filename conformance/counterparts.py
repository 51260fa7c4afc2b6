"""Another library's documented behaviour, checked on Nx: where the two libraries differ.

    nx-conformance compare-libraries arraymancer --against reference
    nx-conformance compare-libraries arraymancer --against ocaml-nx

A declared table (`adapters/arraymancer/counterparts.yaml`) maps each documented proc of
the library's namespace to the Nx function a user moving code would call, with the
argument mapping. Every case of the namespace is translated through it, keeping its
expectation (what the library's documentation says), and run on an Nx implementation:
`pass` means Nx does what the library documents (they agree), `fail` that it does not
(they disagree: the failure says how), `error` that Nx crashed. The command prints, per
proc, the counts and examples of disagreement as a Markdown table.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from adapters import values as v
from conformance.cases import Case
from conformance.execute import Outcome
from conformance.runner import run_one
from spec import dtypes

EXAMPLES_SHOWN = 6
_PROPERTY = re.compile(r"^property \d+ \(line \d+\): ")  # where in the case file: not news


class NotComparable(Exception):
    """The case's call has no Nx counterpart (the message says why)."""


@dataclass(frozen=True)
class Counterpart:
    """The Nx call standing for one proc (one overload) of the other library."""

    nx: str
    args: tuple[Any, ...]
    kwargs: Mapping[str, Any]
    drops: tuple[str, ...] = ()
    result: str | None = None
    number: Counterpart | None = None
    params: tuple[str, ...] = ()  # the overload's own parameter names, if it has them


@dataclass(frozen=True)
class Proc:
    name: str
    params: tuple[str, ...]
    counterpart: Counterpart


@dataclass(frozen=True)
class Table:
    namespace: str
    procs: Mapping[str, Proc]


def load_table(path: Path) -> Table:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))

    def counterpart(body: Mapping[str, Any]) -> Counterpart:
        number = body.get("number")
        return Counterpart(
            nx=body["nx"],
            args=tuple(body.get("args", ())),
            kwargs=dict(body.get("kwargs", {})),
            drops=tuple(body.get("drops", ())),
            result=body.get("result"),
            number=counterpart(number) if number else None,
            params=tuple(body.get("params", ())),
        )

    procs = {
        name: Proc(name, tuple(body["params"]), counterpart(body))
        for name, body in document["procs"].items()
    }
    return Table(document["namespace"], procs)


# --- Translating a case ------------------------------------------------------------------


@dataclass
class _Call:
    """The arguments of one call of the library, and where each lands in the Nx call."""

    args: tuple[Any, ...]
    kwargs: Mapping[str, Any]
    moved: dict[int, int] = field(default_factory=dict)  # old position -> new position


_ABSENT = object()


def _fill(template: Any, call: _Call, table: Table) -> Any:
    """The value a template stands for in this call (`_ABSENT` when it names nothing)."""
    if "list" in template:
        return v.List(tuple(_fill(t, call, table) for t in template["list"]))
    if "kwarg" in template:
        found = call.kwargs.get(template["kwarg"], _ABSENT)
        return _ABSENT if found is _ABSENT else translate_value(found, table)
    position = template.get("arg", template.get("dtype_of"))
    if position >= len(call.args):
        return _ABSENT
    value = call.args[position]
    if "dtype_of" in template:
        return v.DTypeValue(_literal_dtype(value))
    if template.get("as") == "ints":
        return v.Ints((value,))
    return translate_value(value, table)


def _literal_dtype(value: Any) -> dtypes.DType:
    """The dtype of a number literal as Nim types it: int -> int64, float -> float64."""
    if isinstance(value, bool):
        return dtypes.BOOL
    if isinstance(value, int):
        return dtypes.INT64
    if isinstance(value, float):
        return dtypes.FLOAT64
    raise NotComparable(f"{value!r} is not a number")


def _is_number(value: Any) -> bool:
    return isinstance(value, bool | int | float)


def translate_call(op: str, call: _Call, table: Table) -> tuple[Counterpart, tuple, dict]:
    """The Nx function and arguments standing for `op` applied to `call`."""
    if op not in table.procs:
        raise NotComparable(f"{table.namespace}.{op} has no counterpart in the table")
    counterpart = table.procs[op].counterpart
    if counterpart.number and call.args and _is_number(call.args[0]):
        counterpart = counterpart.number
    mapped = {t.get("kwarg") for t in counterpart.kwargs.values()}
    extra = set(call.kwargs) - mapped - set(counterpart.drops)
    if extra:
        raise NotComparable(f"{table.namespace}.{op}: no counterpart for {sorted(extra)}")
    args = []
    for template in counterpart.args:
        value = _fill(template, call, table)
        if value is _ABSENT:
            raise NotComparable(f"{table.namespace}.{op}: the call lacks {template}")
        if "arg" in template and "as" not in template:
            call.moved[template["arg"]] = len(args)
        args.append(value)
    kwargs = {}
    for name, template in counterpart.kwargs.items():
        value = _fill(template, call, table)
        if value is not _ABSENT:
            kwargs[name] = value
    return counterpart, tuple(args), kwargs


def translate_value(value: Any, table: Table) -> Any:
    """A value with every call of the library replaced by its Nx counterpart."""
    if isinstance(value, v.Call) and value.namespace in (None, table.namespace):
        counterpart, args, kwargs = translate_call(value.op, _Call(value.args, value.kwargs), table)
        return v.Call(counterpart.nx, args, v.frozen_mapping(kwargs), "nx")
    if isinstance(value, v.List):
        return v.List(tuple(translate_value(x, table) for x in value.items))
    if isinstance(value, v.Ref):
        raise NotComparable(f"a ref ({value.name}) inside an argument")
    return value


def translate(case: Case, table: Table) -> Case:
    """The case with its call made through the Nx counterpart, its expectation kept."""
    call = _Call(case.args, case.kwargs)
    counterpart, args, kwargs = translate_call(case.op, call, table)
    expect = case.expect
    if counterpart.result == "list" and isinstance(expect, v.Tuple):
        expect = v.List(expect.items)
    for position in (case.aliases, case.returns_arg, case.mutates and case.mutates.arg):
        if position is not None and position not in call.moved:
            raise NotComparable(f"argument {position} has no place of its own in the Nx call")
    return replace(
        case,
        namespace="nx",
        op=counterpart.nx,
        args=args,
        kwargs=v.frozen_mapping(kwargs),
        expect=expect,
        aliases=None if case.aliases is None else call.moved[case.aliases],
        returns_arg=None if case.returns_arg is None else call.moved[case.returns_arg],
        mutates=case.mutates and replace(case.mutates, arg=call.moved[case.mutates.arg]),
    )


# --- Running and reporting ---------------------------------------------------------------


@dataclass
class ProcSummary:
    proc: Proc
    agree: list[str] = field(default_factory=list)
    disagree: list[tuple[str, str]] = field(default_factory=list)  # case name, how
    other: list[tuple[str, str]] = field(default_factory=list)  # not comparable, errors


def compare(cases: Sequence[Case], table: Table, adapter) -> dict[str, ProcSummary]:
    """Run every case of the library's namespace through its counterpart on `adapter`."""
    summaries = {name: ProcSummary(proc) for name, proc in table.procs.items()}
    for case in cases:
        if case.namespace != table.namespace:
            continue
        if case.op not in summaries:
            raise ValueError(f"the table has no entry for {case.namespace}.{case.op}")
        summary = summaries[case.op]
        try:
            translated = translate(case, table)
        except NotComparable as why:
            summary.other.append((case.name, f"not comparable: {why}"))
            continue
        result = run_one(translated, adapter)
        first_line = _PROPERTY.sub("", (result.message.splitlines() or [""])[0])
        if result.outcome is Outcome.PASS:
            summary.agree.append(case.name)
        elif result.outcome is Outcome.FAIL:
            summary.disagree.append((case.name, first_line))
        else:
            summary.other.append((case.name, f"{result.outcome.value}: {first_line}"))
    return summaries


def _form(params: Sequence[str], counterpart: Counterpart) -> str:
    """The Nx call written with the library's parameter names: `transpose ~axes:dims t`."""

    def text(template: Any) -> str:
        if "list" in template:
            return "[" + "; ".join(text(t) for t in template["list"]) + "]"
        if "kwarg" in template:
            return template["kwarg"]
        if "dtype_of" in template:
            return f"(dtype of {params[template['dtype_of']]})"
        name = params[template["arg"]]
        return f"[{name}]" if template.get("as") == "ints" else name

    named = [f"~{k}:{text(t)}" for k, t in counterpart.kwargs.items()]
    return " ".join([f"Nx.{counterpart.nx}", *named, *(text(t) for t in counterpart.args)])


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(summaries: Mapping[str, ProcSummary], library: str, against: str) -> str:
    """The Markdown table: per proc, the Nx call, counts and examples of disagreement."""
    lines = [
        f"{library.capitalize()} (documented, by its cases) vs Nx (`{against}`): each case "
        f"of `{library}.*` run through the Nx counterpart of its proc.",
        "",
        f"| {library} | Nx counterpart | cases | agree | disagree | where they disagree |",
        "|---|---|---|---|---|---|",
    ]
    for summary in summaries.values():
        proc = summary.proc
        forms = [_form(proc.params, proc.counterpart)]
        number = proc.counterpart.number
        if number:
            forms.append(_form(number.params or proc.params, number) + " (a number)")
        where = [f"*{name}*: {how}" for name, how in summary.disagree[:EXAMPLES_SHOWN]]
        if len(summary.disagree) > EXAMPLES_SHOWN:
            where.append(f"and {len(summary.disagree) - EXAMPLES_SHOWN} more")
        # Cases not compared (no counterpart, Nx crashed or lacks it): one line per reason.
        reasons = Counter(how for _, how in summary.other)
        where += [f"{count} case(s) {how}" for how, count in reasons.items()]
        total = len(summary.agree) + len(summary.disagree) + len(summary.other)
        cells = [
            f"`{proc.name}({', '.join(proc.params)})`",
            "<br>".join(f"`{form}`" for form in forms),
            str(total),
            str(len(summary.agree)),
            str(len(summary.disagree)),
            "<br>".join(_cell(w) for w in where),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
