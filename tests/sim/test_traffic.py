"""The traffic patterns' contract (dfv/tb/common/traffic.py) and how they program an agent's generator
(`dfv.tb.common.sv_bench.write_pattern`, onto dfv_stall_gen's registers, whose behaviour
tests/rtl/test_sv_agents.py checks on Icarus)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from dfv.tb.common.sv_bench import GEN_REGS, write_pattern
from dfv.tb.common.traffic import MAX_STALL_RUN, Pattern


def _programmed(pattern: Pattern) -> dict[str, int]:
    gen = SimpleNamespace(**{r: SimpleNamespace(value=None) for r in GEN_REGS})
    write_pattern(gen, pattern, random.Random(1))
    return {r: getattr(gen, r).value for r in GEN_REGS if r != "seed"}


def test_paced_is_one_go_cycle_after_stall_runs_up_to_its_span():
    """Paced traffic spreads an operation's arrival over 1..span cycles, past bursty's stall-run cap."""
    assert _programmed(Pattern("paced", span=63)) == {"kind": 2, "thresh": None, "go_max": 1, "stall_max": 63}
    assert 63 > MAX_STALL_RUN


def test_bursty_stall_runs_stay_capped():
    assert _programmed(Pattern("bursty", 0.99))["stall_max"] == MAX_STALL_RUN


@pytest.mark.parametrize("kind, span", [("paced", 0), ("random", 5), ("bursty", 3)])
def test_a_span_belongs_to_paced_only(kind, span):
    with pytest.raises(ValueError, match="a paced pattern, and only it, has a span >= 1"):
        Pattern(kind, 0.3 if kind != "paced" else 0.0, span)
