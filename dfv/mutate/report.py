"""The mutation report: per module killed / timed out / survived / stillborn / waived and the score,
the surviving mutants' diffs in full; printed, and written to reports/mutation/ (summary.txt and
summary.json). `read_summary` reads summary.json back for other reports (the signoff report), so its
layout is defined in this module only.

score = (killed + timed out) / (mutants - waived - stillborn), checked per module against the
threshold of configs/mutation.yaml; a module with nothing to score (no mutants run) passes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dfv.mutate.runner import Outcome
from dfv.mutate.worker import Status
from dfv.sim.progress import elapsed_text
from dfv.sim.tables import format_table


@dataclass(frozen=True)
class ModuleScore:
    """The counts of one module's mutants by status."""

    module: str
    counts: dict[Status, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def scored(self) -> int:
        """Mutants that count: neither waived nor stillborn."""
        return self.total - self.counts[Status.WAIVED] - self.counts[Status.STILLBORN]

    @property
    def score(self) -> float | None:
        """Percent killed (timed out included) of the scored mutants; None when none is scored."""
        if not self.scored:
            return None
        return 100.0 * (self.counts[Status.KILLED] + self.counts[Status.TIMED_OUT]) / self.scored

    def passes(self, threshold: float) -> bool:
        return not self.counts[Status.ERROR] and (self.score is None or self.score >= threshold)


def module_scores(outcomes: Sequence[Outcome]) -> list[ModuleScore]:
    """One score per module, by module name."""
    counts: dict[str, Counter[Status]] = {}
    for o in outcomes:
        counts.setdefault(o.mutant.module, Counter())[o.status] += 1
    return [ModuleScore(mod, {s: c[s] for s in Status}) for mod, c in sorted(counts.items())]


def _table(scores: Sequence[ModuleScore], threshold: float) -> str:
    cols = (Status.KILLED, Status.TIMED_OUT, Status.SURVIVED, Status.STILLBORN, Status.WAIVED, Status.ERROR)
    rows = [("module", "mutants", *(s.value for s in cols), "score", "")]
    for ms in scores:
        score = "-" if ms.score is None else f"{ms.score:.1f}%"
        rows.append((ms.module, str(ms.total), *(str(ms.counts[s]) for s in cols), score,
                     "ok" if ms.passes(threshold) else "BELOW"))
    return format_table(rows)


def format_summary(outcomes: Sequence[Outcome], threshold: float, header: str, wall_seconds: float) -> str:
    """The table, the survivors with their diffs, then timeouts, stillborn mutants and errors."""
    scores = module_scores(outcomes)
    failing = [ms.module for ms in scores if not ms.passes(threshold)]
    parts = [header, "", _table(scores, threshold), "",
             f"{len(outcomes)} mutants in {elapsed_text(wall_seconds)}; threshold {threshold:g}% per module: "
             + (f"{len(failing)} module(s) below: {', '.join(failing)}" if failing else "every module meets it")]
    survivors = [o for o in outcomes if o.status is Status.SURVIVED]
    if survivors:
        parts += ["", f"Survivors ({len(survivors)}):"]
        parts += [f"\n{o.mutant.id}\n{o.mutant.diff.rstrip()}" for o in survivors]
    for status in (Status.TIMED_OUT, Status.STILLBORN, Status.ERROR):
        listed = [o for o in outcomes if o.status is status]
        if listed:
            parts += ["", f"{status.value.capitalize()} ({len(listed)}):"]
            parts += [f"  {o.mutant.id}: {o.verdict.message.splitlines()[0] if o.verdict.message else ''}"
                      for o in listed]
    return "\n".join(parts)


@dataclass(frozen=True)
class Selection:
    """Which mutants a campaign ran: all of them (`full`), a sample of `sample` per module drawn with
    `seed`, or a hand-picked set (`--module` / `--id`: neither full nor a sample)."""

    full: bool
    sample: int | None = None
    seed: int | None = None

    def describe(self) -> str:
        if self.sample is not None:
            return f"sample of {self.sample} per module, seed {self.seed}"
        return "every mutant" if self.full else "a selection (--module / --id)"


def to_json(outcomes: Sequence[Outcome], threshold: float, sim: str, wall_seconds: float,
            selection: Selection, inputs_digest: str) -> dict:
    """The machine-readable report: what ran and on which sources, per-module counts and scores,
    every mutant's outcome."""
    return {
        "simulator": sim,
        "threshold": threshold,
        "wall_seconds": round(wall_seconds, 1),
        "selection": {"full": selection.full, "sample": selection.sample, "seed": selection.seed},
        "inputs_digest": inputs_digest,
        "modules": {ms.module: {"counts": {s.value: n for s, n in ms.counts.items()}, "score": ms.score,
                                "passes": ms.passes(threshold)} for ms in module_scores(outcomes)},
        "mutants": [{"id": o.mutant.id, "module": o.mutant.module, "operator": o.mutant.operator.value,
                     "line": o.mutant.line, "col": o.mutant.col, "status": o.status.value, "test": o.verdict.test,
                     "message": o.verdict.message, "seconds": round(o.seconds, 1), "diff": o.mutant.diff}
                    for o in outcomes],
    }


@dataclass(frozen=True)
class ModuleResult:
    """One module's line of a campaign read back: counts by status, score (None: nothing scored) and
    whether it meets the campaign's threshold."""

    counts: dict[Status, int]
    score: float | None
    passes: bool


@dataclass(frozen=True)
class MutationSummary:
    """summary.json read back."""

    simulator: str
    threshold: float
    selection: Selection
    inputs_digest: str
    modules: dict[str, ModuleResult]


class SummaryError(ValueError):
    """summary.json is missing a field or was written by an older version of the tool."""


def read_summary(path: Path) -> MutationSummary:
    """summary.json as written by `write_reports` (`to_json`)."""
    try:
        doc = json.loads(path.read_text())
        sel = doc["selection"]
        return MutationSummary(
            simulator=doc["simulator"], threshold=float(doc["threshold"]),
            selection=Selection(bool(sel["full"]), sel["sample"], sel["seed"]),
            inputs_digest=doc["inputs_digest"],
            modules={name: ModuleResult({s: int(m["counts"][s.value]) for s in Status}, m["score"], bool(m["passes"]))
                     for name, m in doc["modules"].items()})
    except (KeyError, TypeError, ValueError) as exc:
        raise SummaryError(f"{path}: not a mutation summary of this version ({type(exc).__name__}: {exc}); "
                           f"run `make mutate`") from exc


def write_reports(out_dir: Path, summary: str, doc: dict) -> None:
    """summary.txt and summary.json under `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "summary.txt").write_text(summary + "\n")
    (out_dir / "summary.json").write_text(json.dumps(doc, indent=1) + "\n")
