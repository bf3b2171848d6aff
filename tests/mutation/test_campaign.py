"""One small campaign end to end on Icarus: two mutants of handshake_fork_ctrl, in a private work
folder, reported in the table and the JSON with the test that killed them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dfv.mutate.command import main
from dfv.mutate.suites import write_tree
from dfv.mutate.worker import Status, evaluate
from dfv.paths import RTL_DIR

INVERTED_VALID = "handshake_fork_ctrl.not.25.33"    # out_valid[i] = in_valid & sent_q[i]
STUCK_SENT = "handshake_fork_ctrl.stuck.36.31"      # sent flags never cleared: if (in_ready) sent_q <= sent_q


@pytest.mark.xdist_group("mutation")
def test_small_campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report"
    status = main(["--id", INVERTED_VALID, "--id", STUCK_SENT, "--timeout", "300", "--jobs", "1",
                   "--out", str(out), "--work-dir", str(tmp_path / "work")])
    printed = capsys.readouterr().out
    doc = json.loads((out / "summary.json").read_text())
    verdicts = {m["id"]: m for m in doc["mutants"]}
    assert set(verdicts) == {INVERTED_VALID, STUCK_SENT}
    for mutant_id in verdicts:
        assert verdicts[mutant_id]["status"] == "killed", verdicts[mutant_id]
        assert "::" in verdicts[mutant_id]["test"]  # suite[params]::Test seed N on SIM
    assert verdicts[INVERTED_VALID]["test"].startswith("handshake_fork_ctrl[N=1]::")
    assert doc["modules"]["handshake_fork_ctrl"]["score"] == 100.0
    assert status == 0
    assert "handshake_fork_ctrl" in printed and "100.0%" in printed
    assert (out / "summary.txt").read_text().strip() == printed.strip()


def test_stillborn(tmp_path: Path) -> None:
    """A mutant that does not compile is stillborn, with the compiler's complaint, and is never run."""
    rel = Path("handshake/handshake_join.sv")
    text = (RTL_DIR / rel).read_text().replace("out_valid = &in_valid;", "out_valid = &in_valid +;")
    write_tree(tmp_path, {rel: text})
    verdict = evaluate("handshake_join", tmp_path, "icarus")
    assert verdict.status is Status.STILLBORN
    assert verdict.message.startswith("verilator handshake_join_harness__N2")  # the suite's build: its harness
    assert not (tmp_path / "runs").exists()


PAST_THE_END = "handshake_mux_ctrl.obo.52.23"  # `i <= N` in the select loop: reads p[N] and in_valid[N]


@pytest.mark.xdist_group("mutation")
def test_both_simulators_judge(tmp_path: Path) -> None:
    """A mutant that reads past a vector is X on Icarus (its `if` is not taken, nothing differs) and a
    definite value on Verilator (the mux deadlocks): `--sim icarus` lets it through, `--sim both`
    (the default, as the regression runs on both) kills it on Verilator."""
    verdicts = {}
    for sim in ("icarus", "both"):
        out = tmp_path / sim
        main(["--id", PAST_THE_END, "--sim", sim, "--timeout", "600", "--jobs", "1", "--out", str(out),
              "--work-dir", str(tmp_path / "work")])
        verdicts[sim] = json.loads((out / "summary.json").read_text())["mutants"][0]
    assert verdicts["icarus"]["status"] == "survived"
    assert verdicts["both"]["status"] == "killed"
    assert verdicts["both"]["test"].endswith(" on verilator")
    assert "deadlock" in verdicts["both"]["message"]
