"""The faults the expected-failure tests inject, and the scoreboards that pass only when their own
check caught them.

`WrongModelScoreboard` / `wrong_model_scoreboard` give the scoreboard a wrong model; `CorruptingMonitor`
corrupts a DUT token on its way to the scoreboard. cocotb's `expect_fail` passes on any failed assertion, so
`ExpectedErrors` makes such a test pass only on exactly the errors its fault provokes; `CatchesFault` does
so for the standard ones, from the `Fault` they recorded in `HarnessEnv.faults`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pyuvm import (
    ConfigDB,
)

from dfv.golden.core import RunResult
from dfv.tb.common import uvm_loggers, variants  # noqa: F401 (uvm_loggers: installs the logger naming)
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.op_scoreboard import Fault, OpScoreboard
from dfv.tb.common.sv_channel import SvChannelMonitor


class _WrongModel:
    """Scoreboard mixin whose model is wrong: the first token of the first non-empty output is changed
    (or dropped, for control tokens); for an operation without outputs (a sink) the model refuses the
    last token it is given. A test using it must fail; the fault is recorded in `HarnessEnv.faults`."""

    def expected(self, outputs: dict[str, list]) -> dict[str, list]:
        if not self.cfg.outputs:
            return outputs
        mutated = {k: list(v) for k, v in outputs.items()}
        for c in self.cfg.outputs:
            stream = mutated.get(c.name, [])
            if stream:
                stream[0] = None if stream[0] is None else stream[0] ^ 1
                if stream[0] is None:
                    stream.pop(0)
                self.get_parent().faults.append(Fault("value" if c.width else "extra", c.name, 0, dut=False))
                return mutated
        raise AssertionError("wrong-model test produced no output to mutate: its stimulus is empty")

    def expected_run(self, run: RunResult) -> RunResult:
        if self.cfg.outputs:
            return run
        for c in self.cfg.inputs:
            seen = [o.token for o in self.final_observed[c.name]]
            if seen:
                self.get_parent().faults.append(Fault("leftover", c.name, len(seen) - 1, dut=False))
                return replace(run, leftover={**run.leftover, c.name: seen[-1:]})
        raise AssertionError("wrong-model test consumed no token: its stimulus is empty")


class WrongModelScoreboard(_WrongModel, OpScoreboard):
    """The generic scoreboard with a wrong model."""


_VARIANTS: dict[tuple[type, type], type] = {(_WrongModel, OpScoreboard): WrongModelScoreboard}


def scoreboard_variant(mixin: type, base: type[OpScoreboard], prefix: str) -> type[OpScoreboard]:
    """Scoreboard class `base` with `mixin` in front, named `<prefix><base>` (made once per pair, so a
    factory override names the same class every time)."""
    if (mixin, base) not in _VARIANTS:
        _VARIANTS[(mixin, base)] = type(f"{prefix}{base.__name__}", (mixin, base), {})
    return _VARIANTS[(mixin, base)]


def wrong_model_scoreboard(base: type[OpScoreboard]) -> type[OpScoreboard]:
    """The wrong-model variant of scoreboard class `base`."""
    return scoreboard_variant(_WrongModel, base, "WrongModel")


class CorruptingMonitor(SvChannelMonitor):
    """A channel monitor that reports the third token of the first output as a broken DUT would produce it:
    bit 0 flipped, or, for a control token, delivered twice. For an operation without outputs (a sink)
    the third input token is reported as taken one cycle late (the DUT stalled it). A test using it
    must fail; the fault is recorded in `HarnessEnv.faults`."""

    def publish(self, obs: Observed) -> None:
        cfg = ConfigDB().get(None, "", "OP_CONFIG")
        if not cfg.outputs:
            if self.spec == cfg.inputs[0] and self.count == 3:
                obs = replace(obs, waited=obs.waited + 1)
                self.get_parent().faults.append(Fault("late", self.spec.name, 2, dut=True))
            super().publish(obs)
            return
        if self.spec == cfg.outputs[0] and self.count == 3:
            if obs.token is None:
                super().publish(obs)
            else:
                obs = replace(obs, token=obs.token ^ 1)
            self.get_parent().faults.append(Fault("extra" if obs.token is None else "value", self.spec.name, 2,
                                                  dut=True))
        super().publish(obs)



class ExpectedErrors:
    """Scoreboard mixin of an expected-failure test that shows its own check fired. cocotb's
    `expect_fail` passes on any failed assertion (a deadlock, a different check), so such a test is
    registered without it and passes only when the checks failed with exactly the errors its fault
    provokes: every pattern of `expected_errors()` (regular expressions) matches one of the errors and
    every error matches one of the patterns. Anything else, no failure included, fails the test naming
    what differs; an aborted run (`RunAborted`) fails before the verdict."""

    def expected_errors(self) -> list[str]:
        """The patterns of the errors the test's fault must provoke."""
        raise NotImplementedError

    def verdict(self) -> None:
        patterns = self.expected_errors()
        missing = [p for p in patterns if not any(re.search(p, e) for e in self.errors)]
        unexpected = [e for e in self.errors if not any(re.search(p, e) for p in patterns)]
        if missing or unexpected:
            raise AssertionError("\n".join([f"{self.cfg.name}: not the expected failure",
                                            *(f"expected error not reported: /{p}/" for p in missing),
                                            *(f"unexpected error: {e}" for e in unexpected)]))


class CatchesFault(ExpectedErrors):
    """Scoreboard mixin of the standard expected-failure tests: the errors expected are those
    `fault_errors` gives for the faults the test injected (`HarnessEnv.faults`). A run in which no fault was
    injected fails: it shows nothing about the checks."""

    def expected_errors(self) -> list[str]:
        faults = self.get_parent().faults
        if not faults:
            raise AssertionError(f"{self.cfg.name}: no fault was injected (too few tokens?): the test checked nothing")
        return [p for fault in faults for p in self.fault_errors(fault)]


def catching_scoreboard(base: type[OpScoreboard]) -> type[OpScoreboard]:
    """The variant of scoreboard class `base` that passes only on the errors of the injected fault."""
    return scoreboard_variant(CatchesFault, base, "Catching")
