"""verify.py must catch deliberately mis-wired graphs and name the violating operation."""

from __future__ import annotations

import os

import pytest
from kernel_inputs import KERNELS, ROOT

from dfv.golden.types import CONTROL, int_type
from dfv.lowering.dfg import Ref
from dfv.lowering.pipeline import lower_file
from dfv.lowering.verify import DfgVerifyError, verify


def _g(name="dot_product"):
    return lower_file(os.path.join(ROOT, "kernels", f"{name}.mlir"), name)


def _find(g, op, role=None):
    return next(n for n in g.nodes.values() if n.op == op and (role is None or n.meta.get("role") == role))


@pytest.mark.parametrize("name", KERNELS)
def test_kernels_verify(name):
    verify(_g(name))


def _swap(g, a: tuple[str, str], b: tuple[str, str]):
    """Exchange the sources of two input ports (the structure stays one-producer/one-consumer)."""
    na, nb = g.nodes[a[0]], g.nodes[b[0]]
    na.inputs[a[1]], nb.inputs[b[1]] = nb.inputs[b[1]], na.inputs[a[1]]
    g.build_channels()


def test_body_invariant_on_raw_stream_is_caught():
    g = _g("if_stores")
    inv = _find(g, "dataflow.invariant", "for_body")
    split = _find(g, "handshake.cond_br", "for_iter_split") if any(
        n.meta.get("role") == "for_iter_split" for n in g.nodes.values()) else None
    gate = _find(g, "dataflow.gate")
    if split is None:
        _swap(g, (inv.id, "d"), (gate.id, "before_cond"))
    else:
        _swap(g, (inv.id, "d"), (split.id, "cond"))
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "dataflow.invariant" in str(e.value) or "dataflow.gate" in str(e.value)
    assert "if_stores.mlir" in str(e.value)


def test_memory_carry_on_raw_stream_is_caught():
    g = _g("dot_product")
    mem = _find(g, "dataflow.carry", "for_mem")
    it = _find(g, "dataflow.carry", "for_iter")
    _swap(g, (mem.id, "d"), (it.id, "d"))
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    msg = str(e.value)
    assert "dataflow.carry" in msg and ("after_cond" in msg or "raw_will_continue" in msg)


def test_iter_split_on_after_cond_is_caught():
    g = _g("dot_product")
    split = _find(g, "handshake.cond_br", "for_iter_split")
    msplit = _find(g, "handshake.cond_br", "for_mem_split")
    _swap(g, (split.id, "cond"), (msplit.id, "cond"))
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "handshake.cond_br" in str(e.value)


def test_dangling_channel_is_caught():
    g = _g()
    g.channels[3].dst = Ref("ghost_999", "in")
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "dangling" in str(e.value)


def test_unconnected_input_is_caught():
    g = _g()
    mux = _find(g, "handshake.mux")
    g.channels = [c for c in g.channels if c.dst != Ref(mux.id, "sel")]
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "handshake.mux" in str(e.value) and "sel" in str(e.value) and "dot_product.mlir" in str(e.value)


def test_two_consumers_is_caught():
    g = _g()
    c = g.channels[0]
    g.channels.append(type(c)("cx", c.src, c.dst, c.type))
    with pytest.raises(DfgVerifyError):
        verify(g)


def test_load_without_ctrl_is_caught():
    g = _g()
    ld = _find(g, "handshake.load")
    ld.in_types.pop("ctrl")
    ld.inputs.pop("ctrl")
    g.channels = [c for c in g.channels if c.dst != Ref(ld.id, "ctrl")]
    src_nodes = {c.src.node for c in g.channels}
    del src_nodes
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "handshake.load" in str(e.value) or "output" in str(e.value)


def test_done_token_sunk_is_caught():
    g = _g("for_trip_args")
    st = _find(g, "handshake.store")
    done = st.meta["done"]
    user = next(c.dst for c in g.channels if c.src == done)
    sink = next(n for n in g.nodes.values() if n.op == "handshake.sink" and n.in_types["in"] == CONTROL
                and n.inputs["in"] != done)
    _swap(g, (user.node, user.port), (sink.id, "in"))
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "handshake.store" in str(e.value) and "done token has no consumer" in str(e.value)


def test_type_mismatch_is_caught():
    g = _g()
    c = next(c for c in g.channels if c.type == int_type(32))
    c.type = int_type(64)
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "does not match" in str(e.value)


def test_gate_of_foreign_stream_is_caught():
    g = _g("matmul")
    gates = [n for n in g.nodes.values() if n.op == "dataflow.gate"]
    _swap(g, (gates[0].id, "before_value"), (gates[1].id, "before_value"))
    with pytest.raises(DfgVerifyError) as e:
        verify(g)
    assert "dataflow.gate" in str(e.value) and "its own stream" in str(e.value)
