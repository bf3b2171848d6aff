"""The runaway bound of an operation's run (`OpConfig.runaway_bound`, asked by `OpEnv.runaway_bound` when the drain
begins): the deadlock bound plus `interval + firing_slack` cycles per firing of the golden model on the tokens
queued, never above `max_cycles`. That the drain stops a run at it is ForkRunaway's (tests/rtl/op_faults_tb.py,
tests/rtl/test_op_expected_failures.py)."""

from __future__ import annotations

import pytest

from dfv.golden.catalogue import stream_interval
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.traffic import MAX_STALL_RUN
from dfv.tb.dataflow.stream import make_config as stream_config


def _config(interval: int) -> OpConfig:
    return OpConfig("unit", (), lambda: None, interval=interval, max_cycles=OpConfig.max_cycles * interval)


@pytest.mark.parametrize("interval", [1, 9, 66])
def test_each_firing_adds_its_interval_and_the_slack(interval):
    cfg = _config(interval)
    assert cfg.runaway_bound(0) == cfg.deadlock_cycles
    for firings in (1, 2, 50):
        assert cfg.runaway_bound(firings) - cfg.runaway_bound(firings - 1) == interval + cfg.firing_slack


@pytest.mark.parametrize("interval", [1, 9, 66])
def test_counting_stops_at_the_first_firing_whose_bound_is_the_cap(interval):
    cfg = _config(interval)
    cap = cfg.firings_at_cap()
    assert cfg.runaway_bound(cap) == cfg.max_cycles
    assert cfg.runaway_bound(cap - 1) < cfg.max_cycles
    assert cfg.runaway_bound(10 * cap) == cfg.max_cycles


def test_the_slack_outlasts_a_bursty_stall_run_on_each_side():
    """A firing may wait out an input's and an output's stall run before it moves."""
    assert OpConfig.firing_slack >= 2 * MAX_STALL_RUN


def test_an_iterative_stream_is_bounded_by_its_work_not_by_twenty_thousand_intervals():
    """`/=` at W = 64: the 65 firings of an activation of 64 trips are bounded under 1% of the configuration's cap
    of 20,000 intervals (1.3 million cycles)."""
    params = {"W": 64, "STEP_OP": 3}
    cfg = stream_config(params)
    assert cfg.interval == stream_interval(params) > 1
    assert cfg.runaway_bound(65) < cfg.max_cycles // 100
