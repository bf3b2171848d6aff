"""The golden scoreboard of an operation (`OpScoreboard`), and the faults an expected-failure test injects
(`Fault`, recorded in the environment's `faults`), with the errors each must provoke (`fault_errors`).

Checking: the tokens each input monitor saw are run through a fresh golden machine, and every
output stream must equal the model's, element for element. A reset starts a new epoch: an aborted
epoch's outputs must be a prefix of what the model gives for the tokens consumed (plus those on
offer at the reset); the final epoch must match exactly, with no input token left unconsumed, no
output holding a token, the DUT back in its initial state (`at_init`) and the model too. In every epoch
`at_init` must be 0 in each cycle the module holds something (`dfv.tb.common.init_state`: a replay of the
golden machine in cycle order).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from pyuvm import ConfigDB, uvm_component

from dfv.golden.core import Machine, RunResult, run_streams
from dfv.tb.common.analysis import AnalysisFifo
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.harness_env import RunAborted
from dfv.tb.common.init_state import Busy, at_init_errors, replay_busy
from dfv.tb.common.op_config import OpConfig


@dataclass(frozen=True)
class Fault:
    """A fault an expected-failure test injected (recorded in `HarnessEnv.faults`) on channel `channel`, in
    what the DUT was seen to do (`dut`: every check that reads the channel may see it) or in the model:

    - "value": token `index` has bit 0 flipped;
    - "extra": the DUT's stream has one control token more than the model's (the model dropped its
      first token, or the DUT's token `index` was reported twice);
    - "late": input token `index` was reported as taken one cycle after it was (the DUT stalled it);
    - "leftover": the model refuses token `index`, the last one the DUT consumed on the channel.
    """

    kind: str
    channel: str
    index: int
    dut: bool


class OpScoreboard(uvm_component):
    """Compares every output stream with the golden model in `check_phase`.

    Subclasses may replace how the model is run on what was observed (`run_model`, which sees every
    token with its cycle, for models that must be fed cycle by cycle) and add checks of their own
    (`extra_checks`); the comparison, leftover, initial-state and status checks stay the same.
    """

    def build_phase(self):
        self.cfg: OpConfig = ConfigDB().get(self, "", "OP_CONFIG")
        self.fifos = {c.name: AnalysisFifo(f"{c.name}_fifo", self) for c in self.cfg.channels}
        self.errors: list[str] = []
        self.final_run: RunResult | None = None
        self.final_observed: dict[str, list[Observed]] = {c.name: [] for c in self.cfg.channels}

    def expected(self, outputs: dict[str, list]) -> dict[str, list]:
        """The expected output streams; the wrong-model expected-failure test overrides this."""
        return outputs

    def _observed(self) -> dict[int, dict[str, list[Observed]]]:
        by_epoch: dict[int, dict[str, list[Observed]]] = defaultdict(lambda: {c.name: [] for c in self.cfg.channels})
        for name, fifo in self.fifos.items():
            while True:
                ok, obs = fifo.try_get()
                if not ok:
                    break
                by_epoch[obs.epoch][name].append(obs)
        return by_epoch

    @staticmethod
    def tokens(observed: dict[str, list[Observed]]) -> dict[str, list]:
        """The token streams of observed transfers."""
        return {name: [o.token for o in obs] for name, obs in observed.items()}

    def run_model(self, epoch: int, observed: dict[str, list[Observed]],
                  offers: dict[str, object] | None = None) -> tuple[Machine, RunResult]:
        """A fresh model run on the input tokens of `epoch` (plus those on offer at its reset)."""
        streams = self.tokens(observed)
        for name, token in (offers or {}).items():
            streams[name] = [*streams[name], token]
        machine = self.cfg.model()
        inputs = self.cfg.to_golden({c.name: streams[c.name] for c in self.cfg.inputs})
        return machine, run_streams(machine, inputs)

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        """Checks of the final epoch beyond the stream comparison (error messages)."""
        return []

    #: whether `at_init_errors` is the golden replay (False: the scoreboard has a rule of its own)
    AT_INIT_REPLAY = True

    def replay_model(self, epoch: int) -> Machine:
        """A fresh machine for the at_init replay of `epoch` (its states and token counts matter, not its data)."""
        return self.cfg.model()

    def busy_spans(self, epoch: int, observed: dict[str, list[Observed]]) -> list[Busy]:
        """The cycles of `epoch` in which the module must hold something (at_init = 0): the golden replay
        (`dfv.tb.common.init_state.replay_busy`); an interface with more than channels adds its own."""
        return replay_busy(self.replay_model(epoch), observed, [c.name for c in self.cfg.inputs],
                           [c.name for c in self.cfg.outputs], self.cfg.to_golden)

    def at_init_errors(self, epoch: int, observed: dict[str, list[Observed]], prefix: str) -> list[str]:
        """at_init sampled 1 (or X) in a cycle of `epoch` in which the module must hold something."""
        trace = self.get_parent().at_init_trace
        return at_init_errors(trace.runs(epoch), self.busy_spans(epoch, observed), prefix)

    def _check_at_init(self, by_epoch: dict[int, dict[str, list[Observed]]], final_epoch: int) -> None:
        trace = self.get_parent().at_init_trace
        if trace is None:
            return
        empty = {c.name: [] for c in self.cfg.channels}
        for epoch in sorted(set(by_epoch) | set(trace.epochs())):
            prefix = "" if epoch == final_epoch else f"epoch {epoch} (cut by reset): "
            self.errors.extend(self.at_init_errors(epoch, by_epoch.get(epoch, empty), prefix))

    def _check_aborted(self, epoch: int, observed: dict[str, list[Observed]], offers: dict[str, object]) -> None:
        streams = self.tokens(observed)
        _, run = self.run_model(epoch, observed, offers)
        for c in self.cfg.outputs:
            seen, model = streams[c.name], run.outputs.get(c.name, [])
            if seen != model[: len(seen)]:
                self.errors.append(f"epoch {epoch} (cut by reset): {c.name} produced {_short(seen)}, "
                                   f"not a prefix of the model's {_short(model)}")

    def _check_final(self, epoch: int, observed: dict[str, list[Observed]]) -> None:
        streams = self.tokens(observed)
        self.final_observed = observed
        if not any(streams[c.name] for c in self.cfg.channels):
            self.errors.append("no token crossed any channel: the test checked nothing")
        machine, run = self.run_model(epoch, observed)
        run = self.expected_run(run)
        self.final_run = run
        expected = self.expected(run.outputs)
        for c in self.cfg.outputs:
            seen, model = streams[c.name], expected.get(c.name, [])
            if seen != model:
                self.errors.append(_mismatch(c.name, seen, model))
        if run.leftover:
            self.errors.append(f"the DUT consumed tokens the model leaves unconsumed: {run.leftover}")
        if not run.initial:
            self.errors.append(f"the model ends in state {machine.state_name()}: the stimulus ended mid-burst")
        env = self.get_parent()
        for signal, attr in self.cfg.status:
            dut_value, model_value = env.final_status.get(signal), getattr(machine, attr)
            if dut_value != model_value:
                self.errors.append(f"{signal}: DUT ends with {dut_value}, model with {model_value}")
        self.errors.extend(self.extra_checks(observed, machine, run))

    def expected_run(self, run: RunResult) -> RunResult:
        """The model run the final epoch is checked against (the wrong-model test overrides this)."""
        return run

    def fault_errors(self, fault: Fault) -> list[str]:
        """The errors (regular expressions) an injected `fault` must provoke in the final epoch: the token
        comparison's on its channel, or for a refused token the leftover check's. A scoreboard whose own
        checks also see such a fault adds theirs; one that sees a late token says how."""
        observed = self.final_observed[fault.channel]
        name = re.escape(fault.channel)
        if fault.kind == "value":
            token = observed[fault.index].token
            return [rf"^{name}: token {fault.index} is {token}, the model expects {token ^ 1} \(DUT "]
        if fault.kind == "extra":
            patterns = [rf"^{name}: 1 extra token\(s\) after the model's {len(observed) - 1}: \[None\]$"]
            if fault.dut and self.AT_INIT_REPLAY and self.get_parent().at_init_trace is not None:
                # one token more delivered than the model produced: the module holds something from then on
                patterns.append(rf"^at_init is 1 at cycle \d+ while the module holds a token \((.*; )?{name} "
                                rf"\d+ produced, \d+ delivered[;)]")
            return patterns
        if fault.kind == "leftover":
            leftover = {fault.channel: [observed[fault.index].token]}
            return [rf"^the DUT consumed tokens the model leaves unconsumed: {re.escape(str(leftover))}$"]
        raise ValueError(f"{type(self).__name__} has no check that sees a {fault.kind} token on {fault.channel}")

    def check_phase(self):
        """Compare the streams, collect the end-of-run findings and give the `verdict`. A run the test
        let finish after a `RunAborted` (`env.aborted`) raises it again with the end-of-run findings
        only: its streams are incomplete, so they are not compared, and no verdict can accept it."""
        env = self.get_parent()
        by_epoch = self._observed()
        final_epoch = env.tb.epoch
        final = by_epoch[final_epoch] if final_epoch in by_epoch else {c.name: [] for c in self.cfg.channels}
        if env.aborted is None:
            for epoch in sorted(by_epoch):
                if epoch < final_epoch:
                    self._check_aborted(epoch, by_epoch[epoch], env.offers_at_reset.get(epoch, {}))
            self._check_final(final_epoch, final)
        else:
            self.final_observed = final
        self._check_at_init(by_epoch, final_epoch)
        for monitor in env.monitors.values():
            self.errors.extend(monitor.protocol_errors)
        self.errors.extend(env.end_errors)
        if env.aborted is not None:
            findings = "\n".join(self.errors) or "none"
            self.errors.insert(0, env.aborted)
            raise RunAborted(f"{env.aborted}\nend-of-run findings:\n{findings}")
        self.verdict()

    def verdict(self) -> None:
        """Fail the test if any check failed (`ExpectedErrors` decides otherwise)."""
        assert not self.errors, f"{self.cfg.name}: " + "\n".join(self.errors)


def _short(tokens: list, limit: int = 12) -> str:
    text = ", ".join(str(t) for t in tokens[:limit])
    return f"[{text}{', ...' if len(tokens) > limit else ''}] ({len(tokens)} tokens)"


def _mismatch(name: str, seen: list, model: list) -> str:
    for i, (a, b) in enumerate(zip(seen, model, strict=False)):
        if a != b:
            return f"{name}: token {i} is {a}, the model expects {b} (DUT {_short(seen)}, model {_short(model)})"
    if len(seen) > len(model):
        return f"{name}: {len(seen) - len(model)} extra token(s) after the model's {len(model)}: {seen[len(model):]}"
    return f"{name}: {len(model) - len(seen)} token(s) missing after {len(seen)}: expected {model[len(seen):]}"
