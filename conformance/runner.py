"""Running many cases: selection, shards, skip lists, worker processes, streaming.

- `select` keeps the cases whose id matches any glob (`nx.div/*`, `genarray.*`).
- `shard` keeps a deterministic 1/N of them, chosen by a hash of the case id, so the
  N shards of a CI matrix partition the cases whatever order they were loaded in.
- A skip list (one id glob per line, `#` comments) turns cases into `skip`.
- `-j N` runs cases on N worker processes, each with its own adapter; one case's
  crash is that case's `error`, and the run goes on.
"""

from __future__ import annotations

import fnmatch
import hashlib
import multiprocessing
import subprocess
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from adapters.base import Adapter
from adapters.discovery import load_adapter
from conformance.cases import Case
from conformance.execute import Outcome, Verdict, execute
from conformance.results import CaseResult, call_record, report_value


def select(cases: Iterable[Case], globs: Sequence[str]) -> list[Case]:
    if not globs:
        return list(cases)
    return [c for c in cases if any(fnmatch.fnmatchcase(c.id, g) for g in globs)]


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


def read_skip_list(path: Path) -> list[SkipRule]:
    """One case-id glob per line; text after `#` is the reason."""
    rules = []
    for line in path.read_text(encoding="utf-8").splitlines():
        glob, _, reason = line.partition("#")
        if glob.strip():
            rules.append(SkipRule(glob.strip(), reason.strip() or f"listed in {path.name}"))
    return rules


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
        except Exception as error:  # a bug of the runner itself: keep going, say so
            verdict = Verdict(
                Outcome.ERROR, f"the runner failed on this case: {type(error).__name__}: {error}"
            )
    return CaseResult(
        id=case.id,
        namespace=case.namespace,
        op=case.op,
        section=case.section,
        source=case.source.value if case.source else None,
        dtypes=case.dtypes,
        outcome=verdict.outcome,
        message=verdict.message,
        duration=time.perf_counter() - started,
        file=case.file,
        line=case.line,
        examples=tuple(str(e) for e in case.meta.get("examples", ()) or ()),
        details=_details(case, verdict),
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
_worker_skip: Sequence[SkipRule] = ()


def _start_worker(adapter_name: str, skip: Sequence[SkipRule], timeout: float | None) -> None:
    global _worker_adapter, _worker_skip
    _worker_adapter = load_adapter(adapter_name, timeout=timeout)
    _worker_skip = skip


def _run_in_worker(case: Case) -> CaseResult:
    return run_one(case, _worker_adapter, _worker_skip)


def run_cases(
    cases: Sequence[Case],
    adapter_name: str,
    *,
    jobs: int = 1,
    skip: Sequence[SkipRule] = (),
    adapter: Adapter | None = None,
    timeout: float | None = None,
) -> Iterator[CaseResult]:
    """Results as they finish (in any order when jobs > 1)."""
    if jobs <= 1 or len(cases) < 2:
        own = adapter or load_adapter(adapter_name, timeout=timeout)
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
    with context.Pool(
        jobs, initializer=_start_worker, initargs=(adapter_name, tuple(skip), timeout)
    ) as pool:
        yield from pool.imap_unordered(_run_in_worker, cases, chunksize=chunk)


# --- Spec identity ---------------------------------------------------------------------------


def spec_identity(roots: Sequence[str], files: Sequence[str]) -> dict[str, object]:
    """The spec a run used: its roots, a digest of the case files, and the git revision."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode())
        try:
            digest.update(Path(name).read_bytes())
        except OSError:
            continue
    return {
        "roots": list(roots),
        "digest": digest.hexdigest()[:16],
        "revision": _git_revision(Path(roots[0]) if roots else Path.cwd()),
    }


def _git_revision(path: Path) -> str | None:
    directory = path if path.is_dir() else path.parent
    try:
        out = subprocess.run(
            ["git", "-C", str(directory), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


class Progress:
    """A one-line progress bar on a terminal (nothing otherwise)."""

    def __init__(self, total: int, stream, enabled: bool):
        self.total, self.stream, self.enabled = total, stream, enabled and total > 0
        self.done = 0
        self.failed = 0

    def update(self, result: CaseResult) -> None:
        self.done += 1
        self.failed += result.outcome in (Outcome.FAIL, Outcome.ERROR)
        if not self.enabled or (self.done % 25 and self.done != self.total):
            return
        width = 30
        filled = width * self.done // self.total
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f"  failed {self.failed}"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
