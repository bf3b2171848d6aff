"""The static delay model (dfv.timing.netdelay) on netlists Yosys makes here, and the delay table it wrote
(dfv/timing/delays.json): arcs, launch and capture times are the sums of the model's own cell and routing
delays along the synthesised cells; the table covers every module the lowering instantiates, a register
slice has no path through it, and the table is current (characterised from the RTL as it is)."""

from __future__ import annotations

import json
import subprocess

import pytest

from dfv.golden.catalogue import OPS
from dfv.sim.provenance import inputs_digest
from dfv.timing.characterise import TABLE_INPUTS
from dfv.timing.flow import YOSYS
from dfv.timing.netdelay import COMBINATIONAL, LAUNCH, ROUTE_NS, TABLE, TimingNetlist, load_table, module_arcs

LUT = COMBINATIONAL["LUT4"][0][2]
CLK_TO_Q = LAUNCH["TRELLIS_FF"]["Q"]

TINY = """
module tiny (input logic clk, input logic a, input logic b, input logic c, output logic y, output logic q);
  logic r;
  assign y = (a & b) | c;
  always_ff @(posedge clk) r <= a ^ b;
  assign q = r;
endmodule
"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    d = tmp_path_factory.mktemp("tiny")
    (d / "tiny.sv").write_text(TINY)
    subprocess.run([str(YOSYS), "-q", "-p", "read_verilog -sv tiny.sv; synth_ecp5 -top tiny -json tiny.json"],
                   cwd=d, check=True, timeout=300)
    return TimingNetlist(d / "tiny.json", "tiny")


def test_arcs_launch_and_capture_of_a_small_netlist(tiny):
    m = module_arcs(tiny, ignore=("clk",))
    # one LUT4 from each input to y: the net into the LUT, then the LUT
    for a in ("a", "b", "c"):
        assert m.arcs[(a, "y")] == pytest.approx(ROUTE_NS + LUT)
    assert ("c", "q") not in m.arcs and ("a", "q") not in m.arcs  # q comes from a register
    assert m.launch == {"q": pytest.approx(CLK_TO_Q)}
    # a and b reach the register through one LUT: net, LUT, net, setup 0
    assert m.capture["a"] == pytest.approx(2 * ROUTE_NS + LUT)
    assert "c" not in m.capture
    assert m.internal == 0.0  # no path from a register to a register


def test_the_table_covers_every_module_of_the_catalogue():
    table = load_table()
    modules = {m for op in OPS.values() for m in op.modules()}
    missing = sorted(m for m in modules if m not in table.modules)
    # math_fma at f64 is refused by the WebAssembly Yosys (its call stack); its other formats are in the table
    assert not missing, missing


def test_a_register_slice_has_no_path_through_it():
    table = load_table()
    for module in ("handshake_buffer", "handshake_buffer_ctrl"):
        for params, arcs in table.modules[module]:
            assert not arcs.arcs, (module, params)


def test_the_table_is_characterised_from_the_rtl_as_it_is():
    recorded = json.loads(TABLE.read_text())["inputs"]
    assert recorded == inputs_digest(TABLE_INPUTS), (
        "the RTL or the delay model changed since dfv/timing/delays.json was written: run `dfv timing --characterise`")


def test_nearest_parameter_set_is_the_closest_that_covers():
    table = load_table()
    forks = dict((tuple(sorted(p.items())), a) for p, a in table.modules["handshake_fork"])
    assert table.arcs("handshake_fork", {"N": 3, "W": 32}) is forks[(("N", 3), ("W", 32))]  # characterised
    assert table.arcs("handshake_fork", {"N": 3, "W": 20}) is forks[(("N", 3), ("W", 32))]  # next width up
    assert table.arcs("handshake_fork", {"N": 5, "W": 64}) is forks[(("N", 8), ("W", 64))]  # next fan-out up
    largest = max(forks, key=lambda k: dict(k)["N"] * dict(k)["W"])
    assert table.arcs("handshake_fork", {"N": 99, "W": 999}) is forks[largest]  # beyond every set: the largest
