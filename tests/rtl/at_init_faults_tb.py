"""cocotb tests for test_at_init_rtl.py (not part of the regression): the busy check of `at_init` on
`handshake_fork` (W=64, N=3), whose at_init is 0 exactly while some outputs took the current token and
others not. `ForkRandomTest` is the control; `AtInitStuckAtOne` reads at_init through a stand-in stuck at
1 (a DUT that never says it is busy) and passes only when the check reports exactly that."""

from __future__ import annotations

from dfv.tb.common.faults import ExpectedErrors
from dfv.tb.common.init_state import AtInitTrace
from dfv.tb.common.op_env import OpEnv
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family
from dfv.tb.handshake.fork import ForkTest

_TESTS = {cls.__name__: cls for cls in standard_tests(ForkTest, "Fork")}
register(_TESTS["ForkRandomTest"])


class StuckAtOneTrace(AtInitTrace):
    """The trace of an at_init stuck at 1: every logged change reads 1 (the fork is idle at the end anyway)."""

    def entry(self, k: int) -> tuple[int, int | None]:
        return super().entry(k)[0], 1


class StuckAtInitEnv(OpEnv):
    """The trace reads at_init stuck at 1 (the end check reads the DUT's own)."""

    AT_INIT_TRACE = StuckAtOneTrace


OUTPUT_COUNTS = r"out\[\d\] \d+ produced, \d+ delivered"


class CatchesStuckAtInit(ExpectedErrors, OpScoreboard):
    """Exactly the busy check must fail: a fork that served some outputs holds the token."""

    def expected_errors(self) -> list[str]:
        return [rf"^at_init is 1 at cycle \d+ while the module holds a token \({OUTPUT_COUNTS}(; {OUTPUT_COUNTS})*\) "
                r"\(\d+ such cycles?\)$"]


@register
class AtInitStuckAtOne(_TESTS["ForkRandomTest"]):
    ENV = StuckAtInitEnv
    SAMPLE_COVERAGE = False

    def family(self) -> Family:
        return Family(super().family().make_config, super().family().sequences, super().family().coverage,
                      CatchesStuckAtInit)
