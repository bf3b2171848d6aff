"""Token-stream cases of the handshake primitive golden models (expected streams written by hand)."""

from __future__ import annotations

import pytest

from dfv.golden.catalogue import OPS, make_machine
from dfv.golden.core import make_queues, run_streams
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
    Sink,
    Source,
    Store,
)

N = None  # a control token


# ---------------------------------------------------------------- fork
def test_fork_copies_every_token_to_every_output():
    r = run_streams(Fork(n=3, width=8), {"in": [1, 2, 255]})
    assert r.outputs == {"out[0]": [1, 2, 255], "out[1]": [1, 2, 255], "out[2]": [1, 2, 255]}
    assert r.firings == 3 and r.initial


def test_fork_n1_and_control():
    assert Fork(n=1, width=4).OUTPUTS == ("out[0]",)
    r = run_streams(Fork(n=2, width=0), {"in": [N, N]})
    assert r.outputs == {"out[0]": [N, N], "out[1]": [N, N]}


def test_fork_rejects_wrong_tokens():
    with pytest.raises(ValueError):
        run_streams(Fork(n=2, width=0), {"in": [0]})
    with pytest.raises(ValueError):
        run_streams(Fork(n=2, width=8), {"in": [N]})
    with pytest.raises(ValueError):
        Fork(n=0, width=8)


# ---------------------------------------------------------------- join
def test_join_waits_for_every_input():
    r = run_streams(Join(n=3), {"in[0]": [N, N, N], "in[1]": [N, N], "in[2]": [N, N, N, N]})
    assert r.outputs == {"out": [N, N]}
    assert r.leftover == {"in[0]": [N], "in[2]": [N, N]}


def test_join_single_input_and_empty():
    assert run_streams(Join(n=1), {"in[0]": [N]}).outputs == {"out": [N]}
    assert run_streams(Join(n=2), {"in[0]": [N]}).outputs == {"out": []}
    with pytest.raises(ValueError):
        Join(n=2, width=8)


# ---------------------------------------------------------------- cond_br
def test_cond_br_routes_by_cond():
    r = run_streams(CondBr(width=8), {"cond": [1, 0, 0, 1, 1], "data": [10, 11, 12, 13]})
    assert r.outputs == {"out_true": [10, 13], "out_false": [11, 12]}
    assert r.leftover == {"cond": [1]}


def test_cond_br_control():
    r = run_streams(CondBr(width=0), {"cond": [0, 1, 0], "data": [N, N, N]})
    assert r.outputs == {"out_true": [N], "out_false": [N, N]}


def test_cond_br_cond_must_be_one_bit():
    with pytest.raises(ValueError):
        run_streams(CondBr(width=8), {"cond": [2], "data": [1]})


# ---------------------------------------------------------------- mux
def test_mux_consumes_only_the_selected_input():
    r = run_streams(Mux(n=2, width=8), {"sel": [1, 0, 1, 1], "in[0]": [5, 6], "in[1]": [7, 8]})
    # sel 1 -> 7, sel 0 -> 5, sel 1 -> 8, last sel 1 stalls (in[1] empty), in[0]'s 6 stays
    assert r.outputs == {"out": [7, 5, 8]}
    assert r.leftover == {"sel": [1], "in[0]": [6]}


def test_mux_three_inputs_and_out_of_range_select_stalls():
    m = Mux(n=3, width=4)
    assert m.INPUTS == ("sel", "in[0]", "in[1]", "in[2]") and m.sel_width == 2
    r = run_streams(m, {"sel": [2, 0, 3, 1], "in[0]": [1], "in[1]": [2], "in[2]": [3]})
    assert r.outputs == {"out": [3, 1]}
    assert r.leftover == {"sel": [3, 1], "in[1]": [2]}


def test_mux_order_follows_sel_not_arrival():
    r = run_streams(Mux(n=2, width=0), {"sel": [0, 0, 1], "in[0]": [N, N], "in[1]": [N]})
    assert r.outputs == {"out": [N, N, N]} and not r.leftover
    assert Mux(n=1, width=8).sel_width == 1


# ---------------------------------------------------------------- merge / control_merge
def test_merge_takes_lowest_index_first():
    r = run_streams(Merge(n=3, width=8), {"in[0]": [1, 2], "in[1]": [3], "in[2]": [4, 5]})
    assert r.outputs == {"out": [1, 2, 3, 4, 5]}


def test_merge_interleaving_when_fed_per_cycle():
    m = Merge(n=2, width=8)
    inq, outq = make_queues(m.INPUTS), make_queues(m.OUTPUTS)
    for cycle in ({"in[1]": 9}, {"in[0]": 1, "in[1]": 8}, {}):
        for p, v in cycle.items():
            inq[p].append(v)
        m.fire(inq, outq)  # one token per cycle
    assert list(outq["out"]) == [9, 1, 8]


def test_control_merge_reports_index():
    r = run_streams(ControlMerge(n=3, width=0), {"in[0]": [N], "in[1]": [N, N], "in[2]": [N]})
    assert r.outputs == {"out": [N, N, N, N], "index": [0, 1, 1, 2]}
    r = run_streams(ControlMerge(n=2, width=16), {"in[1]": [0xBEEF], "in[0]": [0x1234]})
    assert r.outputs == {"out": [0x1234, 0xBEEF], "index": [0, 1]}


# ---------------------------------------------------------------- sink / source / constant
def test_sink_discards():
    r = run_streams(Sink(width=8), {"in": [1, 2, 3]})
    assert r.outputs == {} and not r.leftover and r.firings == 3
    assert run_streams(Sink(width=0), {"in": [N]}).firings == 1


def test_source_emits_on_every_firing():
    s = Source()
    inq, outq = make_queues(s.INPUTS), make_queues(s.OUTPUTS)
    for _ in range(4):
        assert s.fire(inq, outq)
    assert list(outq["out"]) == [N, N, N, N]


def test_constant_one_value_per_control_token():
    assert run_streams(Constant(value=42, width=8), {"ctrl": [N, N]}).outputs == {"out": [42, 42]}
    assert run_streams(Constant(value=-1, width=8), {"ctrl": [N]}).outputs == {"out": [0xFF]}
    assert run_streams(Constant(value=-2, width=64), {"ctrl": [N]}).outputs == {"out": [0xFFFF_FFFF_FFFF_FFFE]}
    assert run_streams(Constant(value=1, width=1), {"ctrl": [N]}).outputs == {"out": [1]}
    with pytest.raises(ValueError):
        Constant(value=256, width=8)
    with pytest.raises(ValueError):
        Constant(value=-129, width=8)


# ---------------------------------------------------------------- buffer / fifo
@pytest.mark.parametrize("machine", [Buffer(width=8), Fifo(width=8, depth=1), Fifo(width=8, depth=4)])
def test_buffers_preserve_order(machine):
    r = run_streams(machine, {"in": [3, 1, 4, 1, 5, 9, 2, 6]})
    assert r.outputs == {"out": [3, 1, 4, 1, 5, 9, 2, 6]}


def test_control_buffers():
    assert run_streams(Buffer(width=0), {"in": [N, N]}).outputs == {"out": [N, N]}
    assert run_streams(Fifo(width=0, depth=3), {"in": [N]}).outputs == {"out": [N]}
    with pytest.raises(ValueError):
        Fifo(width=8, depth=0)


# ---------------------------------------------------------------- load / store
def test_load_address_path_joins_ctrl_and_data_path_passes_through():
    r = run_streams(Load(width=8, addr_width=4), {"addr": [3, 5, 7], "ctrl": [N, N], "data_from_mem": [0xAA, 0xBB]})
    assert r.outputs == {"addr_to_mem": [3, 5], "data": [0xAA, 0xBB]}
    assert r.leftover == {"addr": [7]}


def test_load_forwards_the_address_extras_in_order():
    """Extras (3 bits above a 4-bit address) go to the data words in request order; the memory sees the
    plain address; a word with no address in flight waits; at most `extras_depth` addresses are in flight."""
    load = Load(width=8, addr_width=4, addr_extras=3, extras_depth=2)
    r = run_streams(load, {"addr": [3 | 5 << 4, 6 | 2 << 4, 9 | 7 << 4], "ctrl": [N, N, N], "data_from_mem": [0xAA]})
    assert r.outputs == {"addr_to_mem": [3, 6, 9], "data": [0xAA | 5 << 8]}
    assert not r.initial  # two addresses still wait for their data
    blocked = Load(width=8, addr_width=4, addr_extras=1, extras_depth=2)
    r = run_streams(blocked, {"addr": [1, 2, 3], "ctrl": [N, N, N]})
    assert r.outputs == {"addr_to_mem": [1, 2], "data": []} and r.leftover == {"addr": [3], "ctrl": [N]}
    early = run_streams(Load(width=8, addr_width=4, addr_extras=1, extras_depth=2), {"data_from_mem": [7]})
    assert early.leftover == {"data_from_mem": [7]} and early.initial
    with pytest.raises(ValueError, match="needs extras_depth >= 1"):
        Load(width=8, addr_width=4, addr_extras=2)


def test_store_joins_all_three():
    r = run_streams(Store(width=8, addr_width=4), {"addr": [1, 2], "data": [0x11, 0x22, 0x33], "ctrl": [N, N, N]})
    assert r.outputs == {"data_to_mem": [0x11, 0x22], "addr_to_mem": [1, 2]}
    assert r.leftover == {"data": [0x33], "ctrl": [N]}
    with pytest.raises(ValueError):
        run_streams(Store(width=8, addr_width=4), {"addr": [16], "data": [0], "ctrl": [N]})


# ---------------------------------------------------------------- registry
def test_registry_names_and_rtl_modules():
    for name, op in OPS.items():
        if op.ctrl_module is not None:  # the control-only module is built with width 0
            assert make_machine(name, width=0).width == 0
            assert op.module_for({"width": 0}) == op.ctrl_module and op.module_for({"width": 8}) == op.module
    assert isinstance(make_machine("handshake.fork", n=3, width=16), Fork)
    assert isinstance(make_machine("handshake.source"), Source)
    assert make_machine("handshake.constant", value=7, width=4).value == 7
