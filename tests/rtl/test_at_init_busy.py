"""The busy check of `at_init` (`dfv.tb.common.init_state`) on hand-made observations: the golden replay gives
the cycles in which the module holds something, and an at_init of 1 in one of them is reported with the
model state and the token counts. In simulation: test_at_init_rtl.py (a DUT whose at_init is stuck at 1)."""

from __future__ import annotations

import re

import pytest

from dfv.golden.dataflow import Gate
from dfv.golden.dataflow.stream import Stream
from dfv.golden.handshake import Fifo, Fork, Source
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.init_state import Busy, at_init_errors, replay_busy, runs_other_than

GATE_IN, GATE_OUT = ("before_value", "before_cond"), ("after_value", "after_cond")


def obs(channel: str, cycle: int, token: object = None) -> Observed:
    return Observed(channel, token, cycle, epoch=1)


def observed(*transfers: Observed) -> dict[str, list[Observed]]:
    out: dict[str, list[Observed]] = {}
    for o in transfers:
        out.setdefault(o.channel, []).append(o)
    return out


def gate_burst(*, value_early: bool = False) -> dict[str, list[Observed]]:
    """A gate burst of one iteration: pair (7, T) taken in cycle 5, pair (8, F) in cycle 9; after_value 7 is
    delivered in cycle 5 (or, `value_early`, in cycle 3, before its pair was consumed), after_cond 0 in 9."""
    return observed(obs("before_value", 5, 7), obs("before_cond", 5, 1), obs("before_value", 9, 8),
                    obs("before_cond", 9, 0), obs("after_value", 3 if value_early else 5, 7), obs("after_cond", 9, 0))


def test_a_loop_half_way_through_is_busy_from_the_cycle_after_the_transfer():
    spans = replay_busy(Gate(8), gate_burst(), GATE_IN, GATE_OUT)
    assert spans == [Busy(6, 9, "model state NEED_NEXT")]


def test_an_output_delivered_before_its_inputs_were_consumed_is_held():
    spans = replay_busy(Gate(8), gate_burst(value_early=True), GATE_IN, GATE_OUT)
    assert spans == [Busy(4, 5, "after_value 0 produced, 1 delivered"), Busy(6, 9, "model state NEED_NEXT")]


def test_a_result_not_yet_taken_is_held_and_the_message_names_state_and_counts():
    # the pair (7, T) of a burst in NEED_NEXT: after_value and after_cond produced, after_value not yet taken
    o = observed(obs("before_value", 50, 3), obs("before_cond", 50, 1), obs("after_value", 50, 3),
                 obs("before_value", 56, 7), obs("before_cond", 56, 1), obs("after_cond", 56, 1),
                 obs("after_value", 60, 7), obs("before_value", 61, 9), obs("before_cond", 61, 0),
                 obs("after_cond", 61, 0))
    spans = replay_busy(Gate(8), o, GATE_IN, GATE_OUT)
    assert spans[1] == Busy(57, 60, "model state NEED_NEXT; after_value 2 produced, 1 delivered")
    errors = at_init_errors(runs_other_than([(0, 1)], 80), spans)
    assert errors == ["at_init is 1 at cycle 51 while the module holds a token (model state NEED_NEXT) "
                      "(11 such cycles)"]
    # at_init 0 exactly while busy: no error; 1 in one busy cycle: that cycle, with its span's reason
    exact = [(0, 1), (51, 0), (62, 1)]
    assert at_init_errors(runs_other_than(exact, 80), spans) == []
    late = [(0, 1), (51, 0), (57, 1), (58, 0), (62, 1)]
    assert at_init_errors(runs_other_than(late, 80), spans, "epoch 1 (cut by reset): ") == [
        "epoch 1 (cut by reset): at_init is 1 at cycle 57 while the module holds a token (model state NEED_NEXT; "
        "after_value 2 produced, 1 delivered) (1 such cycle)"]


def test_only_the_busy_direction_is_checked_and_x_is_not_zero():
    spans = [Busy(6, 9, "model state NEED_NEXT")]
    assert at_init_errors(runs_other_than([(0, 0)], 20), spans) == []  # at_init 0 while idle is allowed
    assert at_init_errors(runs_other_than([(0, 0), (8, None), (9, 0)], 20), spans) == [
        "at_init is X at cycle 8 while the module holds a token (model state NEED_NEXT) (1 such cycle)"]


def test_overlapping_spans_count_each_cycle_once():
    spans = [Busy(2, 6, "a"), Busy(4, None, "b")]
    assert at_init_errors(runs_other_than([(0, 1)], 9), spans) == [
        "at_init is 1 at cycle 2 while the module holds a token (a) (8 such cycles)"]


def test_initial_tokens_are_held_from_the_start():
    spans = replay_busy(Fifo(8, 2, (4, 5)), observed(obs("out", 3, 4), obs("out", 7, 5)), ("in",), ("out",))
    assert spans == [Busy(0, 3, "out 2 produced, 0 delivered"),
                     Busy(4, 7, "out 2 produced, 1 delivered")]


def test_a_token_the_model_cannot_consume_yet_is_held():
    # a stream activation needs start, step and bound together: a start taken alone must be held
    o = observed(obs("start", 2, (0, 0)))
    spans = replay_busy(Stream(8, 0, cont_cond=None), o, ("start", "step", "bound"), ("idx", "cont"),
                        lambda s: {"start": [v for v, _ in s["start"]], "cont_cond": [c for _, c in s["start"]],
                                   "step": s["step"], "bound": s["bound"]})
    assert spans == [Busy(3, None, "start 1 taken, not consumed by the model; cont_cond 1 taken, not consumed "
                                   "by the model")]


def test_a_fork_serving_one_output_early_is_busy():
    o = observed(obs("out[0]", 4), obs("in", 6), obs("out[1]", 6))
    assert replay_busy(Fork(2, 0), o, ("in",), ("out[0]", "out[1]")) == [
        Busy(5, 6, "out[0] 0 produced, 1 delivered")]


def test_a_machine_that_never_runs_dry_needs_a_rule_of_its_own(monkeypatch):
    monkeypatch.setattr("dfv.tb.common.init_state.MAX_FIRINGS", 1000)
    with pytest.raises(RuntimeError, match=re.escape("Source fired 1000 times without running dry")):
        replay_busy(Source(), {}, (), ("out",))
