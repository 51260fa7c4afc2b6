"""One case, from request to verdict.

The journey: the case's tagged arguments go to the adapter as one `Request` (asking
to observe what the expectation needs: the arguments after the call, identity,
aliasing, printed text); the `Reply` is judged against the one expectation of the
case (`expect`, `raises`, `properties`, `prints`), then against its in-place effects
(`mutates`, `returns_arg`, `aliases`). Pipelines call the implementation again with
the live values of the case.

Outcomes: `pass`; `fail` (a documented behaviour is not met, including raising the
wrong documented error); `error` (the implementation crashed or raised something
undocumented); `unsupported` (the implementation lacks the op, namespace or dtype);
`skip` (excluded by the user's skip list). A `fail` or `error` verdict also says what went
wrong as data (`conformance/failures.py`), for reports that group failures by cause.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from adapters import values as v
from adapters.base import Adapter, Fault, Observe, Reply, Request, Status
from conformance import checks
from conformance.cases import Alternative, Case, Check, CheckKind, Expectation, Raises
from conformance.compare import describe, differing_positions, mismatch, value_kind
from conformance.failures import Failure, Kind, failure
from spec import vocabulary
from spec.vocabulary import ErrorKind

_DOCUMENTED_KINDS = {kind.value for kind in ErrorKind}
_ARG_REF = re.compile(r"^arg(\d+)(?:\[(\d+)\])?$")
_OUT_REF = re.compile(r"^out(\d+)$")


# How a case ends: the spec's vocabulary (`outcomes` of `spec/vocabulary.yaml`).
Outcome = vocabulary.enumeration("Outcome", vocabulary.OUTCOMES, __name__)


class StepUnsupported(Exception):
    """A follow-up call of a check needs an op the implementation does not have: the case
    cannot be judged, so it is unsupported (not failed)."""


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    message: str = ""
    details: Mapping[str, Any] | None = None  # for a report: expected, actual, differ
    failure: Failure | None = None  # what went wrong, as data (fail and error only)


def _verdict(outcome: Outcome, found: Failure) -> Verdict:
    return Verdict(outcome, found.message, failure=found)


def execute(case: Case, adapter: Adapter) -> Verdict:
    """Run one case on one adapter. Never raises for anything the implementation does."""
    reason = unsupported_reason(case, adapter)
    if reason:
        return Verdict(Outcome.UNSUPPORTED, reason)
    request = build_request(case, adapter)
    try:
        reply = adapter.call(request)
        verdict = _judge(case, checks.Finished(adapter, request, reply))
        if verdict.outcome in (Outcome.FAIL, Outcome.ERROR):
            verdict = replace(verdict, details=_details(case, reply))
        return verdict
    finally:
        adapter.end_case()


def _details(case: Case, reply: Reply) -> dict[str, Any]:
    """What a report shows of a failed case: what was wanted, what came, where they differ."""
    if case.expectation is Expectation.ANY_OF:
        valued = [a for a in case.alternatives if a.expectation is Expectation.EXPECT]
        shown = _details(_as_alternative(case, (valued or case.alternatives)[0]), reply)
        return {**shown, "accepted": " or ".join(str(a) for a in case.alternatives)}
    expected: Any = {
        Expectation.EXPECT: case.expect,
        Expectation.PRINTS: case.prints,
        Expectation.RAISES: f"raises {case.raises}",
        Expectation.PROPERTIES: f"{len(case.properties)} properties",
    }[case.expectation]
    if _has_ref(expected):
        with contextlib.suppress(LookupError):  # else shown as written
            expected = checks.LiveValues(reply, len(case.args)).resolved(expected)
    if reply.status is Status.RESULT:
        actual: Any = reply.value
    elif reply.status is Status.ERROR:
        actual = f"raised {reply.error}: {reply.message}"
    else:
        actual = reply.message
    if case.expectation is Expectation.PRINTS and reply.stdout is not None:
        actual = reply.value if isinstance(reply.value, str) else reply.stdout
    return {
        "expected": expected,
        "actual": actual,
        "differ": differing_positions(case.expect, actual, case.tol),
    }


def unsupported_reason(case: Case, adapter: Adapter) -> str | None:
    if case.namespace not in adapter.namespaces:
        return f"{adapter.name} does not implement namespace {case.namespace!r}"
    missing = [d for d in case.dtypes if d not in adapter.dtypes]
    if missing:
        return f"{adapter.name} does not support dtype(s) {', '.join(missing)}"
    return None


def build_request(case: Case, adapter: Adapter) -> Request:
    observe: set[Observe] = set()
    checked = case.properties or any(a.properties for a in case.alternatives)
    if case.mutates is not None or checked or _has_ref(case.expect):
        observe.add(Observe.ARGS_AFTER)
    if case.returns_arg is not None:
        observe.add(Observe.SAME_AS_ARG)
    if case.aliases is not None and adapter.views:
        observe.add(Observe.ALIASES_ARG)
    if case.expectation is Expectation.PRINTS or any(c.of == "stdout" for c in case.properties):
        observe.add(Observe.STDOUT)
    keep = adapter.handles and any(c.kind is CheckKind.PIPELINE for c in case.properties)
    return Request(case.namespace, case.op, case.args, case.kwargs, frozenset(observe), keep)


def _has_ref(value: Any) -> bool:
    return any(isinstance(x, v.Ref) for x in v.walk(value))


# --- Judging --------------------------------------------------------------------------------


def _judge(case: Case, finished: checks.Finished) -> Verdict:
    if case.expectation is Expectation.ANY_OF:
        return _judge_any_of(case, finished)
    reply = finished.reply
    if reply.status is Status.UNSUPPORTED:
        return Verdict(Outcome.UNSUPPORTED, reply.message or "unsupported")
    if reply.status is Status.CRASH:
        return _verdict(Outcome.ERROR, crashed(reply))
    if reply.status is Status.ERROR:
        return judge_raised(case.raises, reply, what="the call")
    if reply.invalid is not None:
        return _verdict(Outcome.FAIL, answered_invalid(reply, "the implementation"))
    if case.raises is not None:
        return _verdict(
            Outcome.FAIL,
            returned(
                case.raises,
                reply.value,
                f"returned {describe(reply.value)}, but the call should raise {case.raises}",
            ),
        )
    try:
        failures = [f for f in (_expectation(case, finished), *_effects(case, finished)) if f]
    except StepUnsupported as unsupported:
        return Verdict(Outcome.UNSUPPORTED, str(unsupported))
    if failures:
        message = "\n".join(f.message for f in failures)
        return Verdict(Outcome.FAIL, message, failure=failures[0])
    return Verdict(Outcome.PASS)


def _judge_any_of(case: Case, finished: checks.Finished) -> Verdict:
    """An `any_of` case passes when one of its accepted outcomes holds. Otherwise the
    verdict is that of the outcome of the reply's own kind (a raise is judged against the
    accepted raises, a value against the accepted values), so that the message says what
    differs, prefixed with how many outcomes were accepted."""
    verdicts = [_judge(_as_alternative(case, a), finished) for a in case.alternatives]
    if any(verdict.outcome is Outcome.PASS for verdict in verdicts):
        return Verdict(Outcome.PASS)
    raised = finished.reply.status is Status.ERROR
    closest = next(
        (
            verdict
            for alternative, verdict in zip(case.alternatives, verdicts, strict=True)
            if (alternative.expectation is Expectation.RAISES) == raised
        ),
        verdicts[0],
    )
    if closest.outcome is not Outcome.FAIL:
        return closest  # unsupported, or an error (a crash, an undocumented raise)
    accepted = "; ".join(str(a) for a in case.alternatives)
    return replace(
        closest, message=f"none of the accepted outcomes ({accepted}):\n{closest.message}"
    )


def _as_alternative(case: Case, alternative: Alternative) -> Case:
    """The case with one accepted outcome as its expectation."""
    return replace(
        case,
        expectation=alternative.expectation,
        expect=alternative.expect,
        tol=alternative.tol or case.tol,
        raises=alternative.raises,
        prints=alternative.prints,
        properties=alternative.properties,
        alternatives=(),
    )


_FAULTS = {
    None: Kind.CRASH,
    Fault.EXCEPTION: Kind.CRASH,
    Fault.EXITED: Kind.EXITED,
    Fault.TIMEOUT: Kind.TIMEOUT,
    Fault.MALFORMED: Kind.MALFORMED,
}
_EXCEPTION_NAME = re.compile(r"^([A-Za-z_][\w.]*): ")


def crashed(reply: Reply) -> Failure:
    """A call that never answered properly: how (a crash, a death, a hang, a reply that
    breaks the protocol) and, for an escaped exception, its type."""
    named = _EXCEPTION_NAME.match(reply.message)
    return failure(
        _FAULTS[reply.fault],
        f"the implementation crashed: {reply.message}",
        exception=named.group(1) if named and reply.fault in (None, Fault.EXCEPTION) else None,
    )


def answered_invalid(reply: Reply, who: str) -> Failure:
    """A reply holding a value its own dtype cannot hold: a wrong answer, not a crash."""
    return failure(Kind.INVALID, f"{who} answered a wrong value: {reply.invalid}")


def returned(raises: Raises, value: Any, message: str) -> Failure:
    return failure(
        Kind.RETURNED,
        message,
        expected=sorted(k.value for k in raises.kinds),
        got=value_kind(value),
    )


def judge_raised(raises: Raises | None, reply: Reply, what: str) -> Verdict:
    """A call that raised `reply.error`: pass, fail (wrong documented kind) or error."""
    kind, message = reply.error or "?", reply.message
    documented = kind in _DOCUMENTED_KINDS
    raised = f"{what} raised {kind}" + (f" ({message})" if message else "")
    if not documented:
        why = f", but it should raise {raises}" if raises else ": not a documented error kind"
        return _verdict(Outcome.ERROR, failure(Kind.UNDOCUMENTED_ERROR, raised + why, got=kind))
    if raises is None:
        return _verdict(
            Outcome.FAIL, failure(Kind.RAISED, f"{raised}, but it should return a result", got=kind)
        )
    accepted = sorted(k.value for k in raises.kinds)
    if kind not in accepted:
        return _verdict(
            Outcome.FAIL,
            failure(
                Kind.WRONG_ERROR,
                f"{raised}, but it should raise {raises}",
                got=kind,
                expected=accepted,
            ),
        )
    if raises.match and not re.search(raises.match, message):
        return _verdict(
            Outcome.FAIL,
            failure(
                Kind.ERROR_MESSAGE,
                f"{raised}: the message does not match /{raises.match}/",
                got=kind,
            ),
        )
    return Verdict(Outcome.PASS)


def _expectation(case: Case, finished: checks.Finished) -> Failure | None:
    reply = finished.reply
    if case.expectation is Expectation.EXPECT:
        try:
            expected = finished.live.resolved(case.expect)
        except LookupError as error:
            return failure(Kind.TYPE, f"expect: {error}", got=value_kind(reply.value))
        return mismatch(expected, reply.value, case.tol)
    if case.expectation is Expectation.PRINTS:
        return _prints(case.prints or "", reply)
    for number, check in enumerate(case.properties, 1):
        where = f"property {number} (line {check.line}): "
        if check.kind is CheckKind.PIPELINE:
            found = _pipeline(case, check, finished)
        else:
            message = checks.run_check(check, finished, _pipelines_run_above)
            found = message and failure(Kind.PROPERTY, message, check=check.kind.value)
        if found:
            return found.prefixed(where)
    return None


def _pipelines_run_above(check: Check) -> str | None:
    raise AssertionError("pipeline checks are run by execute._pipeline")


def _prints(want: str, reply: Reply) -> Failure | None:
    got = reply.value if isinstance(reply.value, str) else reply.stdout
    if got is None:
        return failure(
            Kind.PRINTED,
            f"expected printed text, got {describe(reply.value)} and no captured output",
            got=value_kind(reply.value),
        )
    if got == want:
        return None
    at = next(
        (i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
        min(len(got), len(want)),
    )
    return failure(
        Kind.PRINTED,
        f"printed text differs at character {at}:\n  got      {got!r}\n  expected {want!r}",
    )


def _effects(case: Case, finished: checks.Finished) -> list[Failure | None]:
    """`mutates`, `returns_arg`, `aliases`: what the main call did to its arguments (as it
    left them, before any pipeline step)."""
    reply = finished.reply
    found: list[Failure | None] = []
    if case.mutates is not None:
        after = reply.args_after
        what = f"mutates: argument {case.mutates.arg}"
        if after is None or case.mutates.arg >= len(after):
            found.append(failure(Kind.MUTATES, f"{what} was not reported after the call"))
        else:
            try:
                want = checks.LiveValues(reply, len(case.args)).resolved(case.mutates.value)
            except LookupError as error:
                found.append(failure(Kind.MUTATES, f"{what}: {error}"))
            else:
                differs = mismatch(want, after[case.mutates.arg])
                found.append(
                    differs
                    and failure(
                        Kind.MUTATES,
                        f"{what} after the call: {differs.message}",
                        differs=differs.kind.value,
                    )
                )
    if case.returns_arg is not None and reply.same_as_arg != case.returns_arg:
        found.append(
            failure(
                Kind.RETURNS_ARG,
                f"returns_arg: the result should be argument {case.returns_arg} itself, "
                f"but it is {_which_arg(reply.same_as_arg)}",
            )
        )
    if case.aliases is not None and finished.adapter.views:  # else: not applicable
        found.append(_aliasing(case, reply))
    return found


def _aliasing(case: Case, reply: Reply) -> Failure | None:
    """`aliases`: the result (or its `component`) shares storage with the argument."""
    part = case.aliases_component
    if part is None:
        shared, what = reply.aliases_arg, "the result"
    else:
        parts = reply.aliases_components or ()
        shared = parts[part] if part < len(parts) else None
        what = f"component {part} of the result"
    if shared == case.aliases:
        return None
    return failure(
        Kind.ALIASES,
        f"aliases: {what} should share storage with argument {case.aliases} (a view), "
        f"but it shares with {_which_arg(shared)}",
    )


def _which_arg(position: int | None) -> str:
    return "no argument (a new object)" if position is None else f"argument {position}"


# --- Pipelines --------------------------------------------------------------------------------


def _pipeline(case: Case, check: Check, finished: checks.Finished) -> Failure | None:
    """Follow-up calls on the live values of the case; the last one meets expect/raises.

    A step's `ref`s name the live values (`checks.LiveValues`): handles of the very objects
    when the adapter keeps values, else the values themselves, re-sent. A step given a
    value by `ref` reports it after the call (`args_after`), and that is what the name
    holds for the later steps and checks."""
    adapter, live = finished.adapter, finished.live
    steps = check.fields["steps"]
    previous: Any = None  # what a step is given for `ref: prev` (a handle, or the value)

    def resolve(ref: v.Ref) -> Any:
        if ref.name == "prev":
            if previous is None:
                raise LookupError("ref prev used in the first step (there is no previous step)")
            return previous
        return _live(ref.name, finished)

    last: Reply | None = None
    for number, step in enumerate(steps, 1):
        try:
            args = tuple(v.replace_refs(a, resolve) for a in step.args)
            kwargs = v.frozen_mapping(
                {k: v.replace_refs(x, resolve) for k, x in step.kwargs.items()}
            )
        except LookupError as error:
            return failure(Kind.PIPELINE_STEP, f"pipeline step {number} ({step.op}): {error}")
        given = {i: a.name for i, a in enumerate(step.args) if isinstance(a, v.Ref)}
        observe = frozenset({Observe.ARGS_AFTER}) if given else frozenset()
        namespace = step.namespace or case.namespace
        last = adapter.call(Request(namespace, step.op, args, kwargs, observe, adapter.handles))
        final = number == len(steps)
        if last.status is Status.UNSUPPORTED:
            raise StepUnsupported(f"pipeline step {number} needs {step.op}: {last.message}")
        if last.status is not Status.RESULT and not (final and last.status is Status.ERROR):
            status = f"{last.status.value} {last.message}"
            return failure(
                Kind.PIPELINE_STEP,
                f"pipeline step {number} ({step.op}) did not return: {status}",
                step=step.op,
            )
        if last.invalid is not None:
            return answered_invalid(last, f"pipeline step {number} ({step.op})")
        if last.status is Status.RESULT:
            after = last.args_after or ()
            for position, name in given.items():
                if position < len(after):
                    live.set(name, after[position])
            kept = adapter.handles and last.kept
            previous = v.Handle(last.kept.result) if kept else last.value
    what = f"pipeline step {len(steps)}"
    if "raises" in check.fields:
        raises = check.fields["raises"]
        if last.status is not Status.ERROR:
            return returned(
                raises,
                last.value,
                f"{what} returned {describe(last.value)}, but should raise {raises}",
            )
        return judge_raised(raises, last, what=what).failure
    if last.status is Status.ERROR:
        return judge_raised(None, last, what=what).failure
    value = last.value
    if "select" in check.fields:
        items = checks.components(value)
        if items is None or check.fields["select"] >= len(items):
            return failure(
                Kind.TYPE,
                f"pipeline: cannot select component {check.fields['select']} of {describe(value)}",
                got=value_kind(value),
                expected="sequence",
            )
        value = items[check.fields["select"]]
    try:
        expected = live.resolved(check.fields["expect"], prev=value)
    except LookupError as error:
        return failure(Kind.TYPE, f"pipeline expect: {error}", got=value_kind(value))
    found = mismatch(expected, value, check.fields.get("tol"))
    return found and found.prefixed("pipeline result: ")


def _live(name: str, finished: checks.Finished) -> Any:
    """What a pipeline step is given for `ref: name`: a handle of the live object when the
    adapter keeps values, else the live value itself (re-sent)."""
    kept = finished.reply.kept if finished.adapter.handles else None
    if not kept:
        return finished.live.get(name)
    if name == "out":
        return v.Handle(kept.result)
    match = _OUT_REF.match(name)
    if match:
        position = int(match.group(1))
        if position >= len(kept.components):
            raise LookupError(f"ref {name}: the result has no component {position}")
        return v.Handle(kept.components[position])
    match = _ARG_REF.match(name)
    position = int(match.group(1))
    if position >= len(kept.args):
        raise LookupError(f"ref {name}: the case has no argument {position}")
    component = None if match.group(2) is None else int(match.group(2))
    return v.Handle(kept.args[position], component)
