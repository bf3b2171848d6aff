"""Shared pieces of the handshake, arith and access-port testbenches.

One test module covers a family of RTL modules (for example `branch.py`: `handshake_cond_br`,
`handshake_cond_br_ctrl`, `handshake_mux`, `handshake_mux_ctrl`); the regression runs it with one
of them as top level, and `FamilyTest` picks that module's `Family` (channels and model, sequences,
coverage, scoreboard) by the top-level name. Values: every data sequence mixes the extremes of its
width (0, 1, all ones, INT_MIN, INT_MAX) with uniform random words.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

import cocotb

from dfv.golden.catalogue import make_machine, spec
from dfv.golden.core import RunResult
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.dut import current
from dfv.tb.common.fcov import LENGTH_BINS, length_bin, sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_coverage import OpCoverage
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.op_test import OpTest

WIDTH_BINS = ("ctrl", "1", "8", "32", "64")


def compute_config(module: str, op: str, golden: dict, params: dict, status: tuple = ()) -> OpConfig:
    """The configuration of compute operation `op` (`dfv.golden.compute`) on `module` with golden parameters
    `golden`: its channels and golden machine follow from the operation's declaration. A unit with a latency
    (`OpSpec.timing`): the drain waits out its latency (a result comes `latency` cycles after its
    operation), its run may take `interval` times as many cycles, and its flow control is checked against
    the operations it holds (`OpSpec.slots`, `OpSpec.passes`)."""
    s = spec(op)
    timed = {}
    if s.timing is not None:
        timed = {"drain_quiet": OpConfig.drain_quiet + s.latency(golden),
                 "max_cycles": OpConfig.max_cycles * s.interval(golden), "slots": s.slots(golden),
                 "interval": s.interval(golden), "passes": s.passes(golden)}
    return OpConfig.from_model(module, lambda: make_machine(op, **golden), params, status=status, **timed)


def toplevel() -> str:
    """The kit module the design under test plays ("" outside a simulation; `dfv.tb.common.dut`)."""
    return current().plays if getattr(cocotb, "top", None) is not None else ""


def run_params() -> dict:
    """The kit's parameters of the design under test (`dfv.tb.common.dut`)."""
    return dict(current().params)


def extremes(width: int) -> list[int]:
    """0, 1, all ones, INT_MIN and INT_MAX of a `width`-bit word (fewer when they coincide)."""
    return sorted({0, 1 % (1 << width), (1 << width) - 1, 1 << (width - 1), (1 << (width - 1)) - 1})


def value_class(value: int, width: int) -> str:
    """Coverage class of a word: zero, one, all_ones, int_min, int_max or other (in that precedence)."""
    if value == 0:
        return "zero"
    if value == 1:
        return "one"
    if value == (1 << width) - 1:
        return "all_ones"
    if value == 1 << (width - 1):
        return "int_min"
    if value == (1 << (width - 1)) - 1:
        return "int_max"
    return "other"


VALUE_CLASSES = ("zero", "one", "all_ones", "int_min", "int_max", "other")


def random_word(rng: random.Random, width: int, p_extreme: float = 0.3) -> int:
    """A random `width`-bit word, one of the extremes with probability `p_extreme`."""
    if rng.random() < p_extreme:
        return rng.choice(extremes(width))
    return rng.getrandbits(width)


def burst_length(rng: random.Random) -> int:
    """Tokens in one burst: short ones often, long ones sometimes (hits every LENGTH_BINS bin)."""
    pick = rng.random()
    if pick < 0.15:
        return 0
    if pick < 0.5:
        return rng.randint(1, 2)
    if pick < 0.9:
        return rng.randint(3, 7)
    return rng.randint(8, 20)


def width_bin(width: int) -> str:
    return "ctrl" if width == 0 else str(width)


@dataclass(frozen=True)
class Family:
    """What a test needs to know about one RTL module of a family."""

    make_config: Callable[[dict], OpConfig]
    sequences: tuple[type[OpSequence], ...]
    coverage: type[OpCoverage]
    scoreboard: type[OpScoreboard] = OpScoreboard


class FamilyTest(OpTest):
    """Base test of a family module: the top level selects the entry of `FAMILIES`."""

    FAMILIES: Mapping[str, Family] = {}

    def family(self) -> Family:
        top = toplevel()
        if top not in self.FAMILIES:
            raise KeyError(f"{type(self).__name__} does not test top level '{top}' "
                           f"(it tests {', '.join(self.FAMILIES)})")
        return self.FAMILIES[top]

    def build_phase(self):
        fam = self.family()
        self.COVERAGE = fam.coverage
        self.SCOREBOARD = fam.scoreboard
        super().build_phase()

    def make_config(self, params: dict) -> OpConfig:
        return self.family().make_config(params)

    def sequences(self) -> list[OpSequence]:
        return [cls.create(cls.__name__) for cls in self.family().sequences]


class StreamSequence(OpSequence):
    """Bursts of tokens; subclasses build one item from a burst length with `make_item`.

    `CORNER` bursts come first (with the extremes of each width in turn), then `COUNT` random ones.
    """

    COUNT = 24
    CORNER = (1, 0, 2, 1, 3, 8, 5)

    def lengths(self) -> Iterator[int]:
        self.corner = True
        yield from self.CORNER
        self.corner = False
        for _ in range(self.COUNT):
            yield burst_length(self.rng)

    def generate(self) -> Iterator[OpItem]:
        self._extremes: dict[int, Iterator[int]] = {}
        for n in self.lengths():
            yield self.make_item(n)

    def word(self, width: int) -> int | None:
        """The next data word of a `width`-bit channel: the extremes in turn during the corner bursts,
        random words (with extremes mixed in) afterwards; None for a control-only channel."""
        if width == 0:
            return None
        if self.corner:
            if width not in self._extremes:
                self._extremes[width] = itertools.cycle(extremes(width))
            return next(self._extremes[width])
        return random_word(self.rng, width)

    def width(self, channel: str) -> int:
        """The width of channel `channel` of the DUT."""
        return next(c.width for c in self.cfg.channels if c.name == channel)

    def make_item(self, n: int) -> OpItem:
        raise NotImplementedError


class FamilyCoverage(OpCoverage):
    """Burst lengths and the data width of every family member; `sample_item`/`sample_run` extend it."""

    def sample_item(self, item: OpItem) -> None:
        sample_point(f"{self.cfg.name}.burst_len", LENGTH_BINS, length_bin(item.facts.get("n", 0)))

    def data_width(self) -> int:
        """The data width this run exercises (0: control-only)."""
        return 0 if self.cfg.name.endswith("_ctrl") else int(self.cfg.params.get("W", 0))

    def sample_run(self, run: RunResult) -> None:
        sample_point("handshake.width", WIDTH_BINS, width_bin(self.data_width()))
        self.sample_observed(self.get_parent().scoreboard.final_observed)

    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        """Coverage of the final epoch's transfers (cycles included)."""


def module_name(op: str, width: int) -> str:
    """The RTL module that operation `op` instantiates for tokens of `width` bits (0: control only), from
    the operation catalogue: a family's DUT is named the way the generated tops name it."""
    return spec(op).module_for({"width": width})


def offer_cycle(obs: Observed) -> int:
    """The cycle a token was first offered on its channel."""
    return obs.cycle - obs.waited

