"""Golden models added for handshake programs: spec 003's wiring (`Wire`, `Repack`) and the FIFO's
initial tokens (CIRCT's `buffer {initValues}`)."""

from __future__ import annotations

import pytest

from dfv.golden.core import run_streams
from dfv.golden.handshake import Fifo, Repack, Wire


def test_wire_passes_every_token():
    r = run_streams(Wire(37), {"in": [0, 2**37 - 1, 12345]})
    assert r.outputs == {"out": [0, 2**37 - 1, 12345]} and r.initial


def test_repack_keeps_fields_in_order():
    # a 37-bit word: data [31:0], spec [32], tag [36:33]; keep data and tag
    word = (0b1011 << 33) | (1 << 32) | 0xDEADBEEF
    r = run_streams(Repack(36, 37, [(0, 32), (33, 4)]), {"in": [word]})
    assert r.outputs == {"out": [(0b1011 << 32) | 0xDEADBEEF]}


@pytest.mark.parametrize("fields", [[(0, 32)], [(30, 8), (0, 28)]])
def test_repack_rejects_fields_that_do_not_fit(fields):
    with pytest.raises(ValueError, match="do not make"):
        Repack(36, 37, fields)


def test_fifo_initial_tokens_leave_first():
    f = Fifo(8, 3, (0x5A, 0xA5))
    assert not f.is_initial() and f.state_name() == "INIT2"
    r = run_streams(f, {"in": [1, 2, 3]})
    assert r.outputs == {"out": [0x5A, 0xA5, 1, 2, 3]} and r.initial
    f.reset()
    assert list(f.pending) == [0x5A, 0xA5]


def test_control_fifo_initial_tokens_leave_first():
    """A control buffer with initValues (CIRCT writes 0 for each): that many control tokens after reset."""
    f = Fifo(0, 3, (0, 0))
    assert f.state_name() == "INIT2"
    r = run_streams(f, {"in": [None]})
    assert r.outputs == {"out": [None, None, None]} and r.initial


@pytest.mark.parametrize("width, depth, init, needle", [
    (8, 1, (1, 2), "do not fit depth 1"),
    (0, 2, (0, 1), "initial tokens carry no value"),
    (4, 2, (16,), "not an unsigned 4-bit word"),
])
def test_fifo_initial_tokens_checked(width, depth, init, needle):
    with pytest.raises(ValueError, match=needle):
        Fifo(width, depth, init)


def test_pack_and_unpack_are_inverse():
    """A pack puts its inputs' bits side by side (the first low, a control field none), an unpack takes
    them apart; one token of every input makes one token."""
    from dfv.golden.handshake import Pack, Unpack

    p = Pack((8, 0, 4))
    r = run_streams(p, {"in0": [0xAB, 0x01], "in1": [None, None], "in2": [0x5]})
    assert r.outputs == {"out": [0x5 << 8 | 0xAB]} and r.leftover == {"in0": [0x01], "in1": [None]}
    u = Unpack((8, 0, 4))
    assert run_streams(u, {"in": r.outputs["out"]}).outputs == {"out0": [0xAB], "out1": [None], "out2": [0x5]}
    with pytest.raises(ValueError, match="control tokens only"):
        Pack((0, 0))
