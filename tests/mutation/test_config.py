"""configs/mutation.yaml: the schema check and stale waivers, on their own and through the command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dfv.mutate.command import all_mutants, main
from dfv.mutate.config import CONFIG, MutationConfigError, load_config
from dfv.mutate.generate import generate

GOOD = "version: 1\nthreshold: 95\ntimeout: {factor: 4, minimum_seconds: 60}\n"
#: a waiver of FORK_DROP, quoting its line (handshake_fork_ctrl.sv:26) as the RTL reads it
WAIVER = "waivers:\n  - id: {id}\n    text: 'done[i] = sent_q[i] | out_ready[i];'\n    reason: {reason}\n"
WAIVER_TEXT = "waivers:\n  - id: {id}\n    text: '{text}'\n    reason: equivalent for this test's sake\n"
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
    (GOOD + "waivers:\n  - id: x\n", "exactly 'id', 'text' and 'reason'"),
    (GOOD + "waivers:\n  - id: x\n    text: ''\n    reason: a long enough reason\n", "'text' must quote"),
    (GOOD + WAIVER.format(id=FORK_DROP, reason="short"), "why the mutant is equivalent"),
    (GOOD + WAIVER.format(id=FORK_DROP, reason="a long enough reason")
     + "  - id: " + FORK_DROP + "\n    text: x\n    reason: the same mutant waived twice\n", "duplicate waiver"),
    ("[1, 2]\n", "mapping"),
])
def test_bad_config(tmp_path: Path, text: str, complaint: str) -> None:
    with pytest.raises(MutationConfigError, match=complaint):
        load_config(_write(tmp_path, text))


def test_stale_waiver(tmp_path: Path) -> None:
    config = load_config(_write(tmp_path, GOOD + WAIVER.format(id="handshake_join.cmp.1.1", reason="no such line")))
    with pytest.raises(MutationConfigError, match=r"waiver handshake_join\.cmp\.1\.1 matches no mutant"):
        config.check_waivers(m for ms in all_mutants().values() for m in ms)


def test_command_reports_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stale = _write(tmp_path, GOOD + WAIVER.format(id="handshake_join.cmp.1.1", reason="a line that moved away"))
    assert main(["--config", str(stale), "--list"]) == 2
    err = capsys.readouterr().err
    assert "dfv: error: the RTL moved under these waivers" in err and "handshake_join.cmp.1.1 matches no mutant" in err
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


def test_waiver_on_moved_code(tmp_path: Path) -> None:
    """A waiver whose id still names a mutant but whose line no longer reads its text there (the RTL moved
    under it, and a neighbour's mutant took the id) is refused, naming the line it reads now and the mutant
    now under its text, if any."""
    rtl = tmp_path / "rtl"
    (rtl / "handshake").mkdir(parents=True)
    src = ("module m;\n  logic a, b, c, d, e, f, x, y;\n"
           "  always_comb begin\n    a = b & c;\n    d = e & f;\n  end\nendmodule\n")
    (rtl / "handshake" / "m.sv").write_text(src)
    mutants = generate(rtl / "handshake" / "m.sv", rtl)
    andor = next(m for m in mutants if m.operator.value == "andor" and m.line == 5)
    quoted = "d = e & f;"
    ok = load_config(_write(tmp_path, GOOD + WAIVER_TEXT.format(id=andor.id, text=quoted)))
    ok.check_waivers(mutants, rtl)
    # a line inserted above: `a = b & c;` moves down to line 5, and its mutant takes the waived id, while the
    # waived text is now under the mutant of line 6
    moved = src.replace("  always_comb begin\n", "  always_comb begin\n    x = y;\n")
    (rtl / "handshake" / "m.sv").write_text(moved)
    moved_mutants = generate(rtl / "handshake" / "m.sv", rtl)
    assert andor.id in {m.id for m in moved_mutants}
    with pytest.raises(MutationConfigError, match=rf"waiver {re.escape(andor.id)} m\.sv:5:11 no longer reads "
                                                  r"`d = e & f;` there \(it reads `a = b & c;`\); its text is "
                                                  r"now under m\.andor\.6\.11"):
        ok.check_waivers(moved_mutants, rtl)
    # the waived line gone: nothing is under the text any more
    (rtl / "handshake" / "m.sv").write_text(moved.replace("    d = e & f;\n", ""))
    with pytest.raises(MutationConfigError, match=r"it reads `a = b & c;`\); no mutant of its kind is under"):
        ok.check_waivers(generate(rtl / "handshake" / "m.sv", rtl), rtl)
    # the text must cover the mutant's column, not merely appear on its line
    (rtl / "handshake" / "m.sv").write_text(src)
    elsewhere = load_config(_write(tmp_path, GOOD + WAIVER_TEXT.format(id=andor.id, text="d =")))
    with pytest.raises(MutationConfigError, match="no longer reads `d =` there"):
        elsewhere.check_waivers(mutants, rtl)


def test_project_waivers_read_their_lines() -> None:
    """Every waiver of configs/mutation.yaml quotes its mutant's line as the RTL reads now."""
    load_config(CONFIG).check_waivers(m for ms in all_mutants().values() for m in ms)
