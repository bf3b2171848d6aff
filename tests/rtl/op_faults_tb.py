"""cocotb tests for test_op_expected_failures.py (not part of the regression): the standard
expected-failure tests of `handshake_fork` (W=64, N=3), as is and with a second failure the test
does not expect, with a deadlock, or with its own check unable to fire. Each variant but the two controls
must fail.
"""

from __future__ import annotations

from dataclasses import replace

from pyuvm import uvm_factory

from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.faults import CorruptingMonitor
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_env import OpEnv
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.sv_channel import SvChannelMonitor
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family
from dfv.tb.handshake.fork import ForkTest

_TESTS = {cls.__name__: cls for cls in standard_tests(ForkTest, "Fork")}
for _control in ("ForkWrongModelTest", "ForkCorruptDutTest"):  # as in the regression: they pass
    register(_TESTS[_control])


class DeadlockMixin:
    """The DUT stops 100 cycles into the run: every output's ready is held low from then on (its sink's
    pattern always stalls), so the run ends in a deadlock (after 200 quiet cycles) once the fault is in the
    streams."""

    def make_config(self, params: dict) -> OpConfig:
        return replace(super().make_config(params), deadlock_cycles=200)

    async def stimulus(self) -> None:
        await super().stimulus()
        await self.env.tb.cycles(100)
        for snk in self.env.readies.values():
            snk.h.gen.kind.value = 1  # random, with a threshold that no draw reaches
            snk.h.gen.thresh.value = 1 << 16


def second_output_bug(base: type[SvChannelMonitor]) -> type[SvChannelMonitor]:
    """Monitor class `base`, seeing a DUT whose `out[1]` carries its first token with bit 1 flipped: a
    bug of the DUT, no fault the test injected."""

    class SecondOutputBug(base):
        def publish(self, obs: Observed) -> None:
            if self.spec.name == "out[1]" and self.count == 1:
                obs = replace(obs, token=obs.token ^ 2)
            super().publish(obs)

    return SecondOutputBug


class TwoTokens(OpSequence):
    """A single burst of two tokens: too few for the corrupting monitor, which changes the third."""

    def generate(self):
        yield OpItem(tokens={"in": [5, 6]}, n=2)


class SelfComparingScoreboard(OpScoreboard):
    """A broken token comparison: the expected streams are the DUT's own."""

    def expected(self, outputs: dict[str, list]) -> dict[str, list]:
        return self.tokens(self.final_observed)


class EndlessInputEnv(OpEnv):
    """Once the drain has begun, every input is kept fed (16 tokens more whenever its backlog is empty): the
    run keeps moving and never ends, a runaway the drain's bound must stop."""

    async def service(self) -> None:
        for src in self.inputs.values():
            if not src.backlog:
                src.put([7] * 16)
        await super().service()


@register
class ForkRunaway(_TESTS["ForkFullRateTest"]):
    """Two tokens queued, then an input that never runs dry: stopped by the runaway bound of the two tokens'
    work (`OpConfig.runaway_bound`), far under the configuration's `max_cycles`."""

    ENV = EndlessInputEnv

    def sequences(self) -> list[OpSequence]:
        return [TwoTokens.create("two_tokens")]


@register
class WrongModelDeadlock(DeadlockMixin, _TESTS["ForkWrongModelTest"]):
    pass


@register
class CorruptDutDeadlock(DeadlockMixin, _TESTS["ForkCorruptDutTest"]):
    pass


@register
class WrongModelSecondBug(_TESTS["ForkWrongModelTest"]):
    def overrides(self) -> None:
        super().overrides()
        uvm_factory().set_type_override_by_type(SvChannelMonitor, second_output_bug(SvChannelMonitor))


@register
class CorruptDutSecondBug(_TESTS["ForkCorruptDutTest"]):
    def overrides(self) -> None:
        super().overrides()
        uvm_factory().set_type_override_by_type(SvChannelMonitor, second_output_bug(CorruptingMonitor))


@register
class CorruptDutNotInjected(_TESTS["ForkCorruptDutTest"]):
    def sequences(self) -> list[OpSequence]:
        return [TwoTokens.create("two_tokens")]


@register
class CorruptDutBlindCheck(_TESTS["ForkCorruptDutTest"]):
    def family(self) -> Family:
        return replace(super().family(), scoreboard=SelfComparingScoreboard)
