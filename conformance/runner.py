"""Running many cases: selection, shards, skip lists, worker processes, streaming.

- `select` keeps the cases whose id matches any glob (`nx.div/*`, `genarray.*`);
  `near_globs` suggests what a glob that matched nothing may have meant.
- `shard` keeps a deterministic 1/N of them, chosen by a hash of the case id, so the
  N shards of a CI matrix partition the cases whatever order they were loaded in.
- A skip list (one id glob per line, `#` comments) turns cases into `skip`.
- `-j N` runs cases on N worker processes, each with its own adapter; one case's
  crash is that case's `error`, and the run goes on. An implementation that cannot run
  at all (`AdapterError`, e.g. a `cmd:` program that cannot start) ends the run, from
  whichever worker finds it first. Ctrl-C ends the run in the parent alone: workers
  ignore it.
"""

from __future__ import annotations

import contextlib
import difflib
import fnmatch
import hashlib
import multiprocessing
import multiprocessing.util
import os
import signal
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from adapters.base import Adapter, AdapterError
from adapters.discovery import load_adapter
from conformance import spec_revision
from conformance.cases import Case
from conformance.execute import Outcome, Verdict, execute
from conformance.failures import Kind, failure
from conformance.results import CaseResult, annotations, call_record, report_value


def select(cases: Iterable[Case], globs: Sequence[str]) -> list[Case]:
    if not globs:
        return list(cases)
    return [c for c in cases if any(fnmatch.fnmatchcase(c.id, g) for g in globs)]


def near_globs(glob: str, cases: Sequence[Case], limit: int = 3) -> list[str]:
    """What a glob that matched no case id may have meant: the ops it names (`nx.add` or
    `add` -> `nx.add/*`), else the ops it nearly names (difflib); for a glob with a case
    part, the ids it is a prefix of or close to."""
    ops: dict[str, str] = {f"{c.namespace}.{c.op}": c.op for c in cases}  # key -> op name
    head, slash, rest = glob.partition("/")
    namespace, dot, _ = head.partition(".")
    namespaces = {c.namespace.lower(): c.namespace for c in cases}
    if dot and namespace not in namespaces.values():
        close = difflib.get_close_matches(namespace.lower(), namespaces, n=limit, cutoff=0.6)
        return [namespaces[ns] + glob[len(namespace) :] for ns in close]
    if slash and head in ops:
        stem = glob.rstrip("*")
        names = [c.id.partition("/")[2] for c in cases if c.id.startswith(head + "/")]
        found = [stem + "*"] if any(f"{head}/{n}".startswith(stem) for n in names) else []
        found += [f"{head}/{n}" for n in difflib.get_close_matches(rest, names, n=limit)]
        found.append(f"{head}/*")
    else:
        found = [k for k, op in ops.items() if fnmatch.fnmatchcase(k, head) or op == head]
        if not found:
            close = set(difflib.get_close_matches(head, list(ops), n=limit, cutoff=0.75))
            close |= set(difflib.get_close_matches(head, set(ops.values()), n=limit, cutoff=0.75))
            found = sorted(k for k, op in ops.items() if k in close or op in close)
        found = [f"{key}/{rest if slash else '*'}" for key in found]
    return list(dict.fromkeys(found))[:limit]


def shard_of(case_id: str, count: int) -> int:
    """The shard (0-based) a case belongs to among `count`."""
    digest = hashlib.sha256(case_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count


def parse_shard(text: str) -> tuple[int, int]:
    """`K/N` with 1 <= K <= N."""
    try:
        k, n = (int(part) for part in text.split("/"))
    except ValueError:
        raise ValueError(f"--shard takes K/N (e.g. 2/4), got {text!r}") from None
    if not (n >= 1 and 1 <= k <= n):
        raise ValueError(f"--shard {text}: need 1 <= K <= N")
    return k, n


def shard(cases: Iterable[Case], k: int, n: int) -> list[Case]:
    return [c for c in cases if shard_of(c.id, n) == k - 1]


@dataclass(frozen=True)
class SkipRule:
    glob: str
    reason: str
    where: str = ""  # path:line of the skip list


def read_skip_list(path: Path) -> list[SkipRule]:
    """One case-id glob per line; text after `#` is the reason."""
    rules = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        glob, _, reason = line.partition("#")
        if glob.strip():
            rules.append(
                SkipRule(
                    glob.strip(), reason.strip() or f"listed in {path.name}", f"{path}:{number}"
                )
            )
    return rules


def unmatched_rules(rules: Sequence[SkipRule], cases: Sequence[Case]) -> list[SkipRule]:
    """The skip-list lines that match no case (a typo, or a case renamed or removed)."""
    return [r for r in rules if not any(fnmatch.fnmatchcase(c.id, r.glob) for c in cases)]


def skip_reason(case: Case, rules: Sequence[SkipRule]) -> str | None:
    return next((r.reason for r in rules if fnmatch.fnmatchcase(case.id, r.glob)), None)


# --- Running ----------------------------------------------------------------------------------


def run_one(case: Case, adapter: Adapter, skip: Sequence[SkipRule] = ()) -> CaseResult:
    """One case to one result; nothing the adapter does escapes."""
    started = time.perf_counter()
    reason = skip_reason(case, skip)
    if reason:
        verdict = Verdict(Outcome.SKIP, reason)
    else:
        try:
            verdict = execute(case, adapter)
        except AdapterError:  # the implementation cannot run at all: the run stops
            raise
        except Exception as error:  # a bug of the runner itself: keep going, say so
            message = f"the runner failed on this case: {type(error).__name__}: {error}"
            verdict = Verdict(Outcome.ERROR, message, failure=failure(Kind.RUNNER, message))
    return CaseResult(
        id=case.id,
        namespace=case.namespace,
        op=case.op,
        section=case.section,
        source=case.source.value if case.source else None,
        basis=case.basis.value,
        cites=tuple(f'{c.at} "{c.quote}"' for c in case.cites),
        dtypes=case.dtypes,
        outcome=verdict.outcome,
        message=verdict.message,
        duration=time.perf_counter() - started,
        file=case.file,
        line=case.line,
        details=_details(case, verdict),
        failure=verdict.failure.to_json() if verdict.failure else None,
        **annotations(case),
    )


def _details(case: Case, verdict: Verdict) -> dict | None:
    if verdict.details is None:
        return None
    try:
        return _encoded_details(case, verdict)
    except (TypeError, ValueError) as error:  # never lose a result over its illustration
        return {"unavailable": f"{type(error).__name__}: {error}"}


def _encoded_details(case: Case, verdict: Verdict) -> dict:
    return {
        "call": call_record(case.namespace, case.op, case.args, case.kwargs),
        "expected": report_value(verdict.details["expected"]),
        "actual": report_value(verdict.details["actual"]),
        "differ": list(verdict.details["differ"]),
        "note": case.note,
    }


_worker_adapter: Adapter | None = None
_worker_failure: AdapterError | None = None
_worker_skip: Sequence[SkipRule] = ()


def _start_worker(
    adapter_name: str,
    skip: Sequence[SkipRule],
    timeout: float | None,
    start_timeout: float | None,
    isolate: bool = False,
) -> None:
    global _worker_adapter, _worker_failure, _worker_skip
    # A handler, not SIG_IGN: programs the worker starts (cmd: drivers) get the default
    # back when they exec, and end on Ctrl-C with the parent.
    signal.signal(signal.SIGINT, _ignore_interrupt)
    # The parent ends the pool with SIGTERM (after Ctrl-C, or when it is terminated itself):
    # the worker ends the programs it started, then itself, without a word.
    signal.signal(signal.SIGTERM, _end_worker)
    _worker_skip = skip
    try:
        _worker_adapter = load_adapter(
            adapter_name, timeout=timeout, start_timeout=start_timeout, isolate=isolate
        )
    except AdapterError as error:  # said by the first case sent here (an initializer
        _worker_failure = error  # that raises would be restarted by the pool forever)
        return
    # Run when the worker exits at the end of a run: no program it started outlives it.
    multiprocessing.util.Finalize(None, _worker_adapter.close, exitpriority=10)


def _ignore_interrupt(signum, frame) -> None:
    """Ctrl-C in a worker: the parent ends the run and the pool."""


def _end_worker(signum, frame) -> None:
    """SIGTERM in a worker: no program it started outlives it (a driver hung in a call
    would otherwise be left to init), and no traceback of a pipe the parent closed."""
    if _worker_adapter is not None:
        with contextlib.suppress(Exception):
            _worker_adapter.close()
    os._exit(0)


def _run_in_worker(case: Case) -> CaseResult:
    if _worker_failure is not None:
        raise _worker_failure
    return run_one(case, _worker_adapter, _worker_skip)


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ignore Ctrl-C while worker processes fork, so that none dies of one before its
    initializer runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def run_cases(
    cases: Sequence[Case],
    adapter_name: str,
    *,
    jobs: int = 1,
    skip: Sequence[SkipRule] = (),
    adapter: Adapter | None = None,
    timeout: float | None = None,
    start_timeout: float | None = None,
    isolate: bool = False,
) -> Iterator[CaseResult]:
    """Results as they finish (in any order when jobs > 1). Raises `AdapterError` when
    the implementation cannot run (at the start, or when it stops answering)."""
    if jobs <= 1 or len(cases) < 2:
        own = adapter or load_adapter(
            adapter_name, timeout=timeout, start_timeout=start_timeout, isolate=isolate
        )
        try:
            for case in cases:
                yield run_one(case, own, skip)
        finally:
            if adapter is None:
                own.close()
        return
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    chunk = max(1, min(64, len(cases) // (jobs * 8) or 1))
    with _interrupts_ignored():
        pool = context.Pool(
            jobs,
            initializer=_start_worker,
            initargs=(adapter_name, tuple(skip), timeout, start_timeout, isolate),
        )
    try:
        yield from pool.imap_unordered(_run_in_worker, cases, chunksize=chunk)
    except BaseException:  # interrupted, or the consumer stopped early: end the workers now
        pool.terminate()
        raise
    # A normal end: every worker takes its sentinel, closes its adapter (the `Finalize` of
    # `_start_worker`) and exits. Not `terminate()`: a SIGTERM that reaches an idle worker
    # just before it blocks on the task queue's lock is taken only when that wait returns,
    # which it never does, and the pool would wait for that worker forever (measured: 1
    # run in 7 under load hung so after its last result).
    pool.close()
    pool.join()


# --- Spec identity ---------------------------------------------------------------------------


def spec_identity(roots: Sequence[str], files: Sequence[str]) -> dict[str, object]:
    """The spec a run used: its roots, the digest of its case files and the revision of
    the spec as committed (`conformance/spec_revision.py`)."""
    return {
        "roots": list(roots),
        "digest": spec_revision.digest(roots, files),
        "revision": spec_revision.revision(Path(roots[0]) if roots else Path.cwd()),
    }


class Progress:
    """`1200/8521 cases, 3 failed, 4 s` on one line of a terminal, redrawn in place.

    Drawn only on a terminal (`enabled`), once the run has lasted `after` seconds (a short
    run prints nothing), at most every `every` seconds; `close` erases it before the
    summary is printed."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        enabled: bool,
        *,
        after: float = 3.0,
        every: float = 0.2,
        clock=time.monotonic,
    ):
        self.total, self.stream, self.enabled = total, stream, enabled and total > 0
        self.after, self.every, self.clock = after, every, clock
        self.started = clock()
        self.drawn: float | None = None  # when the line was last drawn
        self.done = 0
        self.failed = 0

    def update(self, result: CaseResult) -> None:
        self.done += 1
        self.failed += result.outcome in (Outcome.FAIL, Outcome.ERROR)
        if not self.enabled:
            return
        now = self.clock()
        if now - self.started < self.after:
            return
        if self.drawn is not None and now - self.drawn < self.every and self.done < self.total:
            return
        self.drawn = now
        self.stream.write(
            f"\r{self.done}/{self.total} cases, {self.failed} failed, "
            f"{now - self.started:.0f} s\x1b[K"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.drawn is not None:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn = None
