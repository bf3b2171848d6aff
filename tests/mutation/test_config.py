"""configs/mutation.yaml: the schema check and stale waivers, on their own and through the command."""

from __future__ import annotations

from pathlib import Path

import pytest

from dfv.mutate.command import main
from dfv.mutate.config import CONFIG, MutationConfigError, load_config

GOOD = "version: 1\nthreshold: 95\ntimeout: {factor: 4, minimum_seconds: 60}\n"
WAIVER = "waivers:\n  - id: {id}\n    reason: {reason}\n"
FORK_DROP = "handshake_fork_ctrl.drop.26.17"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mutation.yaml"
    path.write_text(text)
    return path


def test_project_config_loads() -> None:
    config = load_config(CONFIG)
    assert 0 < config.threshold <= 100


@pytest.mark.parametrize(("text", "complaint"), [
    ("version: 2\nthreshold: 95\ntimeout: {factor: 4, minimum_seconds: 60}\n", "version must be 1"),
    ("version: 1\nthreshold: 150\ntimeout: {factor: 4, minimum_seconds: 60}\n", "threshold"),
    ("version: 1\nthreshold: 95\n", "timeout"),
    (GOOD + "colour: red\n", "unknown top-level keys"),
    (GOOD + "waivers:\n  - id: x\n", "exactly 'id' and 'reason'"),
    (GOOD + WAIVER.format(id=FORK_DROP, reason="short"), "why the mutant is equivalent"),
    (GOOD + WAIVER.format(id=FORK_DROP, reason="a long enough reason")
     + "  - id: " + FORK_DROP + "\n    reason: the same mutant waived twice\n", "duplicate waiver"),
    ("[1, 2]\n", "mapping"),
])
def test_bad_config(tmp_path: Path, text: str, complaint: str) -> None:
    with pytest.raises(MutationConfigError, match=complaint):
        load_config(_write(tmp_path, text))


def test_stale_waiver(tmp_path: Path) -> None:
    config = load_config(_write(tmp_path, GOOD + WAIVER.format(id="handshake_join.cmp.1.1", reason="no such line")))
    with pytest.raises(MutationConfigError, match=r"match no mutant.*handshake_join\.cmp\.1\.1"):
        config.check_waivers([FORK_DROP])


def test_command_reports_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stale = _write(tmp_path, GOOD + WAIVER.format(id="handshake_join.cmp.1.1", reason="a line that moved away"))
    assert main(["--config", str(stale), "--list"]) == 2
    assert "dfv: error: waivers match no mutant" in capsys.readouterr().err
    assert main(["--module", "no_such_module", "--list"]) == 2
    assert "dfv: error: unknown module 'no_such_module'" in capsys.readouterr().err
    assert main(["--id", "handshake_join.cmp.1.1", "--list"]) == 2
    assert "dfv: error: no such mutant" in capsys.readouterr().err
    waived = _write(tmp_path, GOOD + WAIVER.format(id=FORK_DROP, reason="a waiver that matches a mutant"))
    assert main(["--config", str(waived), "--module", "handshake_fork_ctrl", "--list"]) == 0
    assert FORK_DROP in capsys.readouterr().out


def test_sample_is_fixed(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        assert main(["--sample", "2", "--seed", "7", "--list"]) == 0
        runs.append([ln for ln in capsys.readouterr().out.splitlines() if ln and ln[0].isalpha()])
    assert runs[0] == runs[1]
    per_module: dict[str, int] = {}
    for mutant_id in runs[0]:
        per_module[mutant_id.split(".")[0]] = per_module.get(mutant_id.split(".")[0], 0) + 1
    assert max(per_module.values()) == 2
