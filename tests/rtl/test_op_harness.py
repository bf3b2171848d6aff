"""The operation harness (dfv/tb/common/op_harness.py) and the traffic replay of its agents
(dfv/tb/common/sv_op_env.py):
the generated text for packed lanes and sidebands, the errors for a module that does not fit its channels, the
token packing, and that a reset rewinds the idle-cycle generator to exactly what the per-cycle driver drew."""

from __future__ import annotations

import random

import pytest

from dfv.tb.common.channel import ChannelSpec
from dfv.tb.common.op_harness import HarnessError, Header, Port, gen_harness, parse_header, rtl_file
from dfv.tb.common.sv_op_env import IdleReplay
from dfv.tb.common.traffic import Pattern
from dfv.tb.handshake.common import lanes


def _ports(*names: str, rng: str = "") -> tuple[Port, ...]:
    return tuple(Port("input" if n.endswith(("_valid", "_data")) or n in ("clk", "rst") else "output", rng, n)
                 for n in names)


def test_packed_lanes_are_assembled_from_and_sliced_into_lane_agents():
    header = parse_header(rtl_file("handshake_fork"))
    channels = (ChannelSpec("in", 8, True), *lanes("out", 8, False, 3))
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


@pytest.mark.parametrize("pattern", [Pattern("random", 0.5), Pattern("bursty", 0.5)])
def test_a_reset_rewinds_the_idle_generator_to_what_the_per_cycle_driver_drew(pattern):
    spec = ChannelSpec("a", 8, True)

    def replay() -> IdleReplay:
        return IdleReplay(spec, pattern, random.Random("seed"))

    written = replay()
    written.checkpoint(0)
    gaps = [written.gap() for _ in range(10)]
    written.checkpoint(10)
    gaps += [written.gap() for _ in range(10)]
    index = next(k for k in range(12, 20) if gaps[k] >= 2)
    written.rewind(index, 2)  # token `index` waited 2 idle cycles when the reset came
    reference = replay()  # the per-cycle driver: tokens 0..index-1, then two refusals
    assert [reference.gap() for _ in range(index)] == gaps[:index]
    assert not reference.stall.go() and not reference.stall.go()
    assert written.rng.getstate() == reference.rng.getstate()
    assert (written.stall._run_left, written.stall._stalling) == (reference.stall._run_left, reference.stall._stalling)
