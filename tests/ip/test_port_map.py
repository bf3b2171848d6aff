"""Other teams' primitives verified by the kit's own suites through a port map (`dfv.tb.ip`,
`dfv.tb.common.dut.PortMap`): a fork and an elastic buffer written in Dynamatic's and CIRCT's naming
(`ins` / `outs`, packed lanes, no `at_init`, the fork with an active-low reset on `clock`) pass every test
of the kit's fork and buffer suites on both simulators with the same cycle counts, and each one's planted
bug (`BUG=1`, and the buffer's `BUG=2`) fails the suite on the check that exists for it. A combinational
adder in CIRCT's `in0` / `in1` / `out0` naming, with no error ports either, passes the kit's arith suite."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from dfv.sim.run import TestResult as SimResult  # aliased: pytest would collect a Test* class
from dfv.tb.common.channel_spec import ChannelSpec
from dfv.tb.common.dut import ChannelPorts, PortMap, PortMapError
from dfv.tb.common.op_harness import HarnessError, Header, Port, gen_harness, parse_header
from dfv.tb.ip import verify

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")

HERE = Path(__file__).parent
FORK = PortMap.from_prefixes({"in": "ins", "out": "outs"}, clock="clock", reset="rstn", reset_active_low=True,
                             at_init=None, params={"W": "DATA_WIDTH", "N": "SIZE"})
BUFFER = PortMap.from_prefixes({"in": "ins", "out": "outs"}, at_init=None, params={"W": "DATA_WIDTH"})
CASES = {
    "fork": ([HERE / "fork_packed.sv"], "fork_packed", "handshake_fork", {"W": 8, "N": 3}, FORK),
    "buffer": ([HERE / "elastic_buffer.sv"], "elastic_buffer", "handshake_buffer", {"W": 16}, BUFFER),
}
SUITES = {
    "fork": ("ForkRandomTest", "ForkFullRateTest", "ForkBurstyTest", "ForkBackpressureTest", "ForkResetTest",
             "ForkValidReadyTest", "ForkWrongModelTest", "ForkCorruptDutTest", "ForkSplitReadyTest", "FullRateBench"),
    "buffer": ("BufferRandomTest", "BufferFullRateTest", "BufferBurstyTest", "BufferBackpressureTest",
               "BufferResetTest", "BufferValidReadyTest", "BufferWrongModelTest", "BufferCorruptDutTest",
               "BufferDrainTest", "FullRateBench"),
}


def _run(case: str, sim: str, run_dir: Path, bug: int = 0, tests=None) -> dict[str, SimResult]:
    sources, module, plays, params, ports = CASES[case]
    results = verify(sources, module, plays, params, ports, sim, run_dir, tests=tests, module_params={"BUG": bug})
    return {r.name: r for r in results}


@pytest.fixture(scope="module", params=["fork", "buffer"])
def both_simulators(request, tmp_path_factory) -> tuple[str, dict[str, SimResult], dict[str, SimResult]]:
    case = request.param
    return case, *(_run(case, sim, tmp_path_factory.mktemp(f"{case}_{sim}")) for sim in ("icarus", "verilator"))


def test_the_kits_suite_passes_on_both_simulators_with_the_same_cycles(both_simulators):
    case, icarus, verilator = both_simulators
    assert sorted(icarus) == sorted(verilator) == sorted(SUITES[case])
    for name in SUITES[case]:
        assert icarus[name].passed and verilator[name].passed, (name, icarus[name].message, verilator[name].message)
        assert icarus[name].cycles == verilator[name].cycles > 0, name


def test_a_fork_that_forgets_which_outputs_took_the_token_fails_the_scoreboard(tmp_path: Path):
    """Outputs that took the token early take it again: more tokens than the model, the first extra one
    named by output and index."""
    r = _run("fork", "icarus", tmp_path, bug=1, tests=["ForkRandomTest"])["ForkRandomTest"]
    assert not r.passed
    m = re.match(r"handshake_fork: out\[\d\]: token \d+ is \d+, the model expects \d+ \(DUT \[.*\] \((\d+) tokens\), "
                 r"model \[.*\] \((\d+) tokens\)\)", r.message)
    assert m is not None and int(m.group(1)) > int(m.group(2)), r.message


def test_a_buffer_that_writes_without_a_handshake_fails_the_protocol_check(tmp_path: Path):
    """A full buffer overwrites its oldest token with one it did not take: the output's data changes
    while it waits for ready, and the token no longer matches the model's."""
    r = _run("buffer", "verilator", tmp_path, bug=1, tests=["BufferBackpressureTest"])["BufferBackpressureTest"]
    assert not r.passed
    assert re.search(r"out: data changed from \d+ to \d+ at cycle \d+ while waiting for ready", r.message), r.message
    assert re.match(r"handshake_buffer: out: token \d+ is \d+, the model expects \d+", r.message), r.message


def test_a_buffer_that_withdraws_its_token_fails_only_the_protocol_check(tmp_path: Path):
    """Valid falls before a stalled token is taken (the checker the proofs use, dfv_hs_chk, in the harness's
    monitor); every token still arrives intact, so the scoreboard has nothing to say."""
    r = _run("buffer", "icarus", tmp_path, bug=2, tests=["BufferBackpressureTest"])["BufferBackpressureTest"]
    assert not r.passed
    dropped = r"handshake_buffer: out: valid dropped at cycle \d+ before the token was taken"
    assert re.match(dropped, r.message), r.message
    assert "the model expects" not in r.message, r.message


def _ports(*names: str, direction: str = "input") -> tuple[Port, ...]:
    return tuple(Port(direction, "", n) for n in names)


def test_one_port_per_lane_is_connected_lane_by_lane():
    header = Header("m", (), (*_ports("ck", "rst", "a", "a_v"), *_ports("a_r", direction="output"),
                              *_ports("b0", "b0_v", "b1", "b1_v", direction="output"), *_ports("b0_r", "b1_r")))
    ports = PortMap({"in": ChannelPorts("a", "a_v", "a_r"), "out": ChannelPorts("b{i}", "b{i}_v", "b{i}_r")},
                    clock="ck", at_init=None)
    text = gen_harness(header, (ChannelSpec("in", 4, True), ChannelSpec("out", 4, False, lane=0, lanes=2),
                                ChannelSpec("out", 4, False, lane=1, lanes=2)), ports=ports)
    assert "logic [1:0] out_valid, out_ready;" in text and "logic [7:0] out_data;" in text
    assert ".b1(out_data[7:4])" in text and ".b1_v(out_valid[1])" in text and ".b0_r(out_ready[0])" in text
    assert ".ck(clk)" in text and ".a(in_data)" in text and "assign at_init = 1'b1;" in text


def test_an_active_low_reset_is_driven_inverted():
    text = gen_harness(parse_header(HERE / "fork_packed.sv"),
                       (ChannelSpec("in", 8, True), *(ChannelSpec("out", 8, False, lane=i, lanes=2) for i in (0, 1))),
                       ports=FORK)
    assert ".rstn(~rst)" in text and ".clock(clk)" in text and ".outs_valid(out_valid)" in text


def test_a_port_map_that_names_a_missing_port_is_refused():
    header = parse_header(HERE / "elastic_buffer.sv")
    bad = PortMap.from_prefixes({"in": "inp", "out": "outs"}, at_init=None)
    with pytest.raises(HarnessError, match="elastic_buffer: channel in has width 8 but no port inp$"):
        gen_harness(header, (ChannelSpec("in", 8, True), ChannelSpec("out", 8, False)), ports=bad)
    with pytest.raises(HarnessError, match=r"elastic_buffer: no port inp_valid \(valid of in\)"):
        gen_harness(header, (ChannelSpec("in", 0, True), ChannelSpec("out", 8, False)), ports=bad)
    with pytest.raises(HarnessError, match=r"elastic_buffer: no port clock \(the clock\)"):
        gen_harness(header, (ChannelSpec("in", 8, True), ChannelSpec("out", 8, False)),
                    ports=PortMap.from_prefixes({"in": "ins", "out": "outs"}, clock="clock"))
    with pytest.raises(PortMapError, match="either every one or none of them has one port per lane"):
        ChannelPorts("d{i}", "v", "r")


def test_a_port_map_travels_to_the_simulator_unchanged():
    assert PortMap.from_json(FORK.to_json()) == FORK


ADDER = PortMap.from_prefixes({"lhs": "in0", "rhs": "in1", "result": "out0"}, at_init=None, errors=False,
                              params={"W": "WIDTH"})


def test_an_adder_without_error_ports_passes_the_arith_suite(tmp_path: Path):
    """CIRCT's `in0` / `in1` / `out0` naming, no `at_init` and no `err_valid` / `err_code`: the final-status
    checks are skipped (`PortMap.errors`), every other check of the kit's `arith_binop` suite runs, with the
    same cycles on both simulators."""
    by_sim = {sim: {r.name: r for r in verify([HERE / "adder_comb.sv"], "adder_comb", "arith_binop",
                                              {"W": 8, "OP": 0}, ADDER, sim, tmp_path / sim)}
              for sim in ("icarus", "verilator")}
    icarus, verilator = by_sim["icarus"], by_sim["verilator"]
    assert sorted(icarus) == sorted(verilator) and len(icarus) >= 8
    for name, r in icarus.items():
        assert r.passed and verilator[name].passed, (name, r.message, verilator[name].message)
        assert r.cycles == verilator[name].cycles > 0, name


def test_an_adder_that_loses_a_carry_fails_the_scoreboard(tmp_path: Path):
    results = verify([HERE / "adder_comb.sv"], "adder_comb", "arith_binop", {"W": 8, "OP": 0}, ADDER, "icarus",
                     tmp_path, tests=["ArithRandomTest"], module_params={"BUG": 1})
    (r,) = results
    assert not r.passed
    assert re.match(r"arith_binop: result: token \d+ is \d+, the model expects \d+", r.message), r.message


def test_a_module_parameter_the_module_lacks_is_refused(tmp_path: Path):
    with pytest.raises(HarnessError, match=r"adder_comb has no parameter\(s\) DEPTH \(module_params\)"):
        verify([HERE / "adder_comb.sv"], "adder_comb", "arith_binop", {"W": 8, "OP": 0}, ADDER, "icarus", tmp_path,
               module_params={"DEPTH": 2}, build_root=tmp_path)
