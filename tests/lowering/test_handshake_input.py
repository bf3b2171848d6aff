"""Handshake programs as input (`dfv.lowering.handshake_ir`, `dfv.lowering.from_handshake`): spec 003's types and
their verifiers, CIRCT's printed text, runs on the golden model and both simulators, and refusals.

The expected results are computed here from what the programs compute (|a - b|, a + (b != 0 ? b : a)),
not from the golden model that is also the reference of a handshake program."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from dfv_cli import check_one_line_error, run_dfv
from kernel_inputs import ROOT

from dfv.lowering.handshake_types import ChannelType, Extra
from dfv.lowering.parse import LoweringError, parse_text
from dfv.runner import run_program

HS = os.path.join(ROOT, "kernels", "handshake")
ABSDIFF = os.path.join(HS, "absdiff.mlir")  # made by CIRCT (tools/circt_handshake.py)
SELECT_ADD = os.path.join(HS, "select_add.mlir")

PAIRS = [(3, 10), (10, 3), (-7, 5), (4, 4), (-2147483648, 0)]


def _absdiff(a: int, b: int) -> int:
    d = (b - a) if a < b else (a - b)
    return (d + 2**31) % 2**32 - 2**31  # i32 wrap-around


def _run(tmp_path, path, args, engine):
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    return run_program(path, None, str(tmp_path / "in.json"), engine)


# ------------------------------------------------------------------ types (spec 003)
def _func(arg_type: str) -> str:
    return (f"handshake.func @f(%a: {arg_type}, %s: !handshake.control) -> (!handshake.control) {{\n"
            "  sink %a : " + arg_type + "\n  return %s : !handshake.control\n}\n")


@pytest.mark.parametrize("text", ["!handshake.channel<i32>", "!handshake.channel<i32, [spec: i1, tag: i4]>",
                                  "!handshake.channel<i32, [i2, i4]>", "!handshake.channel<i32, [r: (U) i1, i1]>",
                                  "!handshake.channel<index, [(U) i8]>"])
def test_channel_types_round_trip(text):
    src = parse_text(_func(text), "t.mlir")
    fn = next(iter(src.module.ops))
    assert str(fn.body.block.args[0].type) == text


def test_channel_type_parts():
    src = parse_text(_func("!handshake.channel<i32, [spec: i1, tag: i4, (U) i2]>"), "t.mlir")
    t = next(iter(src.module.ops)).body.block.args[0].type
    assert isinstance(t, ChannelType)
    assert [(e.name, e.type.width.data, e.upstream) for e in t.extras] == [("spec", 1, False), ("tag", 4, False),
                                                                            (None, 2, True)]
    assert str(Extra("tag", t.extras[1].type, True)) == "tag: (U) i4"


@pytest.mark.parametrize("text, needle", [
    ("!handshake.channel<i0>", "data type i0 has zero width"),
    ("!handshake.channel<i32, [tag: i1, tag: i4]>", "extra signal name 'tag' is used twice"),
    ("!handshake.channel<i32, [x: f32]>", "must be an integer iK"),
    ("!handshake.channel<i32, [foo]>", "expected an extra signal 'name: iK' or 'iK', got 'foo'"),
])
def test_channel_type_errors(text, needle):
    with pytest.raises(LoweringError) as err:
        parse_text(_func(text), "t.mlir")
    assert needle in str(err.value) and str(err.value).startswith("t.mlir:1:"), str(err.value)


# ------------------------------------------------------------------ golden runs
@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("a, b", PAIRS)
def test_circt_absdiff_golden(tmp_path, engine, a, b):
    out = _run(tmp_path, ABSDIFF, [a, b], engine)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == [_absdiff(a, b)]


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("a, b", PAIRS)
def test_select_add_golden(tmp_path, engine, a, b):
    out = _run(tmp_path, SELECT_ADD, [a, b], engine)
    assert out["status"] == "pass", out["message"]
    want = a + (b if b != 0 else a)
    assert out["returns"] == [(want + 2**31) % 2**32 - 2**31]


@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_circt_absdiff_rtl(tmp_path, sim):
    if sim == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    runs = [_run(tmp_path, ABSDIFF, [a, b], sim) for a, b in PAIRS[:2]]
    for (a, b), out in zip(PAIRS[:2], runs, strict=True):
        assert out["status"] == "pass", out["message"]
        assert out["returns"] == [_absdiff(a, b)]
        assert out["cycles"] is not None and out["cycles"] > 0


def test_rtl_cycles_equal_on_both_simulators(tmp_path):
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    runs = {sim: _run(tmp_path, SELECT_ADD, [7, 0], sim) for sim in ("icarus", "verilator")}
    for out in runs.values():
        assert out["status"] == "pass", out["message"]
        assert out["returns"] == [14]
    assert runs["icarus"]["cycles"] == runs["verilator"]["cycles"]


def test_lower_writes_every_output(tmp_path):
    proc = run_dfv("lower", ABSDIFF, "-o", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    top = (tmp_path / "top.sv").read_text()
    assert "module absdiff" in top and "handshake_mux #(.W(32), .N(2), .SW(32))" in top


# ------------------------------------------------------------------ refusals
REFUSED = {
    "instance": ("  %x = instance @g(%a) : (i32) -> i32\n", "k.mlir:2:", "unsupported operation instance"),
    "attribute": ("  %x:2 = fork [2] %a {foo = 1} : i32\n", "k.mlir:2:3", "handshake.fork: unknown attribute 'foo'"),
    "arith_attribute": ("  %x = arith.addi %a, %a {foo = 1} : i32\n", "k.mlir:2:3",
                        "arith.addi: unknown attribute 'foo'"),
    "too_many_inits": ("  %x = buffer [1] seq %a {initValues = [3, 4]} : i32\n", "k.mlir:2:",
                       "2 initValues do not fit 1 slots"),
    "data_join": ("  %x = join %a : i32\n", "k.mlir:2:3", "handshake.join of data channels is not supported"),
    "arith_constant": ("  %x = arith.constant 3 : i32\n", "k.mlir:2:3", "arith.constant has no trigger"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refused(tmp_path, case):
    line, where, needle = REFUSED[case]
    text = ("handshake.func @f(%a: i32, %s: none) -> (none) {\n" + line + "  return %s : none\n}\n")
    (tmp_path / "k.mlir").write_text(text)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    msg = check_one_line_error(proc, where, needle)
    assert msg.startswith("dfv: error: ")


@pytest.mark.parametrize("ret, needle", [("  return %a : i32\n", "gives 0"),
                                         ("  return %a, %s, %s : i32, none, none\n", "gives 2")])
def test_done_token_required(tmp_path, ret, needle):
    rtypes = ", ".join(t.strip() for t in ret.split(":")[1].split(","))
    (tmp_path / "k.mlir").write_text(f"handshake.func @f(%a: i32, %s: none) -> ({rtypes}) {{\n{ret}}}\n")
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    check_one_line_error(proc, "k.mlir:2:", "exactly one control (none) value", needle)


def test_inputs_file_lists_data_arguments_only(tmp_path):
    (tmp_path / "in.json").write_text('{"args": [1, 2, null]}')
    proc = run_dfv("run", ABSDIFF, "--inputs", str(tmp_path / "in.json"), "--engine", "golden")
    check_one_line_error(proc, "@absdiff takes 2 arguments, the inputs file gives 3")


# ------------------------------------------------------------------ initial tokens and the idle state
SUM = os.path.join(HS, "sum.mlir")  # made by CIRCT: a loop, with a buffer {initValues = [0]}


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("n", [0, 1, 10])
def test_circt_sum_golden(tmp_path, engine, n):
    out = _run(tmp_path, SUM, [n], engine)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == [n * (n - 1) // 2]


def test_circt_sum_ends_in_its_idle_state():
    """The loop's initial condition token ends where it rests after reset (waiting at the loop's muxes),
    not in the buffer that held it: the run is clean only against that idle state."""
    from dfv.golden.interpreter import Mode, idle_state, run_dfg
    from dfv.lowering.pipeline import lower_file

    g = lower_file(SUM)
    idle = idle_state(g, {0: 4}, mode=Mode.BOUNDED)
    assert idle.channels and all(g.nodes[c.dst.node].op == "handshake.mux" for c in g.channels
                                 if c.id in idle.channels)
    res = run_dfg(g, {0: 4}, mode=Mode.BOUNDED)
    assert res.clean and res.idle == idle and res.results == [[6]]


@pytest.mark.parametrize("sim", ["icarus", "verilator"])
def test_circt_sum_rtl(tmp_path, sim):
    if sim == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    out = _run(tmp_path, SUM, [10], sim)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == [45]


def test_circt_sum_cycles_equal(tmp_path):
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    cycles = {sim: _run(tmp_path, SUM, [5], sim)["cycles"] for sim in ("icarus", "verilator")}
    assert cycles["icarus"] == cycles["verilator"] is not None


# A select token held from reset waits at a mux for `a`; the start token refills it through `%refill`.
IDLE = """handshake.func @f(%a: i32, %s: none) -> (i32, none) {{
  %s2:2 = fork [2] %s : none
  {refill}
  %sel = buffer [1] seq %refill {{initValues = [0]}} : i1
  %m = mux %sel [%a] : i1, i32
  return %m, %s2#1 : i32, none
}}
"""
REFILLS = {
    # the start token puts a 0 back: the circuit ends as it rests after reset
    "same": "%refill = constant %s2#0 {value = 0 : i1} : i1",
    # it puts a 1 back: a token the idle state does not have
    "other_value": "%refill = constant %s2#0 {value = 1 : i1} : i1",
    # nothing comes back (the constant's token goes to the true side, sunk): the select channel ends empty
    "nothing": ("%one = constant %s2#0 {value = 1 : i1} : i1\n  %o:2 = fork [2] %one : i1\n"
                "  %refill, %t = cond_br %o#0, %o#1 : i1\n  sink %t : i1"),
}
IDLE_FAULTS = {"other_value": "holds 1 at the end, but with no input the circuit holds [0] there",
               "nothing": "ends empty, but with no input the circuit holds [0] there"}


def _idle_program(tmp_path, case):
    path = tmp_path / f"idle_{case}.mlir"
    text = IDLE.format(refill=REFILLS[case])
    if case == "nothing":  # the false side (never taken) refills; the true side is sunk
        text = text.replace("%refill, %t = cond_br", "%t, %refill = cond_br")
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "verilator"])
@pytest.mark.parametrize("case", sorted(REFILLS))
def test_idle_state_check(tmp_path, engine, case):
    """Ending in the idle state passes; ending with another token or without the idle token is reported
    by the golden run and by the RTL end check, each naming the channel."""
    path = _idle_program(tmp_path, case)
    (tmp_path / "in.json").write_text('{"args": [9]}')
    if case != "same" and engine.startswith("golden"):
        with pytest.raises(LoweringError) as err:  # the reference itself refuses the program
            run_program(path, None, str(tmp_path / "in.json"), engine)
        assert "idle state" in str(err.value) or "stranded" in str(err.value), str(err.value)
        return
    if case != "same":
        # the golden reference refuses it before the RTL runs; check the RTL end check directly
        from dfv.lowering.parse import parse_file
        from dfv.lowering.pipeline import lower_program
        from dfv.runner import Run, rtl_engine

        prog = lower_program(parse_file(path))
        got = rtl_engine(engine)(Run(path, "f", 32, prog, {0: 9}, ([9], {}), inputs=[9]))
        assert any(IDLE_FAULTS[case] in p for p in got.problems), got.problems
        return
    out = run_program(path, None, str(tmp_path / "in.json"), engine)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == [9]


# ------------------------------------------------------------------ CIRCT's strategy=cycles loops
def _wrap(v: int) -> int:
    return (v + 2**31) % 2**32 - 2**31


def _horner(n, x):
    acc = 0
    for i in range(n):
        acc = _wrap(acc * x + i)
    return [acc], {}


def _tri_nest(n, x):
    acc = cnt = 0
    for i in range(n):
        for j in range(i):
            acc, cnt = _wrap(acc + (i ^ j) * x), cnt + 1
    return [acc, cnt], {}


def _saxpy(x, y, a, n):
    return [], {"0": list(x), "1": [_wrap(a * x[i] + y[i]) if i < n else y[i] for i in range(8)]}


def _matmul(a, b, c, n):
    c = list(c)
    for i in range(n):
        for j in range(n):
            c[i * 4 + j] = _wrap(sum(a[i * 4 + k] * b[k * 4 + j] for k in range(n)))
    return [], {"0": list(a), "1": list(b), "2": c}


#: the CIRCT-made loops of the regression's circt suite, and what each computes (returns, memrefs)
CYCLES = {"handshake/horner": _horner, "handshake/tri_nest": _tri_nest, "handshake/saxpy": _saxpy,
          "handshake/matmul": _matmul}


def _cycles_run(tmp_path, name, seed, engine):
    from dfv.kernels import gen, kernel_path

    args = gen(name, seed)
    out = _run(tmp_path, str(kernel_path(name)), args, engine)
    assert out["status"] == "pass", out["message"]
    returns, memrefs = CYCLES[name](*args)
    assert out["returns"] == returns
    assert out["memrefs"] == memrefs
    return out


def test_cycles_fixtures_are_the_regression_suite():
    from dfv.kernels import CIRCT_KERNELS
    from dfv.sim.regress import load_jobs

    assert sorted(CYCLES) == sorted(CIRCT_KERNELS)
    assert sorted({j.kernel.name for j in load_jobs() if j.suite == "circt"}) == sorted(CIRCT_KERNELS)
    for name in CIRCT_KERNELS:  # made with CIRCT's buffering on cycles only (the header records the command)
        assert "--strategy cycles" in open(os.path.join(ROOT, "kernels", f"{name}.mlir")).readline()


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", sorted(CYCLES))
def test_circt_cycles_golden(tmp_path, name, seed, engine):
    _cycles_run(tmp_path, name, seed, engine)


@pytest.mark.parametrize("sim", ["icarus", "verilator"])
@pytest.mark.parametrize("name", sorted(CYCLES))
def test_circt_cycles_rtl(tmp_path, name, sim):
    """Right values on both simulators and nothing left over beyond the idle state (the end check that
    failed every such loop while the golden run put the condition token past the fork that holds it)."""
    if sim == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    _cycles_run(tmp_path, name, 2, sim)


@pytest.mark.parametrize("name", sorted(CYCLES))
def test_idle_token_is_held_before_the_fork(name):
    """In the bounded golden run's idle state, each loop's initial condition token is where the RTL has it:
    on the channel from its FIFO to the fork before the loop's muxes (the fork holds its input until every
    output has taken it, and the muxes wait for their entry values), and on each of the fork's outputs."""
    from dfv.golden.interpreter import Mode, idle_state
    from dfv.kernels import gen, kernel_func, kernel_path
    from dfv.lowering.pipeline import lower_file

    g = lower_file(str(kernel_path(name)), kernel_func(name))
    args = dict(enumerate(gen(name, 2)))
    idle = idle_state(g, args, mode=Mode.BOUNDED)
    inits = [nid for nid, n in g.nodes.items() if n.params.get("init")]
    assert inits
    for nid in inits:
        (out,) = [c for c in g.channels if c.src.node == nid]
        assert g.nodes[out.dst.node].op == "handshake.fork"
        assert idle.channels[out.id] == [0]
        forked = [c for c in g.channels if c.src.node == out.dst.node]
        assert forked and all(idle.channels[c.id] == [0] for c in forked)
    assert idle_state(g, args, mode=Mode.UNBOUNDED).channels.keys() < idle.channels.keys()


# ------------------------------------------------------------------ a control buffer with initValues
CREDIT = os.path.join(HS, "credit.mlir")  # CIRCT-printed: a + 1 once a control token held after reset joins


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "icarus", "verilator"])
def test_control_buffer_with_initial_token(tmp_path, engine):
    if engine == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    assert "{initValues = [0]} : none" in open(CREDIT).read()
    for a in (41, 2**31 - 1):
        out = _run(tmp_path, CREDIT, [a], engine)
        assert out["status"] == "pass", out["message"]
        assert out["returns"] == [(a + 1 + 2**31) % 2**32 - 2**31]


def test_the_initial_control_token_is_the_credit(tmp_path):
    """Without its initial token the join never fires: no result, no done (the token semantics fail)."""
    text = open(CREDIT).read().replace(" {initValues = [0]}", "")
    (tmp_path / "k.mlir").write_text(text)
    with pytest.raises(LoweringError, match="done fired 0 times"):
        _run(tmp_path, str(tmp_path / "k.mlir"), [41], "golden-unbounded")


# ------------------------------------------------------------------ a loop over memory
VSCALE = os.path.join(HS, "vscale.mlir")  # CIRCT's forks, sinks and buffers on vscale_hs.mlir
VSCALE_HS = os.path.join(HS, "vscale_hs.mlir")  # the same loop without CIRCT's buffers
VSCALE_TIGHT = os.path.join(HS, "vscale_tight.mlir")  # with a buffer on each cycle, too little storage
ARRAY, K = [1, 2, 3, 4, 5, 6, 7, -8], 3


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "icarus", "verilator"])
def test_circt_vscale(tmp_path, engine):
    if engine == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    out = _run(tmp_path, VSCALE, [ARRAY, K], engine)
    assert out["status"] == "pass", out["message"]
    assert out["memrefs"] == {"0": [K * x for x in ARRAY]}
    # the simulation's wall time (build excluded) on the RTL engines, none for the golden ones
    assert (out["sim_seconds"] > 0) if engine in ("icarus", "verilator") else out["sim_seconds"] is None


def test_circt_vscale_cycles_equal(tmp_path):
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    cycles = {sim: _run(tmp_path, VSCALE, [ARRAY, K], sim)["cycles"] for sim in ("icarus", "verilator")}
    assert cycles["icarus"] == cycles["verilator"] is not None


@pytest.mark.parametrize("engine", ["golden", "verilator"])
def test_tight_loop_deadlocks_on_golden_as_on_rtl(tmp_path, engine):
    """With a buffer on each cycle but not CIRCT's, the loop deadlocks for lack of storage: the bounded
    golden run says so, as the RTL does, naming the same channel; the unbounded token semantics complete."""
    out = _run(tmp_path, VSCALE_TIGHT, [ARRAY, K], engine)
    assert out["status"] == "fail"
    assert "deadlock" in out["message"]
    assert "channel c6 (fork_14.out[3] -> fifo_6.in)" in out["message"], out["message"]
    assert _run(tmp_path, VSCALE_TIGHT, [ARRAY, K], "golden-unbounded")["status"] == "pass"


def test_unbuffered_loop_is_refused(tmp_path):
    """Without CIRCT's buffers the loop's cycles are combinational loops in hardware: refused when read,
    naming the operations of one of them."""
    (tmp_path / "in.json").write_text(json.dumps({"args": [ARRAY, K]}))
    proc = run_dfv("run", VSCALE_HS, "--inputs", str(tmp_path / "in.json"), "--engine", "golden")
    line = check_one_line_error(proc, "vscale_hs.mlir:14:3: a cycle with no buffer on it, a combinational loop",
                                "handshake.mux at", "handshake.cond_br at", "-> handshake.mux at",
                                "handshake-insert-buffers")
    assert line.count(" -> ") >= 2, line


# ------------------------------------------------------------------ extra signals (spec 003)
SPEC_TAG = os.path.join(HS, "spec_tag.mlir")
X = "!handshake.channel<i32, [spec: i1, tag: i4]>"
SPEC_TAG_CASES = [  # (a, b, c): r = a + b with the extras ORed, s = a
    ({"data": 5, "spec": 1, "tag": 3}, {"data": -7, "spec": 0, "tag": 12}, 1),
    ({"data": 2**31 - 1, "spec": 0, "tag": 0}, {"data": 1, "spec": 1, "tag": 8}, 0),
]


def _spec_tag_expected(a, b):
    data = (a["data"] + b["data"] + 2**31) % 2**32 - 2**31
    return [{"data": data, "spec": a["spec"] | b["spec"], "tag": a["tag"] | b["tag"]}, a]


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "icarus", "verilator"])
@pytest.mark.parametrize("case", range(len(SPEC_TAG_CASES)))
def test_extras_through_the_circuit(tmp_path, engine, case):
    if engine == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    a, b, c = SPEC_TAG_CASES[case]
    out = _run(tmp_path, SPEC_TAG, [a, b, c], engine)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == _spec_tag_expected(a, b)


def test_extras_are_checked_token_by_token(tmp_path):
    """The kernel environment compares the extras like data: an RTL result whose tag differs from the
    reference is reported (the reference's tag is changed here, the RTL's is right)."""
    from dfv.lowering.parse import parse_file
    from dfv.lowering.pipeline import lower_program
    from dfv.runner import Run, rtl_engine

    a, b, c = SPEC_TAG_CASES[0]
    prog = lower_program(parse_file(SPEC_TAG))
    want = _spec_tag_expected(a, b)
    wrong = [dict(want[0], tag=want[0]["tag"] ^ 1), want[1]]
    got = rtl_engine("verilator")(Run(SPEC_TAG, "spec_tag", 32, prog, {0: a, 1: b, 2: c},
                                       (wrong, {}), inputs=[a, b, c]))
    assert any(p.startswith(f"result 0: RTL returned {want[0]}, the source interpreter {wrong[0]}")
               for p in got.problems), got.problems


@pytest.mark.parametrize("args, needle", [
    ([5, {"data": 1, "spec": 0, "tag": 0}, 1], "argument 0 (!handshake.channel<i32, [spec: i1, tag: i4]>) must be "
                                               "an object with the keys data, spec, tag, got 5"),
    ([{"data": 5, "spec": 2, "tag": 0}, {"data": 1, "spec": 0, "tag": 0}, 1], ".spec = 2 is not an unsigned 1-bit"),
    ([{"data": 5, "spec": 0}, {"data": 1, "spec": 0, "tag": 0}, 1], "must be an object with the keys data, spec, tag"),
])
def test_extras_inputs_checked(tmp_path, args, needle):
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    proc = run_dfv("run", SPEC_TAG, "--inputs", str(tmp_path / "in.json"), "--engine", "golden")
    check_one_line_error(proc, needle)


EXTRAS_REFUSED = {
    "mixed_extras": (f"  %x = arith.addi %a, %a : {X}\n  %y = arith.addi %x, %b : !handshake.channel<i32, "
                     "[spec: i1, tag: i2]>\n", "k.mlir:3:19", "operand is used with type !handshake.channel<i32, "
                     "[spec: i1, tag: i2]>, but has been previously used or defined with type " + X),
    "cmp_extras": ("  %x = arith.cmpi eq, %a, %a : " + X + "\n  sink %x : i1\n", "k.mlir:3:8",
                   "operand is used with type i1, but has been previously used or defined with type "
                   "!handshake.channel<i1, [spec: i1, tag: i4]>"),
    "cast_extras": (f"  %x = arith.extsi %a : {X} to i64\n  sink %x : i64\n", "k.mlir:2:3",
                    "arith.extsi: every operand and the result must carry the same extra signals"),
    "extras_select": (f"  %x = mux %a [%b, %b] : {X}, {X}\n", "k.mlir:2:", "a select / index carries extra signals"),
}


@pytest.mark.parametrize("case", sorted(EXTRAS_REFUSED))
def test_extras_refused(tmp_path, case):
    line, where, needle = EXTRAS_REFUSED[case]
    text = (f"handshake.func @f(%a: {X}, %b: {X}, %s: none) -> (none) {{\n" + line + "  return %s : none\n}\n")
    (tmp_path / "k.mlir").write_text(text)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    check_one_line_error(proc, where, needle)


SPEC_LOAD = os.path.join(HS, "spec_load.mlir")
MEMORY = [10, 20, 30, 40, 50, 60, 70, -80]


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "icarus", "verilator"])
def test_load_forwards_the_address_extras(tmp_path, engine):
    """Each load returns its word with the extras of its address (the memory sees the plain index)."""
    if engine == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    i, j = {"data": 2, "spec": 1, "tag": 5}, {"data": 7, "spec": 0, "tag": 10}
    out = _run(tmp_path, SPEC_LOAD, [MEMORY, i, j], engine)
    assert out["status"] == "pass", out["message"]
    both = {"data": MEMORY[2] + MEMORY[7], "spec": i["spec"] | j["spec"], "tag": i["tag"] | j["tag"]}
    assert out["returns"] == [{"data": MEMORY[2], "spec": 1, "tag": 5}, both]
    assert out["memrefs"] == {"0": MEMORY}


def test_store_address_extras_refused(tmp_path):
    """A store returns no data to forward its address's extras to; dropping them would lose what they
    mean (a speculative store), so the program is refused."""
    text = ("handshake.func @f(%m: memref<4xi32>, %a: !handshake.channel<index, [spec: i1]>, %d: i32, %s: none)"
            " -> (none) {\n"
            "  %sd:2 = fork [2] %s : none\n"
            "  %x, %y = store [%a] %d, %sd#0 : !handshake.channel<index, [spec: i1]>, i32\n"
            "  %done = extmemory [ld = 0, st = 1] (%m : memref<4xi32>) (%x, %y) {id = 0 : i32} : "
            "(i32, !handshake.channel<index, [spec: i1]>) -> (none)\n"
            "  %r = join %sd#1, %done : none, none\n"
            "  return %r : none\n}\n")
    (tmp_path / "k.mlir").write_text(text)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    check_one_line_error(proc, "k.mlir:3:3", "the address of a store (it returns no data to forward its extras to) "
                          "carries extra signals")


# ------------------------------------------------------------------ !dataflow.tagged is channel<V, [tag: iK]>
PASS_THROUGH = """handshake.func @pass(%a: T, %b: T, %c: i1, %start: none) -> (T, T, none) {{
  %c2:2 = fork [2] %c : i1
  %a2:2 = fork [2] %a : T
  %t, %f = cond_br %c2#0, %b : T
  %m = mux %c2#1 [%f, %t] : i1, T
  %r = buffer [2] seq %m : T
  %s = buffer [3] fifo %a2#0 : T
  sink %a2#1 : T
  return %r, %s, %start : T, T, none
}}
""".replace("{{", "{").replace("}}", "}")


def test_tagged_is_a_channel_with_a_tag(tmp_path):
    """Both spellings give the same top.sv (comments aside) and the same golden runs."""
    tops, runs = {}, {}
    args = [{"data": -4, "tag": 9}, {"data": 77, "tag": 6}, 1]
    for name, ty in (("tagged", "!dataflow.tagged<i32, i4>"), ("channel", "!handshake.channel<i32, [tag: i4]>")):
        path = tmp_path / f"{name}.mlir"
        path.write_text(PASS_THROUGH.replace("T", ty))
        proc = run_dfv("lower", str(path), "-o", str(tmp_path / name))
        assert proc.returncode == 0, proc.stderr
        tops[name] = [ln for ln in (tmp_path / name / "top.sv").read_text().splitlines()
                      if not ln.strip().startswith("//")]
        runs[name] = {e: _run(tmp_path, str(path), args, e) for e in ("golden", "golden-unbounded")}
    assert tops["tagged"] == tops["channel"]
    for e in ("golden", "golden-unbounded"):
        assert runs["tagged"][e]["status"] == runs["channel"][e]["status"] == "pass"
        assert runs["tagged"][e]["returns"] == runs["channel"][e]["returns"] == [args[1], args[0]]


# ------------------------------------------------------------------ compose / decompose / bundle / unbundle
SIGNALS = os.path.join(HS, "signals.mlir")


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "icarus", "verilator"])
def test_signal_operations(tmp_path, engine):
    if engine == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    a, b = {"data": 5, "spec": 1, "tag": 3}, {"data": -7, "spec": 0, "tag": 12}
    out = _run(tmp_path, SIGNALS, [a, b], engine)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == [{"data": 5, "tag": 3}, b]


def test_signal_operations_are_wiring(tmp_path):
    proc = run_dfv("lower", SIGNALS, "-o", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    top = (tmp_path / "top.sv").read_text()
    assert "handshake.repack from handshake.bundle" in top and "handshake.compose from handshake.compose" in top
    # the bundle keeps bits [35:32] (tag) and [31:0] (data) of the 37-bit word and drops the spec bit [32]
    assert re.search(r"= \{repack_\d+_in_data\[36:33\], repack_\d+_in_data\[31:0\]\};", top), top


CH = "!handshake.channel<i32, [spec: i1, tag: i4]>"
SIGNAL_ERRORS = {
    "compose_width": (f"  %x = compose %a : {CH} -> !handshake.channel<i36>\n  sink %x : !handshake.channel<i36>\n",
                      "k.mlir:2:", f"handshake.compose: {CH} composes to !handshake.channel<i37> or "
                                   "!handshake.channel<i32, [i5]>, not !handshake.channel<i36>"),
    "unbundle_types": ("  %c, %d, %s = unbundle %a : !handshake.control, i32, i1\n", "k.mlir:2:",
                       "handshake.unbundle: " + CH + " unbundles into control, i32, i1, i4"),
    "two_unbundles": ("  %c, %d, %s, %t = unbundle %a : !handshake.control, i32, i1, i4\n"
                      "  %c2, %d2, %s2, %t2 = unbundle %b : !handshake.control, i32, i1, i4\n"
                      "  %x = bundle %c, %d2 : !handshake.channel<i32>\n  sink %x : !handshake.channel<i32>\n",
                      "k.mlir:4:", "bundle must take the control token and the fields of one unbundle"),
    "raw_use": ("  %c, %d, %s, %t = unbundle %a : !handshake.control, i32, i1, i4\n  sink %d : i32\n",
                "k.mlir:2:", "a raw signal of unbundle (result 1) is used outside a bundle"),
    "valid_elsewhere": ("  %v = unbundle %go, %r : i1\n  %c2, %r = bundle %v : !handshake.control, i1\n"
                        "  sink %v : i1\n  sink %c2 : !handshake.control\n", "k.mlir:2:3",
                        "the valid and ready of a control token run only put back together, neither used elsewhere"),
    "ready_elsewhere": ("  %v = unbundle %go, %r : i1\n  %c2, %r = bundle %v : !handshake.control, i1\n"
                        "  sink %r : i1\n  sink %c2 : !handshake.control\n", "k.mlir:2:3",
                        "the valid and ready of a control token run only put back together, neither used elsewhere"),
    "valid_of_a_channel": ("  %c, %d, %s, %t = unbundle %a : !handshake.control, i32, i1, i4\n"
                           "  %c2, %r = bundle %s : !handshake.control, i1\n  sink %c2 : !handshake.control\n",
                           "k.mlir:2:3", "a raw signal of unbundle (result 2) is used outside a bundle"),
    "crossed_valid_ready": ("  %c, %d, %s, %t = unbundle %a : !handshake.control, i32, i1, i4\n"
                            "  %e, %f, %s2, %t2 = unbundle %b : !handshake.control, i32, i1, i4\n"
                            "  %v = unbundle %c, %r : i1\n  %c2, %r = bundle %v : !handshake.control, i1\n"
                            "  %x = bundle %c2, %f : !handshake.channel<i32>\n  sink %x : !handshake.channel<i32>\n",
                            "k.mlir:6:3", "bundle must take the control token and the fields of one unbundle"),
}


@pytest.mark.parametrize("case", sorted(SIGNAL_ERRORS))
def test_signal_operation_errors(tmp_path, case):
    body, where, needle = SIGNAL_ERRORS[case]
    (tmp_path / "k.mlir").write_text(f"handshake.func @f(%a: {CH}, %b: {CH}, %go: !handshake.control) -> "
                                     f"(!handshake.control) {{\n{body}  return %go : !handshake.control\n}}\n")
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    check_one_line_error(proc, where, needle)


# ------------------------------------------------------------------ raw valid / ready and upstream extras
RAW_VALID_READY = os.path.join(HS, "raw_valid_ready.mlir")
UPSTREAM_EXTRA = os.path.join(HS, "upstream_extra.mlir")
RAW_RUNS = {  # fixture: (arguments, results): the pairs are wiring, so the tokens pass unchanged
    RAW_VALID_READY: ([{"data": -5, "tag": 9}], [{"data": -5, "tag": 9}, 3]),
    UPSTREAM_EXTRA: ([{"data": -5, "spec": 1}, 77], [{"data": -5, "spec": 1}, 77]),
}


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded"])
@pytest.mark.parametrize("path", sorted(RAW_RUNS))
def test_raw_signals_golden(tmp_path, engine, path):
    args, want = RAW_RUNS[path]
    out = _run(tmp_path, path, args, engine)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == want


@pytest.mark.parametrize("path", sorted(RAW_RUNS))
def test_raw_signals_rtl(tmp_path, path):
    """Both simulators pass (the kernel environment checks the upstream signals cycle by cycle, see
    `test_upstream_check_reports_a_mismatch`) with the same cycle count."""
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    args, want = RAW_RUNS[path]
    runs = {sim: _run(tmp_path, path, args, sim) for sim in ("icarus", "verilator")}
    for out in runs.values():
        assert out["status"] == "pass", out["message"]
        assert out["returns"] == want
    assert runs["icarus"]["cycles"] == runs["verilator"]["cycles"] is not None


def test_raw_valid_ready_is_wiring(tmp_path):
    proc = run_dfv("lower", RAW_VALID_READY, "-o", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    top = (tmp_path / "top.sv").read_text()
    # the start token's pair: a control repack; `a`'s pair folds into the repack of `a`'s bundle
    assert top.count("handshake.repack from handshake.bundle") == 2
    ctrl = re.search(r"mlir:8:3: wiring\n  assign (repack_\d+)_out_valid = \1_in_valid;\n  "
                     r"assign \1_in_ready = \1_out_ready;\n", top)
    assert ctrl and f"{ctrl.group(1)}_in_data" not in top, top


def test_upstream_extras_are_wires_to_the_boundary(tmp_path):
    """Each argument with upstream extras gives out what the result it is wired to takes in."""
    from dfv.lowering.pipeline import lower_file
    from dfv.lowering.topgen import upstream_routes

    assert upstream_routes(lower_file(UPSTREAM_EXTRA)) == {0: 0, 1: 1}
    proc = run_dfv("lower", UPSTREAM_EXTRA, "-o", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    top = (tmp_path / "top.sv").read_text()
    for port in ("output logic [1:0] arg0_up", "output logic [3:0] arg1_up", "input  logic [1:0] res0_up",
                 "input  logic [3:0] res1_up", "assign decompose_6_out_up = res0_up;",
                 "assign compose_5_in_up = compose_5_out_up;", "assign arg1_up = repack_7_in_up;"):
        assert port in top, port


def test_upstream_check_reports_a_mismatch():
    """The kernel environment's check of the upstream ports, on stand-in handles: an argument that does
    not give out what its result takes in is reported with the cycles it was checked."""
    import random

    from dfv.tb.kernel.upstream import UpstreamCheck, UpstreamPort

    class Handle:
        value = 0
        _name = "handle"

    res, arg = UpstreamPort(Handle(), 3, random.Random(1)), Handle()
    check = UpstreamCheck({0: res}, {0: arg}, {0: 0})
    for corrupt in (0, 0, 4):
        check.drive()
        arg.value = res.value ^ corrupt
        check.sample()
    assert check.errors() == [f"upstream extra signals: arg0_up is {res.value ^ 4:#x} while res0_up, wired to it, "
                              f"is {res.value:#x} (first of 1 mismatching check(s) in 3 cycle(s))"]


U = "!handshake.channel<i32, [r: (U) i1]>"
RAW_ERRORS = {  # function (after `handshake.func @f`, $U / $C the types), where, message
    "fork": ("(%a: $U, %go: $C) -> ($U, $U, $C) {\n  %x:2 = fork [2] %a : $U\n  return %x#0, %x#1, %go : $U, $U, $C\n}",
             "k.mlir:2:3", f"handshake.fork: {U} has upstream (U) extra signals; a fork would have to combine the "
                           "upstream signals of its consumers (specs README)"),
    "used_twice": ("(%a: $U, %go: $C) -> ($U, $U, $C) {\n  return %a, %a, %go : $U, $U, $C\n}", "k.mlir:2:3",
                   f"a value of type {U} is used 2 times: a fork would have to combine the upstream signals"),
    "buffer": ("(%a: $U, %go: $C) -> ($U, $C) {\n  %b = buffer [2] seq %a : $U\n  return %b, %go : $U, $C\n}",
               "k.mlir:2:3", "handshake.buffer: " + U + " has upstream (U) extra signals; a buffer's registers would "
                             "put them out of step with the tokens"),
    "arith": ("(%a: $U, %go: $C) -> ($U, $C) {\n  %b = arith.addi %a, %a : $U\n  return %b, %go : $U, $C\n}",
              "k.mlir:2:3", "arith.addi: " + U + " has upstream (U) extra signals; no primitive here carries them"),
    "unused": ("(%a: $U, %go: $C) -> ($C) {\n  return %go : $C\n}", "k.mlir:1:1",
               f"a value of type {U} is never used: nothing would drive its upstream (U) extra signals"),
    "wiring_cycle": ("(%a: $U, %go: $C) -> ($U, $C) {\n  %x = compose %y : $U -> !handshake.channel<i32, [(U) i1]>\n"
                     "  %y = decompose %x : !handshake.channel<i32, [(U) i1]> -> $U\n  return %a, %go : $U, $C\n}",
                     "k.mlir:2:3", "a cycle with no buffer on it, a combinational loop in hardware: "
                                   "handshake.compose at"),
    "crossed_pairs": ("(%a: $U, %b: $U, %go: $C) -> ($U, $U, $C) {\n  %c, %d = unbundle %a, %rb : $C, i32\n"
                      "  %e, %f = unbundle %b, %ra : $C, i32\n  %a2, %ra = bundle %c, %d : $U\n"
                      "  %b2, %rb = bundle %e, %f : $U\n  return %a2, %b2, %go : $U, $U, $C\n}", "k.mlir:4:3",
                      "the upstream results of a bundle go, in order and nowhere else, to the unbundle whose control "
                      "token it takes"),
    "swapped": ("(%a: $V, %go: $C) -> ($V, $C) {\n  %c, %d = unbundle %a, %y, %x : $C, i32\n"
                "  %a2, %x, %y = bundle %c, %d : $V\n  return %a2, %go : $V, $C\n}", "k.mlir:3:3",
                "the upstream results of a bundle go, in order and nowhere else"),
    "up_elsewhere": ("(%a: $U, %go: $C) -> ($U, $C) {\n  %c, %d = unbundle %a, %r : $C, i32\n"
                     "  %a2, %r = bundle %c, %d : $U\n  sink %r : i1\n  return %a2, %go : $U, $C\n}", "k.mlir:3:3",
                     "the upstream results of a bundle go, in order and nowhere else"),
    "valid_from_a_channel": ("(%a: i1, %go: $C) -> ($C, $C) {\n  %c2, %r = bundle %a : $C, i1\n"
                             "  return %c2, %go : $C, $C\n}", "k.mlir:2:3",
                             "bundle %valid : control, i1 takes the valid of an unbundle %c, %ready : i1 whose ready "
                             "it gives"),
    "up_not_from_a_bundle": ("(%a: $U, %i: i1, %go: $C) -> ($C) {\n  %c, %d = unbundle %a, %i : $C, i32\n"
                             "  return %go : $C\n}", "k.mlir:2:3",
                             "the upstream signals of an unbundle are the upstream results of the bundle that takes "
                             "its control token"),
}


@pytest.mark.parametrize("case", sorted(RAW_ERRORS))
def test_raw_signal_errors(tmp_path, case):
    from string import Template

    text, where, needle = RAW_ERRORS[case]
    types = {"U": U, "V": "!handshake.channel<i32, [x: (U) i1, y: (U) i1]>", "C": "!handshake.control"}
    (tmp_path / "k.mlir").write_text("handshake.func @f" + Template(text).substitute(types) + "\n")
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    msg = check_one_line_error(proc, where, needle)
    assert re.match(r"dfv: error: \S*k\.mlir:\d+:\d+: ", msg), msg
