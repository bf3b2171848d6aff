"""Hand-computed cases of the memory golden models: done-token order, same-cycle service order,
out-of-range accesses, contents, external memory."""

from __future__ import annotations

import pytest

from dfv.golden.catalogue import OPS, make_machine
from dfv.golden.core import make_queues, run_streams
from dfv.golden.errors import ErrorCode
from dfv.golden.memory import ExtMemory, Memory

N = None
RANGE = ErrorCode.RT_MEMORY_ADDR_RANGE


def test_port_names_stores_first():
    m = Memory(width=8, addr_width=4, depth=16, n_load=2, n_store=1)
    assert m.INPUTS == ("st_data[0]", "st_addr[0]", "ld_addr[0]", "ld_addr[1]")
    assert m.OUTPUTS == ("ld_data[0]", "ld_data[1]", "st_done[0]", "ld_done[0]", "ld_done[1]")
    ro = Memory(width=8, addr_width=4, depth=16, n_load=1, n_store=0)
    assert ro.INPUTS == ("ld_addr[0]",) and ro.OUTPUTS == ("ld_data[0]", "ld_done[0]")


def test_one_done_token_per_access_and_stores_served_before_loads():
    m = Memory(width=8, addr_width=4, depth=8, n_load=1, n_store=1, contents=[1, 2, 3, 4])
    r = run_streams(m, {"st_data[0]": [0x55, 0x66], "st_addr[0]": [2, 3], "ld_addr[0]": [2, 3, 0]})
    # both stores are served first (priority), then the three loads see the new contents
    assert r.outputs == {"ld_data[0]": [0x55, 0x66, 1], "st_done[0]": [N, N], "ld_done[0]": [N, N, N]}
    assert r.firings == 5 and r.error == 0
    assert m.contents == [1, 2, 0x55, 0x66, 0, 0, 0, 0]


def test_fired_per_cycle_a_load_before_a_store_sees_old_data():
    m = Memory(width=8, addr_width=4, depth=4, n_load=1, n_store=1, contents=[7, 7, 7, 7])
    inq, outq = make_queues(m.INPUTS), make_queues(m.OUTPUTS)
    inq["ld_addr[0]"].append(1)  # cycle 1: load alone
    while m.fire(inq, outq):
        pass
    inq["st_data[0]"].append(9)  # cycle 2: store, then load of the same cycle (write-first)
    inq["st_addr[0]"].append(1)
    inq["ld_addr[0]"].append(1)
    order = []
    while m.fire(inq, outq):
        order.append({p: len(q) for p, q in outq.items()})
    assert list(outq["ld_data[0]"]) == [7, 9]
    # within cycle 2 the store's done token is produced before the load's
    assert order[0]["st_done[0]"] == 1 and order[0]["ld_done[0]"] == 1
    assert order[1]["ld_done[0]"] == 2


def test_store_needs_both_data_and_address():
    m = Memory(width=8, addr_width=4, depth=4, n_load=0, n_store=1)
    r = run_streams(m, {"st_data[0]": [1, 2], "st_addr[0]": [3]})
    assert r.outputs == {"st_done[0]": [N]} and r.leftover == {"st_data[0]": [2]}
    assert m.contents == [0, 0, 0, 1]


def test_multi_port_priority_order():
    m = Memory(width=8, addr_width=4, depth=4, n_load=2, n_store=2)
    # both store ports write address 2 in the same cycle: port 1 is served after port 0 and wins, the load after both
    r = run_streams(m, {"st_data[0]": [5], "st_addr[0]": [2], "st_data[1]": [6], "st_addr[1]": [2], "ld_addr[0]": [2]})
    assert r.outputs["ld_data[0]"] == [6]
    assert r.outputs["st_done[0]"] == [N] and r.outputs["st_done[1]"] == [N]


def test_out_of_range_access_completes_with_error():
    m = Memory(width=8, addr_width=4, depth=5, n_load=1, n_store=1, contents=[1, 2, 3, 4, 5])
    r = run_streams(m, {"st_data[0]": [0xEE], "st_addr[0]": [5], "ld_addr[0]": [15, 4]})
    assert r.outputs == {"ld_data[0]": [0, 5], "st_done[0]": [N], "ld_done[0]": [N, N]}
    assert r.error == RANGE
    assert m.contents == [1, 2, 3, 4, 5]
    m.reset()
    assert m.error == 0 and m.contents == [1, 2, 3, 4, 5]  # contents survive reset, like mem_q


def test_contents_and_parameter_checks():
    with pytest.raises(ValueError):
        Memory(width=8, addr_width=4, depth=2, contents=[1, 2, 3])
    with pytest.raises(ValueError):
        Memory(width=8, addr_width=4, depth=2, contents=[256])
    with pytest.raises(ValueError):
        Memory(width=8, addr_width=4, depth=2, n_load=0, n_store=0)
    with pytest.raises(ValueError):
        run_streams(Memory(width=8, addr_width=2, depth=4), {"ld_addr[0]": [4]})  # not a 2-bit word


def test_extmemory_same_order_sparse_no_error():
    m = ExtMemory(width=16, addr_width=32, n_load=1, n_store=1, contents={0x1000_0000: 0xABCD})
    r = run_streams(
        m, {"st_data[0]": [0x1234], "st_addr[0]": [0xFFFF_FFFF], "ld_addr[0]": [0xFFFF_FFFF, 0x1000_0000, 7]}
    )
    assert r.outputs == {"ld_data[0]": [0x1234, 0xABCD, 0], "st_done[0]": [N], "ld_done[0]": [N, N, N]}
    assert r.error == 0
    assert ExtMemory(width=8, addr_width=4, contents=[9, 8]).contents == {0: 9, 1: 8}


def test_registry():
    assert {op for op in OPS if "memory" in op} == {"handshake.memory", "handshake.extmemory"}
    m = make_machine("handshake.memory", width=32, addr_width=10, depth=1024, n_load=2, n_store=1)
    assert isinstance(m, Memory) and m.depth == 1024
    assert isinstance(make_machine("handshake.extmemory", width=32, addr_width=32, n_load=1, n_store=0), ExtMemory)
