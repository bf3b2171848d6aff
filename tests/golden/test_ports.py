"""The port declarations of the golden machines (`dfv.golden.core.PortDecl`): the one statement of an
operation's channels, from which its golden port names (`INPUTS` / `OUTPUTS`) follow."""

from __future__ import annotations

import pytest

from dfv.golden.catalogue import COMPUTE, OPS, make_machine
from dfv.golden.core import Machine, PortDecl, Stateless, port_names
from dfv.golden.dataflow import Carry, Gate, Invariant, Stream
from dfv.golden.handshake import (
    Buffer,
    CondBr,
    Constant,
    ControlMerge,
    Fifo,
    Fork,
    Join,
    Load,
    Merge,
    Mux,
    Repack,
    Sink,
    Source,
    Store,
    Wire,
)
from dfv.golden.memory import ExtMemory, Memory

# parameters of the operations that take more than widths and formats (every other width is 8, every format f16)
PARAMS = {"handshake.repack": {"width": 4, "in_width": 8, "fields": [(0, 4)]},
          "arith.cmpi": {"width": 8, "predicate": "eq"},
          "arith.cmpf": {"format": "f16", "predicate": "olt"},
          "arith.extf": {"in_format": "f16", "out_format": "f32"},
          "arith.truncf": {"in_format": "f32", "out_format": "bf16"}}


def catalogue_machine(op: str) -> Machine:
    """The golden machine of operation `op` at small parameters."""
    compute = COMPUTE.get(op)
    default = {**dict.fromkeys(compute.width_params(), 8), **dict.fromkeys(compute.format_params(), "f16")} \
        if compute else {}
    return make_machine(op, **PARAMS.get(op, default))


MACHINES = [
    Fork(3, 8), Fork(1, 0), Join(3), CondBr(8), CondBr(0), Mux(3, 8), Mux(2, 0, 32), Merge(3, 8),
    ControlMerge(3, 0), ControlMerge(4, 8, 32), Buffer(8), Fifo(0, 3), Wire(5), Repack(4, 8, [(2, 4)]), Sink(8),
    Source(), Constant(5, 8), Load(16, 8), Load(16, 8, 5, 2), Store(16, 8), Memory(8, 4, 16, 2, 1),
    Memory(8, 4, 16, 1, 0), ExtMemory(8, 4, 0, 2), Stream(8), Stream(8, cont_cond=None), Gate(8), Carry(8),
    Invariant(8), *map(catalogue_machine, COMPUTE),
]


@pytest.mark.parametrize("machine", MACHINES, ids=lambda m: type(m).__name__)
def test_the_port_names_follow_from_the_declaration(machine: Machine):
    declared = machine.ports()
    assert declared is not None and all(isinstance(p, PortDecl) for p in declared)
    assert machine.INPUTS == port_names(declared, True) and machine.OUTPUTS == port_names(declared, False)
    # inputs first, as the RTL channels are listed
    directions = [p.is_input for p in declared]
    assert directions == sorted(directions, reverse=True)


def test_every_operation_of_the_catalogue_declares_its_ports():
    for op in OPS:
        assert catalogue_machine(op).ports() is not None, op


def test_a_packed_port_names_its_lanes_and_may_have_none():
    assert Fork(3, 8).ports() == (PortDecl("in", 8, True), PortDecl("out", 8, False, lanes=3))
    assert Fork(1, 8).OUTPUTS == ("out[0]",)
    assert PortDecl("ld_addr", 4, True, lanes=0).channels == ()
    m = Memory(8, 4, 16, n_load=2, n_store=0)
    assert m.INPUTS == ("ld_addr[0]", "ld_addr[1]")
    assert m.OUTPUTS == ("ld_data[0]", "ld_data[1]", "ld_done[0]", "ld_done[1]")
    assert [p.name for p in m.ports()] == ["st_data", "st_addr", "ld_addr", "ld_data", "st_done", "ld_done"]


def test_widths_come_from_the_constructor_parameters():
    assert Mux(3, 8).ports()[0] == PortDecl("sel", 2, True)
    assert Mux(3, 8, sel_width=32).ports()[0] == PortDecl("sel", 32, True)
    assert ControlMerge(4, 0, 32).ports()[-1] == PortDecl("index", 32, False)
    assert ControlMerge(3).ports()[-1] == PortDecl("index", 2, False)
    assert Load(16, 8, 5, 2).ports() == (
        PortDecl("addr", 13, True), PortDecl("data_from_mem", 16, True), PortDecl("ctrl", 0, True),
        PortDecl("data", 21, False), PortDecl("addr_to_mem", 8, False))
    assert Repack(4, 8, [(2, 4)]).ports() == (PortDecl("in", 8, True), PortDecl("out", 4, False))
    assert Join(2).ports() == (PortDecl("in", 0, True, lanes=2), PortDecl("out", 0, False))


def test_a_sideband_is_a_golden_port_of_its_own_after_the_channels():
    assert Stream(8).ports()[0] == PortDecl("start", 8, True)
    assert Stream(8, cont_cond=None).ports()[0] == PortDecl("start", 8, True, sideband=(("cont_cond", 3),))
    assert Stream(8, cont_cond=None).INPUTS == ("start", "step", "bound", "cont_cond")
    ports = (PortDecl("a", 4, True, sideband=(("x", 1), ("y", 2))), PortDecl("b", 4, True, lanes=2),
             PortDecl("o", 4, False))
    assert port_names(ports, True) == ("a", "b[0]", "b[1]", "x", "y")
    assert port_names(ports, False) == ("o",)


def test_a_machine_that_declares_no_ports_keeps_the_names_it_sets():
    class Adapter(Stateless):
        def __init__(self):
            self.INPUTS, self.OUTPUTS = ("x",), ("y",)
            super().__init__()

        def fire(self, inq, outq) -> bool:
            return False

    m = Adapter()
    assert m.ports() is None and m.INPUTS == ("x",) and m.OUTPUTS == ("y",)
