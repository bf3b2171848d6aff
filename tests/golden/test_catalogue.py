"""The operation catalogue (`dfv.golden.catalogue`) against the files it names: every operation is a module
or wiring in the generated top, every module it names (and its `_ctrl` variant) is defined in the file
named like it, every hand-written module of dfv/rtl/ belongs to an operation, the error ports it declares
are the module's, and docs/primitives.md names every handshake, arith and memory module and op."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dfv.golden.catalogue import OPS, WIRING, Storage, make_machine, ops_of_module, ops_with, spec
from dfv.golden.encodings import BinopCode
from dfv.paths import RTL_DIR
from dfv.sim.hierarchy import users

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


PIPELINED = sorted(ops_with(Storage.PIPELINED))


@pytest.mark.parametrize("name", PIPELINED)
def test_a_pipelined_unit_has_the_latency_the_catalogue_states(name):
    """The unit's LATENCY localparam, where it is a number (the same in every format), is the catalogue's
    latency in every format; a latency that depends on the format is checked by the unit's long campaign
    (tools/fpcheck reads dut.LATENCY)."""
    op = spec(name)
    m = re.search(r"localparam int LATENCY = (\d+);", _module_text(op.module))
    if m is None:
        pytest.skip(f"{op.module}: LATENCY is a function of the format")
    for fmt in ("f16", "bf16", "f32", "f64"):
        params = {p: fmt for p in op.compute.format_params()} | {p: 32 for p in op.compute.width_params()}
        assert op.latency(params) == int(m.group(1)), (name, fmt)
