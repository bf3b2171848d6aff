"""The operation harness (dfv/tb/common/op_harness.py): the generated text for packed lanes, sidebands, an
external memory and a module's local parameters, the errors for a module that does not fit its channels, and
the token packing."""

from __future__ import annotations

import pytest

from dfv.tb.common.channel_spec import ChannelSpec
from dfv.tb.common.op_harness import HarnessError, Header, Port, gen_harness, parse_header, rtl_file
from dfv.tb.suites import harness_text


def _ports(*names: str, rng: str = "") -> tuple[Port, ...]:
    return tuple(Port("input" if n.endswith(("_valid", "_data")) or n in ("clk", "rst") else "output", rng, n)
                 for n in names)


def test_packed_lanes_are_assembled_from_and_sliced_into_lane_agents():
    header = parse_header(rtl_file("handshake_fork"))
    channels = (ChannelSpec("in", 8, True), *(ChannelSpec("out", 8, False, lane=i, lanes=3) for i in range(3)))
    text = gen_harness(header, channels)
    assert "assign out_ready = {snk_out_2_ready, snk_out_1_ready, snk_out_0_ready};" in text
    assert ".data({out_data[15:8]}), .valid(out_valid[1]), .ready(out_ready[1])" in text
    assert "handshake_fork #(.W(W), .N(N)) u_dut (" in text


def test_a_sideband_rides_above_the_data_of_its_channel():
    header = parse_header(rtl_file("dataflow_stream"))
    spec = ChannelSpec("start", 32, True, sideband=(("cont_cond", 3),))
    channels = (spec, ChannelSpec("step", 32, True), ChannelSpec("bound", 32, True), ChannelSpec("idx", 32, False),
                ChannelSpec("cont", 1, False))
    text = gen_harness(header, channels)
    assert "assign cont_cond = src_start_data[34:32];" in text
    assert ".data({cont_cond, start_data})" in text
    assert spec.unpack(spec.pack((0xDEADBEEF, 5))) == (0xDEADBEEF, 5)
    assert spec.pack((1, 2)) == 1 | 2 << 32


def test_a_channel_without_its_ports_is_refused():
    header = Header("m", (), _ports("clk", "rst", "a_data", "a_valid"))
    with pytest.raises(HarnessError, match=r"m: no port a_ready \(ready of a\)"):
        gen_harness(header, (ChannelSpec("a", 8, True),))


def test_an_input_in_no_channel_needs_a_tie_off():
    header = Header("m", (), (*_ports("clk", "rst", "a_valid", "a_ready"), Port("input", "[3:0]", "cfg")))
    with pytest.raises(HarnessError, match="m: input cfg is in no channel and has no tie-off"):
        gen_harness(header, (ChannelSpec("a", 0, True),))
    assert "logic [3:0] cfg = 7;  // tied off" in gen_harness(header, (ChannelSpec("a", 0, True),), (("cfg", 7),))


def test_an_external_memory_gets_a_memory_model_and_the_module_its_local_parameters():
    params = {"W": 32, "AW": 8, "NLD": 2, "NST": 1, "MAXOUT": 3}
    text = harness_text("handshake_extmemory", "dfv.tb.memory.extmemory", params)
    assert "dfv_mem_model #(.W(32), .AW(8), .SIZE(256), " in text
    assert ".req_data(mem_req_data), .req_valid(mem_req_valid), .req_ready(mem_req_ready)" in text
    assert ".resp_ready(mem_resp_ready || mem_model_fake_resp_ready)" in text
    header = parse_header(rtl_file("handshake_memory"))
    assert ("int", "NS", "(NST > 0) ? NST : 1") in header.localparams
    assert "localparam int NS = (NST > 0) ? NST : 1;" in harness_text(
        "handshake_memory", "dfv.tb.memory.memory", {"W": 8, "AW": 3, "DEPTH": 8, "NLD": 1, "NST": 0})
