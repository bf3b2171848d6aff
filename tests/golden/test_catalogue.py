"""The operation catalogue (`dfv.golden.catalogue`) against the files it names: every operation is a module
or wiring in the generated top, every module it names (and its `_ctrl` variant) is defined in the file
named like it, every hand-written module of dfv/rtl/ belongs to an operation, the error ports it declares
are the module's, and docs/primitives.md names every handshake, arith and memory module and op."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dfv.golden.catalogue import (
    OPS,
    WIRING,
    WIRING_IN,
    WIRING_OUT,
    Storage,
    from_rtl,
    make_machine,
    ops_of_module,
    ops_with,
    spec,
)
from dfv.golden.encodings import BinopCode
from dfv.paths import RTL_DIR
from dfv.sim.hierarchy import users
from dfv.sim.regress import load_jobs
from dfv.sim.toolchain import rtl_sources

ROOT = Path(__file__).resolve().parents[2]
RTL_DIRS = tuple(sorted(d for d in RTL_DIR.iterdir() if d.is_dir()))
DOC = (ROOT / "docs" / "primitives.md").read_text()
MODULES = sorted({m for op in OPS.values() for m in op.modules()})


def _module_text(module: str) -> str:
    f = next(RTL_DIR.glob(f"*/{module}.sv"), None)
    assert f is not None, f"no RTL file for {module}"
    text = f.read_text()
    assert re.search(rf"^module\s+{module}\b", text, re.M), f"{f} does not define {module}"
    return text


@pytest.mark.parametrize("module", MODULES)
def test_every_module_is_defined_in_the_file_named_like_it(module):
    _module_text(module)


def test_every_rtl_module_belongs_to_an_operation():
    """An operation's module, or a building block inside one (dfv/rtl/common/: a control core or a
    datapath piece instantiated by an operation's module, however deep)."""
    files = sorted(f.stem for d in RTL_DIRS for f in d.glob("*.sv"))
    assert [f for f in files if not any(ops_of_module(m) for m in users(f))] == []


@pytest.mark.parametrize("module", MODULES)
def test_error_ports_are_declared_where_the_module_has_them(module):
    has_err = "err_code" in _module_text(module)
    assert {op.errors for op in ops_of_module(module)} == {has_err}, module


def test_wiring_operations_have_no_module_and_a_golden_model():
    assert WIRING == {"handshake.compose", "handshake.decompose", "handshake.repack", "arith.bitcast"}
    for name in WIRING:
        assert spec(name).modules() == ()
        with pytest.raises(ValueError, match="wiring"):
            spec(name).module_for({"width": 8})


def test_a_wiring_operation_has_the_one_input_and_output_the_top_and_the_timing_model_wire():
    """The generated top assigns WIRING_OUT from WIRING_IN and the timing-driven buffering counts that path."""
    machines = [spec("handshake.compose").machine(width=8), spec("handshake.decompose").machine(width=8),
                spec("handshake.repack").machine(width=8, in_width=16, fields=[[8, 8]])]
    for m in machines:
        assert (m.INPUTS, m.OUTPUTS) == ((WIRING_IN,), (WIRING_OUT,)), m
    bitcast = spec("arith.bitcast").compute
    assert ([p.name for p in bitcast.inputs], bitcast.output.name) == ([WIRING_IN], WIRING_OUT)


def test_every_binop_and_cast_is_an_operation():
    assert {f"arith.{op.spelling}" for op in BinopCode} <= set(OPS)
    assert spec("arith.divsi").rtl_params({"width": 16}) == {"W": "16", "OP": str(int(BinopCode.DIVSI))}
    assert isinstance(make_machine("arith.divsi", width=16), type(make_machine("arith.addi", width=16)))


def test_unknown_operation_is_named():
    with pytest.raises(KeyError, match="no operation 'handshake.instance'"):
        spec("handshake.instance")


def test_storage_classes():
    assert ops_with(Storage.MEMORY) == {"handshake.memory", "handshake.extmemory"}
    assert {"handshake.buffer", "handshake.fifo", "dataflow.stream"} <= ops_with(Storage.REGISTERED)
    assert "handshake.fork" not in ops_with(Storage.REGISTERED)


def _header(module: str) -> str:
    """The leading comment block of a module's file."""
    lines = _module_text(module).splitlines()
    return "\n".join(line for line in lines[:next(i for i, t in enumerate(lines) if not t.startswith("//"))])


def test_every_module_and_op_is_documented():
    """docs/primitives.md documents the primitives; a compute operation with a module of its own is
    documented by its declaration and its module's header (operation, parameters, ports, latency)."""
    for name, op in OPS.items():
        if name.startswith("dataflow."):
            continue  # the dataflow operations have their own specs, not docs/primitives.md
        for module in op.modules():
            if module not in DOC:
                header = _header(module)
                assert op.compute is not None and name in header and "Latency" in header, module
        if op.compute is None:
            assert name in DOC, name
    for op in BinopCode:
        assert f"| {op.spelling} |" in DOC, op


def test_every_module_declares_at_init():
    """Every module with a clock (state) has at_init, as a signal the testbenches read or, in a building
    block, an output its user reads; a combinational building block (no clock) holds no state."""
    for d in RTL_DIRS:
        if d.name == "dataflow":
            continue  # the dataflow machines name their initial state in their own ports
        for f in d.glob("*.sv"):
            text = f.read_text()
            if not re.search(r"input\s+logic\s+clk\b", text):
                continue
            assert re.search(r"logic\s+at_init\s*[;\n]", text), f"{f.name} lacks at_init"


PIPELINED_MODULES = sorted({spec(n).module for n in ops_with(Storage.PIPELINED)})


def _timing_params(module: str) -> list[dict]:
    """Every parameter set the regression builds `module` at."""
    sets = {tuple(sorted(j.params)) for j in load_jobs() if j.kernel is None and j.toplevel == module}
    assert sets, f"the regression never builds {module}"
    return [dict(p) for p in sorted(sets)]


def _rtl_timing(module: str, params: dict, tmp: Path) -> dict[str, int]:
    """The unit's LATENCY, INTERVAL and SLOTS localparams (those it declares) at `params`, as Icarus
    elaborates them."""
    text = _module_text(module)
    names = [n for n in ("LATENCY", "INTERVAL", "SLOTS") if re.search(rf"localparam int {n} = ", text)]
    overrides = ", ".join(f".{k}({v})" for k, v in params.items())
    shows = " ".join(f'$display("{n}=%0d", u.{n});' for n in names)
    (tmp / "t.sv").write_text(f"module t; {module} #({overrides}) u (); initial begin {shows} end endmodule\n")
    subprocess.run(["iverilog", "-g2012", "-o", str(tmp / "t.vvp"), *map(str, rtl_sources()), str(tmp / "t.sv")],
                   check=True, capture_output=True, text=True)
    out = subprocess.run(["vvp", "-n", str(tmp / "t.vvp")], check=True, capture_output=True, text=True).stdout
    return {k: int(v) for k, v in re.findall(r"^(\w+)=(\d+)$", out, re.M)}


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("module", PIPELINED_MODULES)
def test_a_unit_has_the_latency_interval_and_slots_the_catalogue_states(module, tmp_path):
    """At every parameter set the regression builds, the unit's LATENCY (and INTERVAL and SLOTS, where it
    declares them: 1 and LATENCY / INTERVAL otherwise) are the catalogue's (`OpSpec.latency`, `interval`,
    `slots`), which the testbench's drain and flow-control check, the bounded golden run and the slack
    and recurrence-bound code use."""
    for params in _timing_params(module):
        op, golden = from_rtl(module, params)
        rtl = _rtl_timing(module, params, tmp_path)
        interval = rtl.get("INTERVAL", 1)
        assert (op.latency(golden), op.interval(golden)) == (rtl["LATENCY"], interval), (module, params)
        assert op.slots(golden) == rtl.get("SLOTS", max(1, rtl["LATENCY"] // interval)), (module, params)
