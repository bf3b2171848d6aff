"""Shards of the regression: `--shard i/N` runs one deterministic, balanced slice of the job list.

Shards are numbered from 1: `1/4` .. `4/4`, the numbering of a SLURM job array (`--array=1-4`) and of a
GitHub Actions matrix (`shard: [1, 2, 3, 4]`). Jobs that share a build (one parameter set of a suite,
or one kernel's generated top) stay in one shard, so each machine builds a design once. The groups are
dealt largest estimated cost first, each to the shard with the least cost so far (ties: the lower
shard; equal costs: the group key), so the shards' costs differ by at most one group's. Nothing
depends on the machine or on Python's hash seed: only the job list, the group keys and the costs.

Each shard records what it ran in `shard.json` beside its junit.xml (`ShardManifest`); `dfv report
merge` reads them to check that the shards it merges are one complete, disjoint set.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
MANIFEST = "shard.json"


@dataclass(frozen=True)
class ShardSpec:
    """Shard `index` of `count` (1 <= index <= count)."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> ShardSpec:
        """`"2/4"` -> ShardSpec(2, 4); anything else is a ValueError saying what a shard spec is."""
        head, sep, tail = text.strip().partition("/")
        usage = f"bad shard {text!r}: expected I/N with 1 <= I <= N, e.g. 1/4"
        if not sep or not head.isdecimal() or not tail.isdecimal():
            raise ValueError(usage)
        spec = cls(int(head), int(tail))
        if not 1 <= spec.index <= spec.count:
            raise ValueError(usage)
        return spec

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


WHOLE = ShardSpec(1, 1)


def partition(items: Sequence[T], count: int, group: Callable[[T], str],
              cost: Callable[[Sequence[T]], float]) -> list[list[T]]:
    """Split `items` into `count` disjoint lists whose union is `items`, each in the order of `items`.

    Items with the same `group` key go to one list; `cost` estimates the work of a group's items."""
    groups: dict[str, list[T]] = {}
    for item in items:
        groups.setdefault(group(item), []).append(item)
    order = sorted(groups, key=lambda k: (-cost(groups[k]), k))
    loads = [0.0] * count
    owner: dict[str, int] = {}
    for k in order:
        shard = min(range(count), key=lambda s: (loads[s], s))
        owner[k] = shard
        loads[shard] += cost(groups[k])
    shards: list[list[T]] = [[] for _ in range(count)]
    for item in items:
        shards[owner[group(item)]].append(item)
    return shards


def job_list_digest(keys: Sequence[str]) -> str:
    """Identifies an unsharded job list: shards of different lists (configs, filters) cannot merge."""
    return hashlib.sha256("\n".join(keys).encode()).hexdigest()[:16]


class ManifestError(ValueError):
    """A shard.json that is missing or does not follow its schema."""


@dataclass(frozen=True)
class ShardManifest:
    """What one shard ran: simulator, shard, the job list it was cut from, its jobs and their run folders.

    `jobs` are the jobs' keys (`Job.key`), `runs` their run folders relative to the shard's folder, one
    per job in the same order (the jobs of one simulator process name the same folder); `total_jobs` and
    `job_list` (`job_list_digest`) describe the unsharded list."""

    sim: str
    shard: ShardSpec
    total_jobs: int
    job_list: str
    jobs: tuple[str, ...]
    runs: tuple[str, ...]

    def write(self, folder: Path) -> Path:
        path = folder / MANIFEST
        folder.mkdir(parents=True, exist_ok=True)
        doc = {"sim": self.sim, "shard": str(self.shard), "total_jobs": self.total_jobs, "job_list": self.job_list,
               "jobs": list(self.jobs), "runs": list(self.runs)}
        path.write_text(json.dumps(doc, indent=1) + "\n")
        return path

    @classmethod
    def read(cls, folder: Path) -> ShardManifest:
        path = folder / MANIFEST
        try:
            doc = json.loads(path.read_text())
        except OSError:
            raise ManifestError(f"{folder}: no {MANIFEST} (not a regression output folder)") from None
        except json.JSONDecodeError as exc:
            raise ManifestError(f"{path}: not JSON: {exc}") from None
        try:
            manifest = cls(doc["sim"], ShardSpec.parse(doc["shard"]), doc["total_jobs"], doc["job_list"],
                           tuple(doc["jobs"]), tuple(doc["runs"]))
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise ManifestError(f"{path}: invalid: {exc}") from None
        strings = all(isinstance(s, str) for s in (manifest.sim, manifest.job_list, *manifest.jobs, *manifest.runs))
        if not strings or not isinstance(manifest.total_jobs, int) or len(manifest.jobs) != len(manifest.runs):
            raise ManifestError(f"{path}: invalid: expected strings, an integer total_jobs and one run per job")
        return manifest
