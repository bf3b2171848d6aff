"""Every reproducer the fuzzer found (tests/fuzz/reproducers/<name>/prog.mlir + inputs.json) passes
on the source interpreter, both golden modes, and Icarus and Verilator (quick builds, ~15 s a
reproducer); the classes worth a kernel are also kernels (kernels/README.md).

A reproducer of a bug not fixed yet has a `KNOWN_BUG` file saying where the bug is: its cases are
expected to fail (strict xfail), so the fix turns them into an unexpected pass and the file must go."""

from __future__ import annotations

from pathlib import Path

import pytest

from dfv.runner import run_program

HERE = Path(__file__).parent / "reproducers"
NAMES = sorted(p.name for p in HERE.iterdir() if (p / "prog.mlir").exists())


def _case(name: str):
    known = HERE / name / "KNOWN_BUG"
    if not known.exists():
        return name
    first_sentence = known.read_text().split(". ")[0]
    return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=f"known bug: {first_sentence}"))


CASES = [_case(n) for n in NAMES]


def test_reproducers_exist():
    assert NAMES, f"no reproducer folders in {HERE}"


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("name", CASES)
def test_reproducer_passes(name, engine):
    res = run_program(str(HERE / name / "prog.mlir"), None, str(HERE / name / "inputs.json"), engine=engine)
    assert res["status"] == "pass", res["message"]


@pytest.mark.parametrize("name", CASES)
def test_reproducer_on_both_simulators(name):
    """The generated top of every reproducer passes on Icarus and on Verilator, in the same cycles."""
    runs = {sim: run_program(str(HERE / name / "prog.mlir"), None, str(HERE / name / "inputs.json"), engine=sim)
            for sim in ("icarus", "verilator")}
    for sim, res in runs.items():
        assert res["status"] == "pass", f"{sim}: {res['message']}"
    assert runs["icarus"]["cycles"] == runs["verilator"]["cycles"], {s: r["cycles"] for s, r in runs.items()}
