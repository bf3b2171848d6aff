"""cocotb tests for test_op_expected_failures.py (not part of the regression): the standard
expected-failure tests of `handshake_fork` (W=64, N=3), as is and with a second failure the test
does not expect, or with its own check unable to fire. Each variant but the two controls must fail.
The deadlock variants also run on the module's harness (its SystemVerilog agents' drain).
"""

from __future__ import annotations

from dataclasses import replace

from pyuvm import uvm_factory

from dfv.tb.common.channel import ChannelMonitor, Observed
from dfv.tb.common.faults import CorruptingMonitor
from dfv.tb.common.op_env import OpConfig, OpItem, OpScoreboard, OpSequence
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.signals import read_int
from dfv.tb.common.sv_op_env import ReplaySink
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family
from dfv.tb.handshake.fork import ForkTest

_TESTS = {cls.__name__: cls for cls in standard_tests(ForkTest, "Fork")}
for _control in ("ForkWrongModelTest", "ForkCorruptDutTest"):  # as in the regression: they pass
    register(_TESTS[_control])


class DeadlockMixin:
    """The DUT stops 100 cycles into the run: every output's ready is held low from then on, so the
    run ends in a deadlock (after 200 quiet cycles) once the fault is in the streams. On a harness
    (dfv/tb/common/op_harness.py) the sinks get no go bit past the current one."""

    def make_config(self, params: dict) -> OpConfig:
        return replace(super().make_config(params), deadlock_cycles=200)

    async def stimulus(self) -> None:
        await super().stimulus()
        await self.env.tb.cycles(100)
        for rdy in self.env.readies.values():
            if isinstance(rdy, ReplaySink):
                rdy.refill = lambda *_args: None
                rdy.h.go_avail.value = read_int(rdy.h.pos_q)
            else:
                rdy.stall.go = lambda: False


def second_output_bug(base: type[ChannelMonitor]) -> type[ChannelMonitor]:
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
        uvm_factory().set_type_override_by_type(ChannelMonitor, second_output_bug(ChannelMonitor))


@register
class CorruptDutSecondBug(_TESTS["ForkCorruptDutTest"]):
    def overrides(self) -> None:
        super().overrides()
        uvm_factory().set_type_override_by_type(ChannelMonitor, second_output_bug(CorruptingMonitor))


@register
class CorruptDutNotInjected(_TESTS["ForkCorruptDutTest"]):
    def sequences(self) -> list[OpSequence]:
        return [TwoTokens.create("two_tokens")]


@register
class CorruptDutBlindCheck(_TESTS["ForkCorruptDutTest"]):
    def family(self) -> Family:
        return replace(super().family(), scoreboard=SelfComparingScoreboard)
