"""Testbench of `dataflow_stream` (dfv/rtl/dataflow/dataflow_stream.sv) against `dfv.golden.dataflow.Stream`.

One item is one activation: a `start`, `step` and `bound` token and the `cont_cond` configuration.
`cont_cond` is a plain input the RTL latches at the activation, so it travels as a sideband of
the `start` channel (driven with each start token) and the model consumes it per activation.
The sticky `err_code` is compared with the model's error at the end.

Activations are drawn per `step_op` so most loops terminate within `MAX_TRIPS` iterations (checked
on the golden model before sending); extremes of the signed range, zero steps and the invalid
`cont_cond` values 6 and 7 are mixed in.
"""

from __future__ import annotations

import random

from dfv.golden.catalogue import stream_interval
from dfv.golden.core import fire_until_dry, make_queues
from dfv.golden.dataflow import Stream
from dfv.golden.dataflow.stream import CONT_CONDS, STEP_OPS
from dfv.golden.types import to_signed, to_unsigned
from dfv.tb.common.fcov import LENGTH_BINS, length_bin, sample_cross, sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_coverage import OpCoverage
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.op_test import OpTest, paced_pattern, standard_tests
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig
from dfv.tb.common.variants import register

NAME = "dataflow_stream"
MAX_TRIPS = 64
COND_BINS = (*CONT_CONDS, "sign", "invalid")


def cond_name(cont_cond: int) -> str:
    return CONT_CONDS[cont_cond] if cont_cond < len(CONT_CONDS) else ("sign" if cont_cond == 5 else "invalid")


def make_config(params: dict) -> OpConfig:
    """With `*=` and `/=` the elements are `stream_interval` cycles apart (`interval`): the drain waits that much
    longer for the next one, and a run may take as many times the cycles."""
    width, step_op = int(params["W"]), int(params["STEP_OP"])
    interval = stream_interval(params)
    return OpConfig.from_model(NAME, lambda: Stream(width, step_op, cont_cond=None), params,
                               status=(("err_code", "error"),), drain_quiet=OpConfig.drain_quiet + interval,
                               max_cycles=OpConfig.max_cycles * interval, interval=interval)


def trip_count(width: int, step_op: int, start: int, step: int, bound: int, cond: int) -> int | None:
    """Iterations of one activation on the golden model, or None beyond MAX_TRIPS."""
    machine = Stream(width, step_op, cond)
    inq = make_queues(machine.INPUTS, {"start": [start], "step": [step], "bound": [bound]})
    outq = make_queues(machine.OUTPUTS)
    cap = MAX_TRIPS + 3
    return None if fire_until_dry(machine, inq, outq, cap) == cap else len(outq["cont"]) - 1


class ActivationFactory:
    """Draws (start, step, bound, cont_cond) for one `step_op` at one width."""

    def __init__(self, width: int, step_op: int, rng: random.Random):
        self.width, self.step_op, self.rng = width, step_op, rng

    def word(self, value: int) -> int:
        return to_unsigned(value, self.width)

    def candidate(self) -> tuple[int, int, int, int]:
        r, w = self.rng, self.width
        smax, smin = (1 << (w - 1)) - 1, -(1 << (w - 1))
        cond = r.choice((0, 1, 2, 3, 4, 5, 5, 5))
        op = STEP_OPS[self.step_op]
        if op in ("+=", "-="):
            base = r.choice((0, r.randint(-40, 40), smax - r.randint(0, 20), smin + r.randint(0, 20)))
            step = r.choice((1, 1, 2, 3, r.randint(1, 9))) * r.choice((1, -1))
            drift = step if op == "+=" else -step
            bound = base + drift * r.randint(-2, 20) + r.randint(-2, 2)
        elif op == "*=":
            base = r.choice((1, 2, 3, -1, -3, r.randint(-9, 9)))
            step = r.choice((2, 3, -2, 1, r.randint(-4, 4)))
            bound = r.choice((100, 1000, -1000, smax, smin, r.randint(-5000, 5000)))
        elif op == "/=":
            base = r.choice((smax, smin, 1000, -1000, r.randint(-(1 << min(w - 2, 20)), 1 << min(w - 2, 20))))
            step = r.choice((2, 3, -2, -1, 1, r.randint(-5, 5)))
            bound = r.choice((0, 1, -1, 5, r.randint(-50, 50)))
        else:  # shifts
            base = r.choice((1, 3, -1, smin, smax, r.randint(-100, 100)))
            step = r.choice((1, 1, 2, w - 1, w, w + 3, -1))
            bound = r.choice((0, 1, -1, 64, 1 << min(w - 2, 30), r.randint(-100, 100)))
        return self.word(base), self.word(step), self.word(bound), cond

    def draw(self) -> tuple[int, int, int, int]:
        """A candidate whose trip count is bounded (zero-trip as a fallback)."""
        for _ in range(50):
            start, step, bound, cond = self.candidate()
            if step != 0 and trip_count(self.width, self.step_op, start, step, bound, cond) is not None:
                return start, step, bound, cond
        return self.word(0), self.word(1), self.word(0), 0


def activation_item(width: int, step_op: int, start: int, step: int, bound: int, cond: int) -> OpItem:
    trips = trip_count(width, step_op, start, step, bound, cond)
    return OpItem(tokens={"start": [(start, cond)], "step": [step], "bound": [bound]},
                  kind=length_bin(trips or 0), cond=cond, step=to_signed(step, width), trips=trips)


class StreamRandomActivations(OpSequence):
    """Random activations with bounded trip counts, a few zero steps and invalid cont_cond (`ERRORS`)."""

    COUNT = 40
    ERRORS = True

    def generate(self):
        width, step_op = int(self.cfg.params["W"]), int(self.cfg.params["STEP_OP"])
        factory = ActivationFactory(width, step_op, self.rng)
        for _ in range(self.COUNT):
            start, step, bound, cond = factory.draw()
            pick = self.rng.random() if self.ERRORS else 1.0
            if pick < 0.05:
                step = 0
            elif pick < 0.08:
                cond = self.rng.choice((6, 7))
            yield activation_item(width, step_op, start, step, bound, cond)


class StreamErrorFreeActivations(StreamRandomActivations):
    """Random activations with neither a zero step nor an invalid cont_cond: nothing may raise an error."""

    ERRORS = False


class StreamCornerActivations(OpSequence):
    """The spec examples, zero-trip, zero step and invalid cont_cond, back to back."""

    def generate(self):
        width, step_op = int(self.cfg.params["W"]), int(self.cfg.params["STEP_OP"])
        w = lambda v: to_unsigned(v, width)  # noqa: E731
        smax = (1 << (width - 1)) - 1
        rows = [(0, 1, 5, 5), (3, 1, 3, 5), (0, 1, 4, 0), (7, 0, 9, 5), (5, 1, 9, 6), (1, 1, 2, 7),
                (w(smax - 2), 1, w(smax), 0), (w(-3), 1, 2, 3), (w(-10), w(-3), w(-20), 5), (0, 0, 0, 0)]
        for start, step, bound, cond in rows:
            if step and trip_count(width, step_op, start, step, bound, cond) is None:
                continue
            yield activation_item(width, step_op, start, step, bound, cond)


class StreamCoverage(OpCoverage):
    def sample_item(self, item: OpItem) -> None:
        op = STEP_OPS[int(self.cfg.params["STEP_OP"])]
        cond = item.facts["cond"]
        sample_point(f"{NAME}.trips", LENGTH_BINS, item.kind)
        sample_cross(f"{NAME}.op_x_cond", {"step_op": STEP_OPS, "cont_cond": COND_BINS},
                     {"step_op": op, "cont_cond": cond_name(cond)})
        step = item.facts["step"]
        sample_point(f"{NAME}.step_sign", ("positive", "negative", "zero"),
                     "zero" if step == 0 else ("positive" if step > 0 else "negative"))
        if step == 0:
            sample_point(f"{NAME}.zero_step", STEP_OPS, op)

    def transitions(self) -> tuple[str, ...]:
        return ("IDLE->ACTIVE", "ACTIVE->ACTIVE", "ACTIVE->IDLE")


class StreamTest(OpTest):
    COVERAGE = StreamCoverage

    def make_config(self, params: dict) -> OpConfig:
        return make_config(params)

    def sequences(self):
        return [StreamCornerActivations.create("corner"), StreamRandomActivations.create("random")]


@register
class StreamErrorFreeTest(StreamTest):
    """Activations without a cause of error: `err_code` must end 0. The other tests end with a zero step or
    an invalid cont_cond, whose lowest code would hide an error raised without its cause (on every load, or
    out of reset)."""

    def sequences(self):
        return [StreamErrorFreeActivations.create("random")]


@register
class StreamSplitReadyTest(StreamTest):
    """`idx` always ready while `cont` is stalled 70% of the time, and the reverse on `idx`. Every ready only while
    its valid is high (as `handshake_join` does): an output served early is not ready again."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL, per_channel={"cont": Pattern("random", 0.7),
                                                                        "idx": Pattern("bursty", 0.3)},
                             consumer=Consumer.WHILE_VALID)


@register
class StreamPacedTakeTest(StreamTest):
    """Each output taken one cycle after each stall run of 1..interval + 4 cycles (`paced_pattern`), inputs always
    offered: with `*=` and `/=` an element retires at every phase of the iterative operation of its successor,
    the cycle its result lands in `upd_q` and those around it included (a final element retiring then starts
    the next activation's operation on top of it), which random back-pressure all but never shows at W = 32
    (an element held exactly W + 1 cycles). With the other steps (interval 1), short paced stalls."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=paced_pattern())


for _test in standard_tests(StreamTest, "Stream"):
    globals()[_test.__name__] = register(_test)
