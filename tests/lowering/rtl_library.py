"""The RTL library a generated top.sv is compiled with, and the check that it defines every module the
top instantiates (a wrong module name from `dfv.lowering.topgen` must fail, not skip)."""

from __future__ import annotations

import re

from dfv.sim.toolchain import rtl_sources

# one instance line of `dfv.lowering.topgen.gen_module`: `  <module>[ #(<params>)] u_<instance> (`
INSTANCE = re.compile(r"^  (\w+)(?: #\(.*\))? u_\w+ \($", re.M)
MODULE = re.compile(r"^module\s+(\w+)", re.M)


def rtl_files() -> list[str]:
    """Every file of dfv/rtl/, packages first."""
    return [str(f) for f in rtl_sources()]


def assert_rtl_modules_exist(top: str) -> None:
    """Fail, naming them, if the text of a generated top instantiates modules no file of dfv/rtl/ defines."""
    used = set(INSTANCE.findall(top))
    assert used, "no instance found in top.sv: INSTANCE no longer matches dfv.lowering.topgen's output"
    defined = {m for f in rtl_sources() for m in MODULE.findall(f.read_text())}
    missing = sorted(used - defined)
    assert not missing, f"top.sv instantiates modules that dfv/rtl/ does not define: {missing}"
