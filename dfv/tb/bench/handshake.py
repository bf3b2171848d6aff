"""Full-rate throughput of the handshake primitives, arith and float units and access ports, on their test
environments.

One long burst (`length()` tokens on every input, consistent for the mux and the merges) is sent with
inputs always valid and outputs always ready; the run is still checked against the golden model.
Tokens per cycle are counted on the channel(s) that carry one token per firing of the primitive
(`dfv.golden.catalogue.OpSpec.rate`), from the first to the last transfer, and must equal the
documented rate of `dfv.tb.common.rates` (docs/primitives.md: one token per cycle for every primitive except
the FIFOs with DEPTH = 1, one per 2 cycles); otherwise the test fails with
`throughput: <module> [<params>] <channel> <measured> tokens/cycle, documented <rate> ...`.

`make bench` (`dfv.sim.bench`, `DFV_BENCH=1`) runs it with `LENGTH` tokens and appends the figures to
`DFV_RUN_DIR/bench.jsonl`; the regression runs it beside the suite's own tests (the suite's `bench`
key in configs/regression.yaml) with `CHECK_LENGTH` tokens, enough to tell a full rate from a half one.
"""

from __future__ import annotations

import random

from dfv.tb.bench.check import RateCheckMixin, run_length
from dfv.tb.common import variants
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.traffic import FULL, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.fp import arith as fp_arith
from dfv.tb.handshake import access, arith, branch, buffer, fork, join, merge, sources, units
from dfv.tb.handshake.common import run_params, toplevel

LENGTH = 1000  # tokens per input in `make bench`
CHECK_LENGTH = 200  # in the regression

BASES = {
    **{name: fork.ForkTest for name in fork.FAMILIES},
    **{name: join.JoinTest for name in join.FAMILIES},
    **{name: branch.BranchTest for name in branch.FAMILIES},
    **{name: merge.MergeTest for name in merge.FAMILIES},
    **{name: sources.SourcesTest for name in sources.FAMILIES},
    **{name: buffer.BufferTest for name in buffer.FAMILIES},
    **{name: arith.ArithTest for name in arith.FAMILIES},
    **{name: units.UnitTest for name in units.FAMILIES},
    **{name: access.AccessTest for name in access.FAMILIES},
    **{name: fp_arith.FloatTest for name in fp_arith.FAMILIES},
}

def length() -> int:
    return run_length(LENGTH, CHECK_LENGTH)


class LongBurst(OpSequence):
    """length() random tokens on every input; mux: sel uniform with matching data; merges: inputs share them."""

    def generate(self):
        rng = random.Random(f"{variants.seed()}:bench")
        word = lambda w: None if w == 0 else rng.getrandbits(w)  # noqa: E731
        top, params, n_tokens = toplevel(), self.cfg.params, length()
        tokens = {}
        if top.startswith("handshake_mux"):
            n = int(params["N"])
            sels = [rng.randrange(n) for _ in range(n_tokens)]
            tokens["sel"] = sels
            for i in range(n):
                tokens[f"in[{i}]"] = [word(self.cfg.inputs[1].width) for s in sels if s == i]
        elif "merge" in top:
            share = n_tokens // len(self.cfg.inputs)
            tokens = {c.name: [word(c.width) for _ in range(share)] for c in self.cfg.inputs}
        else:
            tokens = {c.name: [word(c.width) for _ in range(n_tokens)] for c in self.cfg.inputs}
        yield OpItem(tokens=tokens, kind="long", n=n_tokens)


_Base = BASES.get(toplevel(), fork.ForkTest)


@register
class FullRateBench(RateCheckMixin, _Base):
    """Tokens per cycle with inputs always valid and outputs always ready, against the documented rate."""

    SAMPLE_COVERAGE = False

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=FULL, backpressure=FULL)

    def sequences(self):
        return [LongBurst.create("long")]


    def report_phase(self):
        top, params = toplevel(), run_params()
        measured, documented = self.measured(), self.documented()
        self.record({
            "module": top, "params": params, "case": self.CASE, "cycles": self.env.tb.cycles_since_reset(),
            "wall_s": self.wall, "length": length(), "measured": measured, "documented": documented,
        })
        self.check_rates(measured)
