"""CI's mutation sample (the `make mutate-sample` campaign, one module per test so the workers share it):
SAMPLE fixed mutants of every module, drawn with seed SEED from the mutants that are not waived, must
all be killed by the module's regression suites on Icarus. One per module, the first of `make
mutate-sample`'s two (a sample draws its mutants in turn from one seeded generator), so that `make test`
fits CI's time: two took 9 minutes of a fresh clone's run here. A survivor here is a testbench hole (or an
equivalent mutant to prove and waive in configs/mutation.yaml); the full campaign is `make mutate`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dfv.mutate.command import all_mutants, main

SAMPLE, SEED = 1, 1
# The runaway bound of one mutant (the slowest module's suites take about 2 min on Icarus); the
# baseline run that would set it is left out: the regression tests run the unmutated suites.
TIMEOUT_SECONDS = 900


@pytest.mark.parametrize("module", [name for name, ms in all_mutants().items() if ms])
def test_sample_is_killed(module: str, tmp_path: Path) -> None:
    status = main(["--module", module, "--sample", str(SAMPLE), "--seed", str(SEED), "--jobs", "1",
                   "--timeout", str(TIMEOUT_SECONDS), "--out", str(tmp_path / "report"),
                   "--work-dir", str(tmp_path / "work")])
    doc = json.loads((tmp_path / "report" / "summary.json").read_text())
    alive = {m["id"]: m["status"] for m in doc["mutants"] if m["status"] not in ("killed", "timed out")}
    assert not alive, f"{module}: mutants not killed (see `python -m dfv.mutate --id ...`): {alive}"
    assert status == 0
