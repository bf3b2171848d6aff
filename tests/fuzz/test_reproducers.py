"""Every reproducer the fuzzer found (tests/fuzz/reproducers/<name>/prog.mlir + inputs.json) passes
on the source interpreter, both golden modes, and Icarus and Verilator (quick builds, ~15 s a
reproducer); the classes worth a kernel are also kernels (kernels/README.md).

A reproducer of a bug not fixed yet has a `KNOWN_BUG` file: a first line `engines: <engine> ...` naming
where it fails, then where the bug is. Its cases on those engines are expected to fail (strict xfail),
so the fix turns them into unexpected passes and the file must go."""

from __future__ import annotations

from pathlib import Path

import pytest

from dfv.runner import run_program

HERE = Path(__file__).parent / "reproducers"
NAMES = sorted(p.name for p in HERE.iterdir() if (p / "prog.mlir").exists())
SIMULATORS = ("icarus", "verilator")


def known_bug(name: str) -> tuple[frozenset[str], str] | None:
    """(the engines it fails on, the first sentence of the diagnosis) of a reproducer with a KNOWN_BUG file."""
    known = HERE / name / "KNOWN_BUG"
    if not known.exists():
        return None
    first, _, rest = known.read_text().partition("\n")
    assert first.startswith("engines: "), f"{known}: the first line must be 'engines: <engine> ...'"
    return frozenset(first.removeprefix("engines: ").split()), rest.split(". ")[0]


def _case(name: str, engine: str | None = None):
    """The parameters of one test of reproducer `name` (on `engine`, or on both simulators when None): a
    strict xfail when its known bug shows there."""
    values = (name,) if engine is None else (name, engine)
    bug, engines = known_bug(name), {engine} if engine else set(SIMULATORS)
    marks = [pytest.mark.xfail(strict=True, reason=f"known bug: {bug[1]}")] if bug and bug[0] & engines else []
    return pytest.param(*values, marks=marks, id="-".join(values))


def test_reproducers_exist():
    assert NAMES, f"no reproducer folders in {HERE}"


@pytest.mark.parametrize(("name", "engine"), [_case(n, e) for n in NAMES for e in ("golden", "golden-unbounded")])
def test_reproducer_passes(name, engine):
    res = run_program(str(HERE / name / "prog.mlir"), None, str(HERE / name / "inputs.json"), engine=engine)
    assert res["status"] == "pass", res["message"]


@pytest.mark.parametrize("name", [_case(n) for n in NAMES])
def test_reproducer_on_both_simulators(name):
    """The generated top of every reproducer passes on Icarus and on Verilator, in the same cycles."""
    runs = {sim: run_program(str(HERE / name / "prog.mlir"), None, str(HERE / name / "inputs.json"), engine=sim)
            for sim in SIMULATORS}
    for sim, res in runs.items():
        assert res["status"] == "pass", f"{sim}: {res['message']}"
    assert runs["icarus"]["cycles"] == runs["verilator"]["cycles"], {s: r["cycles"] for s, r in runs.items()}
