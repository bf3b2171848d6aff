"""`make timing` (dfv.timing): the configuration and its goals, the registered wrapper, and a small sample of the
flow on the real tools: a module whose critical path must be its adder's line, a kernel whose path must
name the program's operations, a missed goal (exit 1), a tool failure and a tool over its bound, each named,
and a target with no logic (not placed, and why).
The full run is `make timing`."""

from __future__ import annotations

import argparse
import dataclasses
import math
from pathlib import Path

import pytest

from dfv.args import Parser
from dfv.lowering.parse import parse_file
from dfv.lowering.pipeline import lower_program
from dfv.lowering.timing_plan import ClockGoal
from dfv.sim.hierarchy import needed_sources
from dfv.timing import command, flow
from dfv.timing.config import CONFIG, TargetKind, TimingConfigError, load_config
from dfv.timing.flow import Placement, TimingResult, time_target
from dfv.timing.report import format_model, format_rows, model_errors, read_summary
from dfv.timing.targets import Target, data_width, kernel_target, module_label
from dfv.timing.wrapper import Direction, Port, gen_wrapper

pytestmark = pytest.mark.xdist_group("timing")  # one worker: each run keeps a core busy
CFG = load_config()
ONE_SEED = (1,)


def binop(op: int, w: int) -> Target:
    return Target(f"arith_binop[OP={op},W={w}]", "arith_binop", (("OP", op), ("W", w)),
                  tuple(needed_sources("arith_binop")), TargetKind.INTEGER, w)


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_goal_is_the_first_matching_rule():
    assert CFG.goal(TargetKind.INTEGER, 32) == 250 and CFG.goal(TargetKind.INTEGER, 64) == 150
    assert CFG.goal(TargetKind.FLOAT, 32) == 150 and CFG.goal(TargetKind.FLOAT, 64) == 100
    assert CFG.goal(TargetKind.KERNEL, 64) == 150


def test_widths_of_integer_and_float_parameters():
    assert data_width({"OP": 2, "W": 32}) == 32 and data_width({}) == 1
    assert data_width({"EW": 11, "FW": 52}) == 64 and data_width({"IEW": 8, "IFW": 23, "OEW": 5, "OFW": 10}) == 32
    assert data_width({"EW": 8, "FW": 23, "IW": 64}) == 64


def test_a_bad_configuration_names_the_key(tmp_path: Path):
    bad = tmp_path / "timing.yaml"
    bad.write_text(CONFIG.read_text().replace("kind: kernel", "kind: fpga"))
    with pytest.raises(TimingConfigError, match=r"goals/0/kind: 'fpga' is not one of"):
        load_config(bad)


def test_the_placement_is_timing_driven_at_the_configurations_weight(tmp_path: Path, monkeypatch):
    """nextpnr places with configs/timing.yaml's placer_timing_weight (its default, 10, placed the kernels slower:
    docs/timing.md); the weight is a whole number, 0 or more."""
    weight = CFG.placer_timing_weight
    assert weight > 10
    seen: list[list[str]] = []

    class Stop(Exception):
        pass

    def tool(cmd, *args):
        seen.append(cmd)
        raise Stop

    monkeypatch.setattr(flow, "run_tool", tool)
    with pytest.raises(Stop):
        flow.place(binop(0, 8), tmp_path, 1, CFG, gen_wrapper("m", (), [], "m"))
    (cmd,) = seen
    assert cmd[0].endswith("nextpnr-ecp5") and cmd[cmd.index("--placer-heap-timingweight") + 1] == str(weight)
    bad = tmp_path / "bad.yaml"
    bad.write_text(CONFIG.read_text().replace(f"placer_timing_weight: {weight}", "placer_timing_weight: -1"))
    with pytest.raises(TimingConfigError, match=r"placer_timing_weight: -1 is less than the minimum of 0"):
        load_config(bad)


def _clock(args: list[str], cfg=CFG) -> float | None:
    parser = Parser()
    command.add_arguments(parser)
    return command.lowering_target(parser.parse_args(args), cfg)


def test_the_kernels_clock_is_the_configurations_unless_given(tmp_path: Path):
    """make timing lowers the kernels for kernel_target_mhz (make bench counts the cycles of the same circuits);
    --target-mhz overrides it, `none` lowers them without slices."""
    assert CFG.kernel_target_mhz == CFG.goal(TargetKind.KERNEL, 32) == 150
    assert _clock([]) == 150 and _clock(["--target-mhz", "120"]) == 120
    assert _clock(["--target-mhz", "none"]) is None and math.isinf(_clock(["--target-mhz", "max"]))
    with pytest.raises(argparse.ArgumentTypeError, match=r"^invalid clock target 'fast' \(MHz, max, best or none\)$"):
        command.clock_arg("fast")
    with pytest.raises(argparse.ArgumentTypeError, match=r"^clock target must be 1\.\.1000 MHz, max, best or none, "
                                                              r"got 0$"):
        command.clock_arg("0")
    assert _clock(["--target-mhz", "best"]) is ClockGoal.BEST
    for value, want in (("null", None), ("max", math.inf), ("best", ClockGoal.BEST), ("200", 200.0)):
        cfg = tmp_path / f"{value}.yaml"
        cfg.write_text(CONFIG.read_text().replace("kernel_target_mhz: 150", f"kernel_target_mhz: {value}"))
        assert load_config(cfg).kernel_target_mhz == want and _clock([], load_config(cfg)) == want
    bad = tmp_path / "bad.yaml"
    bad.write_text(CONFIG.read_text().replace("kernel_target_mhz: 150", "kernel_target_mhz: 0"))
    with pytest.raises(TimingConfigError, match=r"kernel_target_mhz: 0 is less than the minimum of 1.0"):
        load_config(bad)


def test_wrapper_registers_every_port_and_names_its_bits():
    ports = [Port("clk", Direction.INPUT, 1), Port("rst", Direction.INPUT, 1), Port("a_data", Direction.INPUT, 8),
             Port("a_valid", Direction.INPUT, 1), Port("a_ready", Direction.OUTPUT, 1),
             Port("o_data", Direction.OUTPUT, 4)]
    w = gen_wrapper("m", (("W", 8), ("INIT", 2**40 + 1)), ports, "m[W=8]")
    assert ".clk(clk)" in w.text and ".rst(rst_q)" in w.text
    assert ".a_data(in_q[7:0])" in w.text and ".a_valid(in_q[8:8])" in w.text
    assert ".a_ready(out_d[0:0])" in w.text and ".o_data(out_d[4:1])" in w.text
    assert ".INIT(42'd1099511627777)" in w.text  # wider than 32 bits: sized
    assert w.signal("in_q", 3) == "a_data[3]" and w.signal("in_q", 8) == "a_valid"
    assert w.signal("out_d", 2) == "o_data[1]" and w.signal("out_d", 5) is None


def test_adder_path_is_named_by_its_ports_and_line(tmp_path: Path):
    r = time_target(binop(0, 64), CFG, tmp_path, ONE_SEED)
    assert r.error is None, r.error
    assert r.area is not None and r.area.carries >= 32  # the 64-bit sum on the carry chain, 2 bits a cell
    (p,) = r.placements
    assert 20 < p.fmax_mhz < 1000
    add = line_of(needed_sources("arith_binop")[-1], "result_data = lhs_data + rhs_data")
    assert f"arith_binop.sv:{add}" in p.path.sources, p.path.describe()
    assert p.path.start.startswith(("input lhs_data[", "input rhs_data[")), p.path.describe()
    assert p.path.end.startswith("output result_data["), p.path.describe()
    assert r.goal_mhz == 150 and r.met is (r.fmax_mhz >= 150)


def test_a_deep_fifo_is_kept_in_lut_ram_not_a_block_ram(tmp_path: Path):
    """A FIFO of 42 x 32 bits (affine_stencil's deepest) is where Yosys would reach for a DP16KD, whose read
    without its output register is a 5.83 ns path from the clock; handshake_fifo asks for distributed RAM."""
    params = (("DEPTH", 42), ("W", 32))
    fifo = Target(module_label("handshake_fifo", params), "handshake_fifo", params,
                  tuple(needed_sources("handshake_fifo")), TargetKind.INTEGER, data_width(dict(params)))
    folder = tmp_path / "fifo"
    folder.mkdir()
    area, _ = flow.synthesize(fifo, folder, CFG)
    assert area.brams == 0, area
    assert area.lutrams >= 24, area  # 3 banks of 16 words, 8 four-bit slices wide


def test_kernel_path_names_the_program_operations(tmp_path: Path):
    target = kernel_target("dot_product")
    r = time_target(target, CFG, tmp_path, ONE_SEED)
    assert r.error is None, r.error
    (p,) = r.placements
    assert p.path.instances, p.path.describe()
    assert all(" at kernels/dot_product.mlir:" in i for i in p.path.instances), p.path.instances
    assert r.area is not None and r.area.ffs > 0


def test_a_missed_goal_exits_1_and_the_report_reads_back(tmp_path: Path):
    cfg = tmp_path / "timing.yaml"
    cfg.write_text(CONFIG.read_text().replace("{kind: integer, max_width: 32, mhz: 250}",
                                              "{kind: integer, max_width: 32, mhz: 5000}"))
    status = command.main(["--module", "handshake_join", "--seed", "1", "--config", str(cfg),
                           "--out", str(tmp_path / "report"), "--work-dir", str(tmp_path / "work")])
    assert status == 1
    text = (tmp_path / "report" / "summary.txt").read_text()
    assert "handshake_join[N=2]" in text and "MISSED" in text
    settings, (res,) = read_summary(tmp_path / "report" / "summary.json")
    assert res.met is False and res.goal_mhz == 5000 and not settings.full
    # read back in full: area, placement and its critical path
    assert res.area is not None and res.placements[0].path is not None
    assert res.placements[0].path.describe() in text


def test_a_tool_failure_is_named(tmp_path: Path):
    broken = tmp_path / "broken_top.sv"
    broken.write_text("module broken_top (input logic clk, output logic o);\n  assign o = ;\nendmodule\n")
    target = Target("broken_top", "broken_top", (), (broken,), TargetKind.INTEGER, 1)
    r = time_target(target, CFG, tmp_path / "work", ONE_SEED)
    assert r.error is not None and r.error.startswith("broken_top: Yosys (the target alone) failed"), r.error
    assert "broken_top.sv:2" in r.error and r.met is False


def test_a_target_without_logic_is_not_placed_and_says_why(tmp_path: Path):
    # handshake_sink: in_ready is the constant 1 and nothing else leaves it, so synthesis keeps no cell and
    # nextpnr would report no Fmax for the wrapper's clock: no placement, no verdict, the reason in the report
    status = command.main(["--module", "handshake_sink_ctrl", "--seed", "1", "--out", str(tmp_path / "report"),
                           "--work-dir", str(tmp_path / "work")])
    assert status == 0
    text = (tmp_path / "report" / "summary.txt").read_text()
    assert "handshake_sink_ctrl: no logic after synthesis: no path between its ports to time" in text
    _, (res,) = read_summary(tmp_path / "report" / "summary.json")
    assert res.area is not None and res.area.empty and res.placements == () and res.error is None
    assert res.met is None and res.note is not None


def test_a_tool_over_its_bound_is_named(tmp_path: Path):
    quick = dataclasses.replace(CFG, timeout_seconds=0.05)
    r = time_target(binop(0, 32), quick, tmp_path, ONE_SEED)
    assert r.error == ("arith_binop[OP=0,W=32]: Yosys (the target alone) ran over its 0.05 s bound "
                       "(configs/timing.yaml timeout_seconds)")


def test_unknown_module_is_refused(capsys):
    assert command.main(["--module", "no_such_module", "--list"]) == 2
    assert "dfv: error: unknown module 'no_such_module'" in capsys.readouterr().err


def test_another_flow_names_its_clock_and_reset():
    ports = [Port("clock", Direction.INPUT, 1), Port("reset", Direction.INPUT, 1), Port("in0", Direction.INPUT, 8),
             Port("out0", Direction.OUTPUT, 8)]
    w = gen_wrapper("sum", (), ports, "circt:sum", clock="clock", reset="reset")
    assert ".clock(clk)" in w.text and ".reset(rst_q)" in w.text and ".in0(in_q[7:0])" in w.text
    assert w.signal("in_q", 0) == "in0[0]"  # the clock and reset are not registered as data



CIRCT = Path(__file__).parents[1] / "ip" / "circt"  # CIRCT 1.162.0's circuits, as tests/ip/circt/recipe.py made them
ADD_PROGRAM = """func.func @add(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
"""


def easy_goals(tmp_path: Path) -> Path:
    """The flow's configuration with a kernel goal every design meets (the verdict is not what is tested)."""
    cfg = tmp_path / "timing.yaml"
    cfg.write_text(CONFIG.read_text().replace("{kind: kernel, mhz: 150}", "{kind: kernel, mhz: 1}"))
    return cfg


def test_a_program_of_ones_own_is_timed_as_dfv_lower_makes_it(tmp_path: Path):
    prog = tmp_path / "add.mlir"
    prog.write_text(ADD_PROGRAM)
    status = command.main(["--program", f"{prog}:add", "--index-width", "16", "--seed", "1",
                           "--config", str(easy_goals(tmp_path)),
                           "--out", str(tmp_path / "report"), "--work-dir", str(tmp_path / "work")])
    assert status == 0
    settings, (res,) = read_summary(tmp_path / "report" / "summary.json")
    assert res.target == "program:add@add" and res.kind is TargetKind.KERNEL and not settings.full
    assert settings.kernel_target == "150"  # configs/timing.yaml's clock: the report says what was timed
    summary = (tmp_path / "report" / "summary.txt").read_text()
    assert "kernels and programs lowered for 150 MHz" in summary
    assert res.width == 32 and res.met is True
    assert res.area is not None and res.area.carries > 0
    # the lowering's promise beside nextpnr's figure: the delay model's clock of the circuit lowered for 150 MHz
    plan = lower_program(parse_file(str(prog)), "add", 16, target_mhz=150.0).timing
    assert res.model_mhz == pytest.approx(plan.after.mhz)
    assert "the delay model against nextpnr over 1 lowered programs" in summary
    # the addition is the path: the generated top's adder, the kit's arith_binop
    assert "arith_binop.sv" in res.placements[0].path.describe(), res.placements[0].path.describe()


def test_another_flows_circuit_is_timed_as_it_is_written(tmp_path: Path):
    status = command.main(["--rtl", str(CIRCT / "branch_i16.sv"), "--top", "branch", "--seed", "1",
                           "--config", str(easy_goals(tmp_path)),
                           "--out", str(tmp_path / "report"), "--work-dir", str(tmp_path / "work")])
    assert status == 0
    _, (res,) = read_summary(tmp_path / "report" / "summary.json")
    assert res.target == "rtl:branch" and res.width == 16 and res.met is True  # its i16 ports, clock / reset aside
    assert res.area is not None and res.area.ffs > 0 and res.placements[0].fmax_mhz > 0
    assert "branch_i16.sv:" in res.placements[0].path.describe()


@pytest.mark.parametrize(("args", "message"), [
    (["--program", "no_such.mlir"], "dfv: error: no_such.mlir: no such file (--program FILE[:FUNC])"),
    (["--program", str(CIRCT / "branch_i16.mlir") + ":nope"], "function @nope does not exist"),
    (["--rtl", "no_such.sv", "--top", "x"], "dfv: error: no_such.sv: no such file (--rtl)"),
    (["--rtl", str(CIRCT / "branch_i16.sv")], "dfv: error: --rtl needs --top NAME"),
    (["--top", "branch"], "dfv: error: --top names the top module of an --rtl circuit"),
    (["--rtl", str(CIRCT / "branch_i16.sv"), "--top", "nope"], "Module `nope' not found"),
    (["--rtl", str(CIRCT / "branch_i16.sv"), "--top", "branch", "--clock", "clk"],
     "module branch has no clock port 'clk' (--clock; its ports: clock,"),
    (["--rtl", str(CIRCT / "branch_i16.sv"), "--top", "branch", "--reset", "rst"], "has no reset port 'rst'"),
])
def test_a_bad_program_or_circuit_is_refused_with_one_line(args, message, tmp_path: Path, capsys):
    assert command.main([*args, "--list", "--work-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_a_bad_index_width_is_an_argument_error(capsys):
    with pytest.raises(SystemExit) as exc:
        command.main(["--program", str(CIRCT / "branch_i16.mlir"), "--index-width", "1", "--list"])
    assert exc.value.code == 2
    assert "dfv: error: argument --index-width: index width must be 2..64, got 1" in capsys.readouterr().err


def test_the_model_error_is_the_placed_period_against_the_promised_one():
    """A program placed at the model's clock has no error; one placed at 4/5 of it has a period 5/4 as long
    (+25%), at 5/4 of it a period 4/5 as long (-20%); modules (no model figure) and unplaced programs are left
    out, and the report shows each program's model clock beside its Fmax."""
    def result(name: str, model: float | None, fmax: float | None) -> TimingResult:
        placements = () if fmax is None else (Placement(1, fmax, None),)
        return TimingResult(name, TargetKind.KERNEL, 32, 150.0, None, placements, 1.0, model_mhz=model)

    results = [result("kernel:at", 150.0, 150.0), result("kernel:slow", 150.0, 120.0),
               result("kernel:fast", 100.0, 125.0), result("module", None, 300.0), result("kernel:failed", 150.0, None)]
    errs = model_errors(results)
    assert set(errs) == {"kernel:at", "kernel:slow", "kernel:fast"}
    assert errs["kernel:at"] == 0.0
    assert errs["kernel:slow"] == pytest.approx((1000 / 120) / (1000 / 150) - 1) == pytest.approx(0.25)
    assert errs["kernel:fast"] == pytest.approx(-0.2)
    line = format_model(results)
    assert line.startswith("the delay model against nextpnr over 3 lowered programs: placed period +1.7% on average")
    assert "(mean absolute 15.0%; kernel:fast -20.0%, kernel:slow +25.0%)" in line
    assert format_model([results[3]]) is None
    slow = next(row for row in format_rows(results).splitlines() if row.startswith("kernel:slow"))
    assert "120.0" in slow and "150.0" in slow.split("120.0", 1)[1]
