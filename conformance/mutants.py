"""`nx-conformance mutants`: what the suite catches, measured with planted backend faults.

    nx-conformance mutants --adapter ocaml-nx [--mutant NAME ...] [--json FILE]
                           [--markdown FILE] [--cap N] [--control] [-j N]

The backend `adapters/ocaml_nx/src/mutants/nx_mutants.ml` is Nx 1.0.0~alpha1's C backend
(`Nx_c`) with one planted fault chosen at start-up by the environment variable
`NX_MUTANT` (one build for all; the adapter `ocaml-nx@1.0.0_alpha1+mutants`, built through
the backend kit). Its table (`NX_MUTANT=list`) names each fault: its family, the backend op
it wraps, what it changes, and the case-id globs that exercise that op's frontend
functions, with a cap.

For each mutant, its cases (the globs, in spec order, at most the cap, less the cases of
the release's skip list, whose outcome changes from run to run) run on the mutant and on
the unmutated backend (the same driver without `NX_MUTANT`), each case in a fresh process
as always. A mutant is KILLED by the first case whose outcome, failure or message (what
was got) differs from the unmutated run's: not compared with the spec alone, since Nx
itself fails many cases, but with Nx's own outcome. A differing case is confirmed by
running it unmutated once more (a case whose unmutated outcome changes is not counted).
`--control` adds the pseudo-mutant `none` (the unmutated backend as a mutant), which
must survive: the comparison itself finds nothing. Exit status 0 when every mutant is
killed, 1 when some survive, 2 on a usage error or when the driver cannot be built.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
import subprocess
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adapters.base import AdapterError
from adapters.protocol import DEFAULT_TIMEOUT, ProtocolAdapter
from conformance import runner
from conformance.cases import Case

RELEASE = "1.0.0_alpha1"
BACKEND = "mutants"
ADAPTERS = ("ocaml-nx", f"ocaml-nx@{RELEASE}", f"ocaml-nx@{RELEASE}+{BACKEND}")
SKIPS = Path(__file__).resolve().parent.parent / "adapters" / "ocaml_nx" / "skips"
CONTROL = {
    "name": "none",
    "family": "control",
    "wraps": "-",
    "changes": "nothing: the unmutated backend, compared with itself",
    "select": [],
    "cap": 0,
}


@dataclass
class Verdict:
    mutant: dict[str, Any]
    cases: int = 0  # cases run on the mutant
    killer: str | None = None  # the first case whose outcome differs
    unmutated: str = ""
    mutated: str = ""
    unstable: list[str] = field(default_factory=list)  # differing, but unstable unmutated

    @property
    def killed(self) -> bool:
        return self.killer is not None

    def to_json(self) -> dict[str, Any]:
        return {
            **{k: self.mutant[k] for k in ("name", "family", "wraps", "changes", "select", "cap")},
            "killed": self.killed,
            "cases": self.cases,
            "killer": self.killer,
            "unmutated": self.unmutated or None,
            "mutated": self.mutated or None,
            "unstable": self.unstable,
        }


def driver() -> Path:
    """The mutant driver, built now if it is not yet (adapters/ocaml_nx)."""
    from adapters import ocaml_nx

    return ocaml_nx.driver_path(f"{RELEASE}+{BACKEND}")


def table(path: Path) -> list[dict[str, Any]]:
    """The driver's table of mutants (NX_MUTANT=list)."""
    done = subprocess.run(
        [str(path)], env=_env("list"), capture_output=True, text=True, timeout=60, check=False
    )
    if done.returncode != 0:
        raise AdapterError(f"{path} with NX_MUTANT=list failed: {done.stderr.strip()[-2000:]}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def _env(mutant: str | None) -> dict[str, str]:
    import os

    env = {k: v for k, v in os.environ.items() if k != "NX_MUTANT"}
    if mutant is not None:
        env["NX_MUTANT"] = mutant
    return env


def adapter(path: Path, mutant: str | None, timeout: float | None = None) -> ProtocolAdapter:
    """The driver with NX_MUTANT set (None: unset), each case in a fresh process."""
    command = shlex.quote(str(path))
    if mutant is not None:
        command = f"env NX_MUTANT={shlex.quote(mutant)} {command}"
    else:
        command = f"env -u NX_MUTANT {command}"
    return ProtocolAdapter(command, timeout=timeout or DEFAULT_TIMEOUT, isolate=True)


def outcome(result) -> str:
    """What a case's run comes to: its outcome, its failure's kind and its message (which
    says what was got); the duration and the like are left out."""
    kind = (result.failure or {}).get("kind")
    text = f"{result.outcome.value}"
    if kind:
        text += f" [{kind}]"
    message = result.message
    if "the implementation crashed" in message:
        # which request it was, the exit status and the stderr tail change from run to run
        message = re.sub(r"\d+", "#", message.splitlines()[0])
    if message:
        text += f": {message}"
    return text


def cases_of(mutant: dict[str, Any], cases: Sequence[Case], cap: int | None) -> list[Case]:
    globs = mutant["select"]
    chosen = [c for c in cases if any(fnmatch.fnmatchcase(c.id, g) for g in globs)]
    limit = mutant["cap"] if cap is None else min(cap, mutant["cap"])
    return chosen[:limit]


class Baseline:
    """The unmutated backend's outcome of each case, run once (per thread adapter)."""

    def __init__(self, path: Path, timeout: float | None):
        self.path, self.timeout = path, timeout
        self.known: dict[str, str] = {}
        self.lock = threading.Lock()
        self.local = threading.local()

    def _adapter(self) -> ProtocolAdapter:
        if not hasattr(self.local, "adapter"):
            self.local.adapter = adapter(self.path, None, self.timeout)
        return self.local.adapter

    def run(self, case: Case, again: bool = False) -> str:
        with self.lock:
            if not again and case.id in self.known:
                return self.known[case.id]
        found = outcome(runner.run_one(case, self._adapter()))
        with self.lock:
            self.known.setdefault(case.id, found)
        return found


def judge(
    mutant: dict[str, Any],
    cases: Sequence[Case],
    baseline: Baseline,
    path: Path,
    timeout: float | None,
) -> Verdict:
    verdict = Verdict(mutant)
    mutated_adapter = adapter(path, mutant["name"], timeout)
    try:
        for case in cases:
            verdict.cases += 1
            mutated = outcome(runner.run_one(case, mutated_adapter))
            unmutated = baseline.run(case)
            if mutated == unmutated:
                continue
            if baseline.run(case, again=True) != unmutated:
                verdict.unstable.append(case.id)
                continue
            verdict.killer, verdict.unmutated, verdict.mutated = case.id, unmutated, mutated
            break
    finally:
        mutated_adapter.close()
    return verdict


def measure(
    mutants: Sequence[dict[str, Any]],
    cases: Sequence[Case],
    path: Path,
    *,
    cap: int | None = None,
    jobs: int = 1,
    timeout: float | None = None,
    control_cases: Sequence[Case] = (),
    say: Callable[[Verdict], None] = lambda verdict: None,
) -> list[Verdict]:
    """Each mutant's verdict, in the order of `mutants` (the control runs `control_cases`)."""
    baseline = Baseline(path, timeout)

    def one(mutant: dict[str, Any]) -> Verdict:
        chosen = control_cases if mutant["name"] == "none" else cases_of(mutant, cases, cap)
        verdict = judge(mutant, chosen, baseline, path, timeout)
        say(verdict)
        return verdict

    if jobs <= 1:
        return [one(m) for m in mutants]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, mutants))


def line(verdict: Verdict) -> str:
    m = verdict.mutant
    said = "KILLED" if verdict.killed else "ALIVE "
    head = f"{said} {m['name']:<28} {m['family']:<15} {m['wraps']:<20}"
    if verdict.killed:
        return f"{head} by {verdict.killer} ({verdict.cases} case(s) run)"
    return f"{head} {verdict.cases} case(s) run, none differs"


def summary(verdicts: Sequence[Verdict]) -> str:
    real = [v for v in verdicts if v.mutant["name"] != "none"]
    killed = sum(v.killed for v in real)
    rate = 100.0 * killed / len(real) if real else 0.0
    text = f"killed {killed} of {len(real)} mutants ({rate:.1f} %)"
    for control in (v for v in verdicts if v.mutant["name"] == "none"):
        text += (
            f"; control 'none' {'KILLED by ' + str(control.killer) if control.killed else 'alive'}"
            f" over {control.cases} case(s)"
        )
    return text


def markdown(verdicts: Sequence[Verdict]) -> str:
    rows = [
        "| mutant | family | wraps | what it changes | result | first case that kills it "
        "| cases run |",
        "|---|---|---|---|---|---|---|",
    ]
    for v in verdicts:
        m = v.mutant
        killer = f"`{v.killer}`" if v.killer else ""
        rows.append(
            f"| `{m['name']}` | {m['family']} | `{m['wraps']}` | {m['changes']} | "
            f"{'killed' if v.killed else '**alive**'} | {killer} | {v.cases} |"
        )
    return "\n".join(rows) + "\n\n" + summary(verdicts) + "\n"


def choose(
    known: Sequence[dict[str, Any]], names: Sequence[str], *, control: bool
) -> list[dict[str, Any]]:
    """The mutants `names` of the driver's table `known` (all of them when none is named;
    `none` is the control), with the control added when `control` asks for it;
    `ValueError` naming the unknown ones."""
    by_name = {m["name"]: m for m in known}
    unknown = [n for n in names if n not in by_name and n != "none"]
    if unknown:
        raise ValueError(f"no mutant {', '.join(unknown)}; known: {', '.join(by_name)}")
    chosen = [by_name[n] if n != "none" else CONTROL for n in names] or list(known)
    if control and all(m["name"] != "none" for m in chosen):
        chosen.append(CONTROL)
    return chosen


def globs(chosen: Sequence[dict[str, Any]]) -> list[str]:
    """The case-id globs of the chosen mutants."""
    return sorted({g for m in chosen for g in m["select"]})


def selected(
    chosen: Sequence[dict[str, Any]], cases: Sequence[Case], cap: int | None
) -> tuple[list[Case], list[Case]]:
    """The cases of the chosen mutants' globs, less the release's skip list, and the
    control's: the first three of each mutant's selection."""
    skip = runner.read_skip_list(SKIPS / f"{RELEASE}.txt")
    kept = [c for c in runner.select(cases, globs(chosen)) if not runner.skip_reason(c, skip)]
    control_cases: list[Case] = []
    for m in chosen:
        for case in cases_of(m, kept, cap)[:3]:
            if case not in control_cases:
                control_cases.append(case)
    return kept, control_cases


def document(verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """Every verdict, as `--json` writes them."""
    return {
        "adapter": f"ocaml-nx@{RELEASE}+{BACKEND}",
        "summary": summary(verdicts),
        "mutants": [v.to_json() for v in verdicts],
    }
