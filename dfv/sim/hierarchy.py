"""Which hand-written RTL modules instantiate which: the files a build of one module needs, and the
modules built around another. One reading of the RTL text for the formal flow, mutation testing and
fpcheck, so they agree on the hierarchy.

A module instantiates another when a line of its text starts with the other's name followed by a
parameter list (`name #(`) or an instance name (`name u_x (`); comments that mention a module do not
count. Every module is one file named like it (packages, `*_pkg.sv`, are left out of the hierarchy).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from dfv.paths import RTL_DIR
from dfv.sim.toolchain import rtl_sources


def module_files(rtl_dir: Path = RTL_DIR) -> dict[str, Path]:
    """Every module under `rtl_dir` (a tree laid out like dfv/rtl/) and its file; packages left out."""
    return {src.stem: rtl_dir / src.relative_to(RTL_DIR) for src in rtl_sources() if not src.name.endswith("_pkg.sv")}


@cache
def instantiates() -> dict[str, frozenset[str]]:
    """For each module of dfv/rtl/, the modules its text instantiates directly."""
    files = module_files()
    uses = {}
    for name, path in files.items():
        text = path.read_text()
        uses[name] = frozenset(m for m in files if m != name
                               and re.search(rf"^\s*{m}\b\s*(#|\w+\s*\()", text, re.MULTILINE))
    return uses


def inside(top: str) -> set[str]:
    """`top` and every module it contains, however deep."""
    found, todo = set(), [top]
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += instantiates()[name]
    return found


def users(module: str) -> set[str]:
    """`module` and every module that contains it, however deep."""
    return {outer for outer in instantiates() if module in inside(outer)}


def needed_sources(top: str, rtl_dir: Path = RTL_DIR) -> list[Path]:
    """The files a build of `top` reads, from `rtl_dir`: the packages first, then its own and those of the
    modules it instantiates (transitively)."""
    wanted = inside(top)
    return [rtl_dir / p.relative_to(RTL_DIR) for p in rtl_sources()
            if p.stem in wanted or p.name.endswith("_pkg.sv")]
