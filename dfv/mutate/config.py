"""configs/mutation.yaml: the score threshold, the runaway bound and the waived (equivalent) mutants.

Schema-checked on load. A waiver names one mutant id, quotes the original text the mutant edits (a piece of
its line that covers its column) and says why the mutant is equivalent (no test can tell it from the
original). A waiver whose id matches no generated mutant, or whose quoted text is no longer at the id's line
and column, is an error: an id is `module.operator.line.column`, and when code moves under a waiver another
mutant of the same operator can take that id, so the id alone cannot tell that the waiver went stale.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dfv.mutate.generate import Mutant, id_kind
from dfv.paths import REPO, RTL_DIR

CONFIG = REPO / "configs" / "mutation.yaml"
SCHEMA_VERSION = 1


class MutationConfigError(ValueError):
    """configs/mutation.yaml does not follow its schema, or a waiver is stale."""


@dataclass(frozen=True)
class Waiver:
    """One equivalent mutant: its id, the original text it edits (on its line, covering its column) and why
    it is equivalent."""

    id: str
    text: str
    reason: str

    def still_reads(self, line: str, col: int) -> bool:
        """Whether `line` has this waiver's text at a place that covers `col` (1-based)."""
        start = line.find(self.text)
        while start >= 0:
            if start < col <= start + len(self.text):
                return True
            start = line.find(self.text, start + 1)
        return False


@dataclass(frozen=True)
class Timeout:
    """The runaway bound of one mutant: `factor` x the module's suites on the original RTL, at least
    `minimum` seconds."""

    factor: float
    minimum: float

    def seconds(self, baseline: float) -> float:
        return max(self.minimum, self.factor * baseline)


@dataclass(frozen=True)
class MutationConfig:
    """The whole file: threshold in percent (per module), runaway bound, waivers by id."""

    threshold: float
    timeout: Timeout
    waivers: dict[str, Waiver]

    def check_waivers(self, mutants: Iterable[Mutant], rtl_dir: Path = RTL_DIR) -> None:
        """Raise if a waiver names no mutant among `mutants` (every generated mutant), or its mutant's line no
        longer reads the waiver's text at the mutant's column; each one named with the mutants of the same
        module and operator whose line reads the text there now (where the waived code moved, to re-check)."""
        ms = list(mutants)
        by_id = {m.id: m for m in ms}
        lines: dict[Path, list[str]] = {}

        def line_of(m: Mutant) -> str:
            if m.path not in lines:
                lines[m.path] = (rtl_dir / m.path).read_text().splitlines()
            return lines[m.path][m.line - 1]

        problems = []
        for w in self.waivers.values():
            m = by_id.get(w.id)
            if m is not None and w.still_reads(line_of(m), m.col):
                continue
            now = [c.id for c in ms if id_kind(c.id) == id_kind(w.id) and w.still_reads(line_of(c), c.col)]
            where = ("matches no mutant" if m is None else f"{m.path.name}:{m.line}:{m.col} no longer reads "
                     f"`{w.text}` there (it reads `{line_of(m).strip()}`)")
            moved = f"; its text is now under {', '.join(now)}" if now else "; no mutant of its kind is under its text"
            problems.append(f"waiver {w.id} {where}{moved}")
        if problems:
            raise MutationConfigError("the RTL moved under these waivers (re-check each mutant and update its id):\n  "
                                      + "\n  ".join(problems))


def _require(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise MutationConfigError(f"{where}: {what}")


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def load_config(path: Path = CONFIG) -> MutationConfig:
    """Read and check `path`."""
    try:
        doc = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise MutationConfigError(f"{path}: cannot read: {exc}") from None
    where = str(path)
    _require(isinstance(doc, dict), where, "top level must be a mapping")
    unknown = set(doc) - {"version", "threshold", "timeout", "waivers"}
    _require(not unknown, where, f"unknown top-level keys {sorted(unknown)}")
    _require(doc.get("version") == SCHEMA_VERSION, where, f"version must be {SCHEMA_VERSION}")
    threshold = doc.get("threshold")
    _require(_number(threshold) and 0 <= threshold <= 100, where, "threshold: a percentage 0..100")
    timeout = doc.get("timeout")
    _require(isinstance(timeout, dict) and set(timeout) == {"factor", "minimum_seconds"}, where,
             "timeout: a mapping with exactly 'factor' and 'minimum_seconds'")
    _require(all(_number(v) and v > 0 for v in timeout.values()), where, "timeout: positive numbers")
    waivers = doc.get("waivers") or []
    _require(isinstance(waivers, list), where, "waivers: a list")
    by_id: dict[str, Waiver] = {}
    for i, w in enumerate(waivers):
        at = f"{where}: waivers[{i}]"
        _require(isinstance(w, dict) and set(w) == {"id", "text", "reason"}, at,
                 "must have exactly 'id', 'text' and 'reason'")
        _require(isinstance(w["id"], str) and w["id"].strip() != "", at, "'id' must be a mutant id")
        _require(isinstance(w["text"], str) and w["text"].strip() != "", at,
                 "'text' must quote the original text the mutant edits")
        _require(isinstance(w["reason"], str) and len(w["reason"].strip()) >= 10, at,
                 "'reason' must say why the mutant is equivalent")
        _require(w["id"] not in by_id, at, f"duplicate waiver {w['id']}")
        by_id[w["id"]] = Waiver(w["id"], w["text"], w["reason"].strip())
    return MutationConfig(float(threshold), Timeout(float(timeout["factor"]), float(timeout["minimum_seconds"])),
                          by_id)
