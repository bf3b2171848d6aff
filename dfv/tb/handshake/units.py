"""Testbench of the integer units with a latency: `arith_muli` (a credit-based pipeline: LATENCY = S + 1
cycles, one operation per cycle, S + 2 operations held) and `arith_divi` (an iterative divider for divsi,
divui, remsi and remui: LATENCY = INTERVAL = W + 2, one operation in flight). Their catalogue entries
(`dfv.golden.catalogue.muli_timing`, `divi_timing`) give the model, the drain, the run's bound and the
flow-control check of the harness (`dfv_cap_chk`: the operations each holds, and whether a full unit
takes one in the cycle its result leaves).

Operands: the operand sequences of `dfv.tb.handshake.arith` (the extremes crossed, then random operands;
for the divider, divisors 0, 1, -1 and INT_MIN, INT_MIN dividends over -1). The divider's sticky
`err_code` (division by zero, 0x110) is compared with the model's, and `err_valid` must equal
`err_code != 0`; `UnitNoErrorTest` never divides by zero, so the error must stay clear. `PacedTest` offers
operations at every phase of the one in flight.

Coverage: each operand's value class; the divider's divisor case per operation, the operation, the width
and whether the error was raised (`BinopCoverage`); the multiplier's width.
"""

from __future__ import annotations

from dfv.golden.catalogue import own_module_params, spec
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_test import PACED_TEST, standard_tests
from dfv.tb.common.traffic import Pattern, TrafficConfig
from dfv.tb.common.variants import register
from dfv.tb.handshake.arith import (
    ARITH_WIDTHS,
    BinopCoverage,
    BinopNonzeroDivisors,
    BinopOperands,
    DeclaredCoverage,
    OperandSequence,
    binop_config,
)
from dfv.tb.handshake.common import Family, FamilyTest, compute_config, toplevel

MULI = spec("arith.muli")


def muli_config(params: dict) -> OpConfig:
    return compute_config(MULI.module, MULI.name, own_module_params(MULI, params), params)


class MuliCoverage(DeclaredCoverage):
    """Each operand's value class (`DeclaredCoverage`) and the width of the run."""

    def sample_run(self, run) -> None:
        super().sample_run(run)
        sample_point("arith_muli.width", ARITH_WIDTHS, str(self.cfg.params["W"]))


def divi_config(params: dict) -> OpConfig:
    return binop_config(params, "arith_divi")


FAMILIES = {
    "arith_muli": Family(muli_config, (OperandSequence,), MuliCoverage),
    "arith_divi": Family(divi_config, (BinopOperands,), BinopCoverage),
}


class UnitTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(UnitTest, "Unit", (PACED_TEST,)):
    globals()[_test.__name__] = register(_test)


@register
class UnitNoErrorTest(UnitTest):
    """arith_divi: divisors never 0, so the sticky error must stay clear (also for -1 and INT_MIN divisors);
    every unit: 50% random idle cycles and back-pressure."""

    def traffic(self) -> TrafficConfig:
        return TrafficConfig(idle=Pattern("random", 0.5), backpressure=Pattern("random", 0.5))

    def sequences(self):
        if toplevel() == "arith_divi":
            return [BinopNonzeroDivisors.create("nonzero")]
        return super().sequences()
