"""Which regression suites run a module's mutants, and where a mutant's private RTL tree lives.

A module's mutants run against every suite of configs/regression.yaml whose top-level module is the
module or instantiates it (directly or through others): its own suites first, then those of the
modules built around it (a `_ctrl` core is exercised at its wrappers' wider parameters too).
Kernel suites are left out: whole programs take minutes, and every module has its own suite.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from dfv.paths import BUILD_DIR, RTL_DIR
from dfv.sim.build import BuildSpec
from dfv.sim.hierarchy import module_files, users
from dfv.sim.regress import Job, load_jobs
from dfv.sim.toolchain import rtl_sources

MUTATE_DIR = BUILD_DIR / "mutate"


class UnknownModuleError(ValueError):
    """A module name that no file under dfv/rtl/ declares."""


def module_jobs(module: str) -> list[Job]:
    """The regression jobs (suite, parameter set, seed) that build `module`: its own suites first, and
    within them every parameter set at the first seed before any at the next (a mutant in code one
    parameter set selects dies sooner)."""
    if module not in module_files():
        raise UnknownModuleError(f"unknown module '{module}' (modules: {', '.join(sorted(module_files()))})")
    around = users(module)
    jobs = [j for j in load_jobs() if j.kernel is None and j.toplevel in around]
    return sorted(jobs, key=lambda j: (j.toplevel != module, j.seed))


def tree_spec(job: Job, root: Path) -> BuildSpec:
    """`job`'s build from the private tree under `root` (sources in root/rtl, builds in root/<sim>).

    Without code coverage and at -O0 (Verilator): a mutant's build is used once, so compiling it fast
    matters more than simulating it fast, and coverage is not what the run measures.
    """
    return replace(job.spec, rtl_dir=root / "rtl", build_root=root, coverage=False, optimize=False)


def write_tree(root: Path, files: dict[Path, str]) -> None:
    """Make root/rtl a copy of dfv/rtl/ with `files` (paths relative to dfv/rtl/) replaced by the given text.

    Files already equal are left untouched, so their timestamps, and the builds on them, stay valid.
    """
    for src in rtl_sources():
        rel = src.relative_to(RTL_DIR)
        dst = root / "rtl" / rel
        text = files.get(rel)
        if text is None:
            if not dst.exists() or dst.read_bytes() != src.read_bytes():
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
        elif not dst.exists() or dst.read_text() != text:
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_text(text)
