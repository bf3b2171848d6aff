"""Every reproducer the fuzzer found (tests/fuzz/reproducers/<name>/prog.mlir + inputs.json) passes
on the source interpreter and both golden modes; the RTL runs them in the regression's kernel
suite where they are also kernels (kernels/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dfv.runner import run_program

HERE = Path(__file__).parent / "reproducers"
CASES = sorted(p.name for p in HERE.iterdir() if (p / "prog.mlir").exists())


def test_reproducers_exist():
    assert CASES, f"no reproducer folders in {HERE}"


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("name", CASES)
def test_reproducer_passes(name, engine):
    res = run_program(str(HERE / name / "prog.mlir"), None, str(HERE / name / "inputs.json"), engine=engine)
    assert res["status"] == "pass", res["message"]
