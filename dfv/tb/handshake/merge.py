"""Testbench of `handshake_merge(_ctrl)` and `handshake_control_merge(_ctrl)` against
`dfv.golden.handshake.Merge` / `ControlMerge`.

A merge is not Kahn-deterministic: which input goes first depends on arrival times. The stream
scoreboard of the other primitives would feed the golden model whole input streams, which only
equals the RTL when inputs never overlap in time; here every input carries tokens at once, so
`MergeScoreboard` checks the merge property instead:

- the model is fed cycle by cycle with the input token the DUT consumed in that cycle (at most one
  per cycle, checked), which gives the exact expected `out` (and `index`) streams, compared token by
  token (so the expected-failure tests work as for every other scoreboard);
- for each input i, the subsequence of outputs that came from i equals the tokens of `in[i]` in
  order, and the counts match exactly; for control_merge "came from i" is read from `index`, for
  merge from the consumption order;
- priority: when a token is first offered on `out`, it comes from the lowest-index input that had a
  token on offer in that cycle (the RTL holds its choice afterwards while stalled, so a lower input
  arriving later must not change it; the protocol checker sees such a change as data instability).
  Output k is paired with the k-th input consumed, so this is checked when the counts agree.

Coverage: which input each output came from, contention (another input waiting), a lower input
waiting while a held choice is served, and for control_merge which of out / index went first.
"""

from __future__ import annotations

from collections import deque

from dfv.golden.core import Machine, RunResult
from dfv.golden.handshake import ControlMerge, Merge
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_scoreboard import Fault, OpScoreboard
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.traffic import FULL, Consumer, Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import (
    Family,
    FamilyCoverage,
    FamilyTest,
    StreamSequence,
    module_name,
    offer_cycle,
    run_params,
)


def merge_config(params: dict, ctrl: bool, control: bool) -> OpConfig:
    width, n = (0 if ctrl else int(params["W"])), int(params["N"])
    name = module_name("handshake.control_merge" if control else "handshake.merge", width)
    sw = int(params["SW"]) if "SW" in params else None  # a wider index (CIRCT's index) than N needs
    model = (lambda: ControlMerge(n, width, sw)) if control else (lambda: Merge(n, width))
    return OpConfig.from_model(name, model, params)


def consumed(cfg: OpConfig, observed: dict[str, list[Observed]]) -> list[tuple[int, Observed]]:
    """(input index, transfer) of every consumed input token, in cycle order."""
    taken = [(i, o) for i, c in enumerate(cfg.inputs) for o in observed[c.name]]
    return sorted(taken, key=lambda t: (t[1].cycle, t[0]))


class MergeScoreboard(OpScoreboard):
    """The merge property (module docstring) instead of a whole-stream model run."""

    def run_model(self, epoch: int, observed: dict[str, list[Observed]],
                  offers: dict[str, object] | None = None) -> tuple[Machine, RunResult]:
        machine = self.cfg.model()
        inq = {p: deque() for p in machine.INPUTS}
        outq = {p: deque() for p in machine.OUTPUTS}
        firings = 0
        for i, obs in consumed(self.cfg, observed):
            inq[f"in[{i}]"].append(obs.token)
            while machine.fire(inq, outq):
                firings += 1
        return machine, RunResult({p: list(q) for p, q in outq.items()}, {p: list(q) for p, q in inq.items() if q},
                                  machine.is_initial(), machine.error, firings)

    def _check_aborted(self, epoch: int, observed: dict[str, list[Observed]], offers: dict[str, object]) -> None:
        # control_merge may have sent `out` or `index` of a token it had not consumed when the reset came
        slack = 1 if len(self.cfg.outputs) == 2 else 0
        _, run = self.run_model(epoch, observed)
        for c in self.cfg.outputs:
            seen, model = [o.token for o in observed[c.name]], run.outputs[c.name]
            if seen[: len(model)] != model[: len(seen)] or len(seen) > len(model) + slack:
                self.errors.append(f"epoch {epoch} (cut by reset): {c.name} produced {seen[:20]}, "
                                   f"inconsistent with the consumed inputs {model[:20]}")

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        errors = []
        taken = consumed(self.cfg, observed)
        cycles = [o.cycle for _, o in taken]
        if len(set(cycles)) != len(cycles):
            errors.append("more than one input consumed in one cycle (a merge passes one token per cycle)")
        outs = [o.token for o in observed["out"]]
        control = "index" in observed
        sources = [o.token for o in observed["index"]] if control else [i for i, _ in taken]
        counts_agree = len(outs) == len(taken) and len(sources) == len(taken)
        if not counts_agree:
            errors.append(f"counts: {len(taken)} input tokens consumed, {len(outs)} on out"
                          + (f", {len(sources)} on index" if control else ""))
        for i, c in enumerate(self.cfg.inputs):
            mine = [t for t, s in zip(outs, sources, strict=False) if s == i]
            sent = [o.token for o in observed[c.name]]
            if mine != sent:
                errors.append(f"merge property: the outputs from {c.name} are {mine[:12]} ({len(mine)}), "
                              f"but {c.name} carried {sent[:12]} ({len(sent)})")
        if control and sources != [i for i, _ in taken]:
            errors.append(f"index {sources[:20]} does not name the inputs consumed, in order "
                          f"{[i for i, _ in taken][:20]}")
        if counts_agree:  # output k came from consumed input k: else which came from where is unknown
            errors.extend(self._priority(observed, taken))
        return errors

    def _priority(self, observed: dict[str, list[Observed]], taken: list[tuple[int, Observed]]) -> list[str]:
        """The priority property, output k paired with consumed input k (the counts agree)."""
        spans = [(i, offer_cycle(o), o.cycle) for i, o in taken]
        errors = []
        for k, out in enumerate(observed["out"]):
            # the merge_ctrl has no lock: its choice is the lowest valid input in the transfer cycle
            at = out.cycle if self.cfg.name == "handshake_merge_ctrl" else offer_cycle(out)
            if "index" in observed:
                at = min(at, offer_cycle(observed["index"][k]))
            valid = [i for i, start, end in spans if start <= at <= end]
            if valid and taken[k][0] != min(valid):
                errors.append(f"priority: output {k} first offered in cycle {at} came from in[{taken[k][0]}] "
                              f"while in[{min(valid)}] was on offer")
        return errors[:5]

    def fault_errors(self, fault: Fault) -> list[str]:
        """A corrupted `out` token also breaks the merge property of the input it came from; a repeated
        one breaks the counts (and the priority check, which needs them, is skipped)."""
        errors = super().fault_errors(fault)
        if not fault.dut or fault.channel != "out":
            return errors
        observed = self.final_observed
        if fault.kind == "value":
            lane = (observed["index"][fault.index].token if "index" in observed
                    else consumed(self.cfg, observed)[fault.index][0])
            return [*errors, rf"^merge property: the outputs from in\[{lane}\] are "]
        if fault.kind == "extra":
            n = len(observed["out"]) - 1
            index = f", {n} on index" if "index" in observed else ""
            return [*errors, rf"^counts: {n} input tokens consumed, {n + 1} on out{index}$"]
        return errors


class MergeBursts(StreamSequence):
    """Independent bursts on every input (some inputs empty), so inputs overlap in time."""

    def make_item(self, n: int) -> OpItem:
        width = self.cfg.inputs[0].width
        tokens = {}
        for c in self.cfg.inputs:
            k = n if self.rng.random() < 0.6 else self.rng.randint(0, n)
            tokens[c.name] = [self.word(width) for _ in range(k)]
        return OpItem(tokens=tokens, n=n)


class MergeCoverage(FamilyCoverage):
    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        n = int(self.cfg.params["N"])
        name = f"{self.cfg.name}.N{n}"
        taken = consumed(self.cfg, observed)
        spans = [(i, offer_cycle(o), o.cycle) for i, o in taken]
        locking = self.cfg.name != "handshake_merge_ctrl"
        for i, o in taken:
            sample_point(f"{name}.source", [f"in[{j}]" for j in range(n)], f"in[{i}]")
            if n > 1:
                others = [j for j, start, end in spans if j != i and start <= o.cycle <= end]
                sample_point(f"{name}.contention", ("alone", "contended"), "contended" if others else "alone")
                if locking and i > 0:
                    lower = any(j < i for j in others)
                    sample_point(f"{name}.held_choice", ("lower_waiting", "no_lower"),
                                 "lower_waiting" if lower else "no_lower")
        if "index" in observed:
            for out, idx in zip(observed["out"], observed["index"], strict=False):
                order = "together" if out.cycle == idx.cycle else ("out_first" if out.cycle < idx.cycle else
                                                                    "index_first")
                sample_point(f"{name}.eager", ("together", "out_first", "index_first"), order)


FAMILIES = {
    f"handshake_{kind}{suffix}": Family(lambda p, c=bool(suffix), k=kind: merge_config(p, c, k == "control_merge"),
                                        (MergeBursts,), MergeCoverage, MergeScoreboard)
    for kind in ("merge", "control_merge") for suffix in ("", "_ctrl")
}


class MergeTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(MergeTest, "Merge"):
    globals()[_test.__name__] = register(_test)


@register
class MergeSplitReadyTest(MergeTest):
    """The last input always offered, lower inputs rarely, out stalled 50%; control_merge: index stalled 70% while
    out is always ready. Every ready only while its valid is high (as `handshake_join` does): an output served early
    is not ready again."""

    def traffic(self) -> TrafficConfig:
        n = int(run_params()["N"])
        return TrafficConfig(idle=Pattern("random", 0.8), backpressure=Pattern("random", 0.5),
                             per_channel={f"in[{n - 1}]": FULL, "index": Pattern("random", 0.7)},
                             consumer=Consumer.WHILE_VALID)
