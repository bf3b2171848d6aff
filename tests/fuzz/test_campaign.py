"""Fuzz campaigns: outcomes are classified, failures land in the table with a reproducer folder whose
cmd.sh reproduces them, the exit status says whether anything failed, and workers change nothing."""

from __future__ import annotations

import dataclasses
import fcntl
import json
import math
import shlex
import time

import pytest

from dfv.cli import main
from dfv.fuzz.campaign import Config, run_campaign
from dfv.fuzz.execute import Verdict, classify, run_files, run_once, write_program
from dfv.fuzz.gen import generate
from dfv.fuzz.program import Block, Const, Index, Load, MemRef, Param, Program
from dfv.golden.compare import reference_problems
from dfv.lowering.timing_plan import ClockGoal
from dfv.runner import ENGINES, EngineResult, Run


def _right(run: Run, problems: list[str] | None = None) -> EngineResult:
    return EngineResult(list(run.source[0]), dict(run.source[1]), problems or [])


def _wrong_on_stores(run: Run) -> EngineResult:
    """A fake engine with a known bug: every memref argument comes back zeroed when the program stores
    (and, as every engine does, it compares what it got with the reference)."""
    if not any(op.name in ("memref.store", "affine.store") for op in run.prog.src.module.walk()):
        return _right(run)
    mems = {k: [0] * len(v) for k, v in run.source[1].items()}
    return EngineResult(list(run.source[0]), mems,
                        reference_problems("fake", "source interpreter", list(run.source[0]), mems, *run.source))


@pytest.fixture
def fakes(monkeypatch):
    monkeypatch.setitem(ENGINES, "fake-stores", _wrong_on_stores)
    monkeypatch.setitem(ENGINES, "fake-ok", _right)


def _showing_seed(tmp_path) -> int:
    """The first program seed (size 2) on which the fake bug of `_wrong_on_stores` shows."""
    return next(s for s in range(1, 60)
                if run_once(generate(s, 2), "fake-stores", tmp_path / "pick", s, 30).verdict is Verdict.MISMATCH)


def test_an_injected_bug_is_reported_with_its_class_and_reproducer(fakes, tmp_path, monkeypatch):
    cfg = Config(seed=_showing_seed(tmp_path), count=1, size=2, engines=("fake-ok", "fake-stores"), out=tmp_path / "fz",
                 shrink_seconds=10)
    result = run_campaign(cfg)
    failing = [r for r in result.reports if r.outcomes["fake-stores"].verdict is Verdict.MISMATCH]
    assert failing, "the fake bug must show on some of the first programs"
    assert all(r.outcomes["fake-ok"].verdict is not Verdict.MISMATCH for r in result.reports)
    assert result.failures >= len(failing)
    table = result.table()
    row = next(ln for ln in table.splitlines() if ln.startswith("fake-stores"))
    assert row.split()[1] == str(cfg.count) and row.split()[3] == str(len(failing))  # runs, mismatch
    for r in failing:
        (rep,) = r.reproducers
        folder = tmp_path / "fz" / "mismatch" / str(r.seed)
        assert rep.folder == str(folder) and rep.verdict == "mismatch" and rep.engine == "fake-stores"
        assert f"mismatch on fake-stores, seed {r.seed}" in table and str(folder) in table
        assert {f.name for f in folder.iterdir()} == {"prog.mlir", "inputs.json", "orig.mlir", "orig_inputs.json",
                                                       "cmd.sh", "failure.json"}
        info = json.loads((folder / "failure.json").read_text())
        assert info["verified"] and info["class"] == "mismatch"
        assert info["statements"][1] < info["statements"][0]
        # cmd.sh's dfv command reproduces the failure from the folder (in-process: the fake engine exists here)
        cmd = (folder / "cmd.sh").read_text().splitlines()[-1]
        argv = shlex.split(cmd.removeprefix("exec "))
        assert argv[1:4] == ["run", "prog.mlir", "--func"] and "--engine" in argv
        monkeypatch.chdir(folder)
        assert main(argv[1:]) == 1
    summary = json.loads((tmp_path / "fz" / "summary.json").read_text())
    assert summary["failures"] == result.failures
    assert (tmp_path / "fz" / "summary.txt").read_text().strip() == table


@pytest.mark.parametrize(("target", "written"), [(ClockGoal.BEST, "best"), (math.inf, "max"), (120.0, "120")])
def test_the_summary_writes_the_clock_target_as_the_command_line_does(fakes, tmp_path, target, written):
    """summary.json is strict JSON with the target as `--target-mhz` spells it (`best` was an internal error, `max`
    an `Infinity` no JSON reader takes)."""
    run_campaign(Config(seed=1, count=1, size=1, engines=("fake-ok",), out=tmp_path, target_mhz=target))
    text = (tmp_path / "summary.json").read_text()
    assert json.loads(text, parse_constant=lambda c: pytest.fail(f"not JSON: {c}"))["config"]["target_mhz"] == written


def test_no_shrink_saves_the_program_as_generated(fakes, tmp_path):
    seed = _showing_seed(tmp_path)
    result = run_campaign(Config(seed=seed, count=1, size=2, engines=("fake-stores",), out=tmp_path, shrink=False))
    (rep,) = result.reports[0].reproducers
    folder = tmp_path / "mismatch" / str(seed)
    assert (folder / "prog.mlir").read_text() == (folder / "orig.mlir").read_text()
    assert rep.statements[0] == rep.statements[1]


def test_cli_exit_status_and_table(fakes, tmp_path, capsys):
    assert main(["fuzz", "--count", "2", "--size", "1", "--engines", "fake-ok", "--out", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    assert "fake-ok" in out and "programs: 2 (seeds 1..2, size 1)" in out
    seed = _showing_seed(tmp_path)
    assert main(["fuzz", "--seed", str(seed), "--count", "1", "--size", "2", "--engines", "fake-stores",
                 "--out", str(tmp_path / "b"), "--no-shrink"]) == 1
    assert f"mismatch on fake-stores, seed {seed}" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["fuzz", "--engines", "golden,nonesuch"])
    assert exc.value.code == 2
    assert "unknown engine(s) nonesuch" in capsys.readouterr().err


def test_programs_a_circt_engine_cannot_take_are_refused_before_the_campaign(tmp_path, capsys):
    """CIRCT's wheel has no memref dialect and CIRCT no float hardware: a campaign on a CIRCT engine asks for
    --scalar integer programs, else it would report CIRCT's refusals of every program as findings."""
    out = tmp_path / "c"
    assert main(["fuzz", "--count", "1", "--engines", "golden,circt-icarus", "--out", str(out)]) == 2
    assert capsys.readouterr().err == ("dfv: error: circt-icarus take programs without memory (the circt wheel has "
                                       "no memref dialect): add --scalar\n")
    assert main(["fuzz", "--count", "1", "--engines", "circt-verilator", "--scalar", "--floats", "--out",
                 str(out)]) == 2
    assert capsys.readouterr().err == ("dfv: error: circt-verilator take integer programs (CIRCT lowers no float "
                                       "arithmetic to hardware)\n")
    assert not out.exists()


def test_a_second_campaign_in_a_busy_folder_is_refused(fakes, tmp_path, capsys):
    """Two campaigns in one --out would share its work slots and report each other's half-written inputs as
    failures (a golden campaign of 200 programs once reported three false lowering errors that way)."""
    out = tmp_path / "busy"
    out.mkdir()
    with open(out / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # another campaign's hold
        assert main(["fuzz", "--count", "1", "--size", "1", "--engines", "fake-ok", "--out", str(out)]) == 2
    assert capsys.readouterr().err == (f"dfv: error: {out} is in use by another dfv fuzz campaign (they would share "
                                       "its work folders): give this one another --out\n")
    assert main(["fuzz", "--count", "1", "--size", "1", "--engines", "fake-ok", "--out", str(out)]) == 0


def test_workers_give_the_same_outcomes(fakes, tmp_path):
    cfg = Config(seed=20, count=4, size=1, engines=("golden-unbounded", "fake-stores"), out=tmp_path / "one",
                 shrink=False)
    one = run_campaign(cfg)
    two = run_campaign(dataclasses.replace(cfg, jobs=2, out=tmp_path / "two"))
    assert [(r.seed, {e: o.verdict for e, o in r.outcomes.items()}) for r in one.reports] == \
        [(r.seed, {e: o.verdict for e, o in r.outcomes.items()}) for r in two.reports]


# ----------------------------------------------------------------------------------- classification
def test_a_run_past_its_time_bound_is_a_timeout(monkeypatch, tmp_path):
    def slow(run: Run) -> EngineResult:
        time.sleep(5)
        return _right(run)

    monkeypatch.setitem(ENGINES, "fake-slow", slow)
    t0 = time.monotonic()
    out = run_once(generate(1, 1), "fake-slow", tmp_path, 1, 0.5)
    assert out.verdict is Verdict.TIMEOUT and time.monotonic() - t0 < 3


def test_an_engine_exception_is_an_internal_error_with_its_type(monkeypatch, tmp_path):
    def crash(run: Run) -> EngineResult:
        raise KeyError("no such port")

    monkeypatch.setitem(ENGINES, "fake-crash", crash)
    out = run_once(generate(1, 1), "fake-crash", tmp_path, 1, 30)
    assert out.verdict is Verdict.INTERNAL_ERROR and out.kind == "KeyError" and "no such port" in out.message


def _one_load(idx: Index) -> Program:
    return Program([Param("%a", MemRef((4,), "i32")), Param("%n", "index")], [[1, 2, 3, 4], 2],
                   Block([Const("%c", "index", 7), Load("%v", "%a", [idx])], ["%v"]))


def test_a_program_breaking_the_contract_is_generator_invalid(tmp_path):
    out = run_once(_one_load(Index("%c", 0, 0, True)), "golden", tmp_path, 1, 30)
    assert out.verdict is Verdict.GENERATOR_INVALID and "direct index" in out.message
    # the same program past the checker: the source interpreter names the out-of-range index
    mlir, inputs = write_program(_one_load(Index("%c", 0, 0, True)), tmp_path / "raw")
    out = run_files(mlir, inputs, "fuzz", "golden", 1, 30)
    assert out.verdict is Verdict.GENERATOR_INVALID and "out of range" in out.message
    assert str(tmp_path) not in out.message and out.message.startswith("prog.mlir:")
    assert run_once(_one_load(Index("%c")), "golden", tmp_path, 1, 30).verdict is Verdict.PASS


@pytest.mark.parametrize(("message", "verdict"), [
    ("deadlock in the bounded golden run after 60 firings (channel capacities of the generated top); holding "
     "tokens: channel c20 (buffer_59.out -> load_16.data_from_mem)", Verdict.DEADLOCK),
    ("KernelRun: kernel fuzz: deadlock, no progress for 2000 cycles at cycle 812", Verdict.DEADLOCK),
    ("result 0: golden returned None, the source interpreter 3; done fired 0 times (expected 1)", Verdict.DEADLOCK),
    ("result 0: golden returned 4, the source interpreter 3", Verdict.MISMATCH),
    ("memref argument 0: final contents differ from the source interpreter at 1 element(s), first [1]: golden 2, "
     "source interpreter 3", Verdict.MISMATCH),
    ("memref argument 0 (a): mem_req access 3 is load [2], the golden model's order has store [2] = 0x1",
     Verdict.MISMATCH),
    ("1 token(s) [0] stranded in channel c4 (fork_1.out[0] -> sink_2.in) from arith.addi", Verdict.STRANDED),
    ("dataflow.carry carry_3 from scf.for is not in its initial state (state COND)", Verdict.STRANDED),
    ("kernel fuzz: still running after 200000 cycles (a runaway loop?)", Verdict.TIMEOUT),
])
def test_messages_are_classified(message, verdict):
    assert classify(message) is verdict
