"""Testbench of the integer units with a latency: `arith_muli` (a credit-based pipeline: LATENCY = S + 1
cycles, one operation per cycle, S + 2 operations held), `arith_divi` (an iterative divider for divsi,
divui, remsi and remui: LATENCY = INTERVAL = W + 2, one operation in flight) and `math_bitcount` (ctlz,
cttz, ctpop: a stall-able pipeline of one stage, two for ctpop wider than 32 bits). Their catalogue
entries (`dfv.golden.catalogue.muli_timing`, `divi_timing`, `bitcount_timing`) give the model, the
drain, the run's bound and the flow-control check of the harness (`dfv_cap_chk`: the operations each
holds, and whether a full unit takes one in the cycle its result leaves).

Operands: the operand sequences of `dfv.tb.handshake.arith` (the extremes crossed, then random operands;
for the divider, divisors 0, 1, -1 and INT_MIN, INT_MIN dividends over -1). The divider's sticky
`err_code` (division by zero, 0x110) is compared with the model's, and `err_valid` must equal
`err_code != 0`; `UnitNoErrorTest` never divides by zero, so the error must stay clear. `PacedTest` offers
operations at every phase of the one in flight. The bit counts: the extremes and every single bit, low
mask and high mask of the width, then words whose counts spread over 0..W.

Coverage: each operand's value class; the divider's divisor case per operation, the operation, the width
and whether the error was raised (`BinopCoverage`); the multiplier's width; each count 0..W of a bit
count, each single bit's position, the operation and the width (`BitcountCoverage`).
"""

from __future__ import annotations

from dfv.golden.catalogue import make_machine, own_module_params, spec
from dfv.golden.encodings import BitcountOp
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem
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
from dfv.tb.handshake.common import (
    VALUE_CLASSES,
    Family,
    FamilyCoverage,
    FamilyTest,
    compute_config,
    extremes,
    random_word,
    toplevel,
    value_class,
)

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


def bitcount_config(params: dict) -> OpConfig:
    return compute_config("math_bitcount", f"math.{BitcountOp(int(params['OP'])).spelling}",
                          {"width": int(params["W"])}, params)


def bit_patterns(width: int) -> list[int]:
    """Every single bit of a `width`-bit word, every low mask (0 .. all ones) and every high mask: each
    count 0..W of ctlz, cttz and ctpop is met, each bit position alone."""
    mask = (1 << width) - 1
    singles = [1 << k for k in range(width)]
    lows = [(1 << k) - 1 for k in range(width + 1)]
    return sorted({*singles, *lows, *(~low & mask for low in lows)})


class BitcountOperands(OperandSequence):
    """The extremes and `bit_patterns`, then random words shifted by a random amount either way (so their
    leading and trailing zeros and their set bits spread over the width), a fifth single bits."""

    def rows(self) -> list[tuple]:
        w = int(self.cfg.params["W"])
        return [(v,) for v in sorted({*extremes(w), *bit_patterns(w)})]

    def operands(self) -> tuple:
        w, r = int(self.cfg.params["W"]), self.rng
        if r.random() < 0.2:
            return (1 << r.randrange(w),)
        word = random_word(r, w)
        shift = r.randrange(w)
        return (((word >> shift) if r.random() < 0.5 else (word << shift)) & ((1 << w) - 1),)


class BitcountCoverage(FamilyCoverage):
    """Each count 0..W of the run's operation, each single-bit operand's position, the operand's value
    class; the operation and the width per run."""

    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        w, op = int(self.cfg.params["W"]), BitcountOp(int(self.cfg.params["OP"]))
        machine = make_machine(f"math.{op.spelling}", width=w)
        counts, positions = tuple(range(w + 1)), tuple(range(w))
        for (value,) in item.facts["rows"]:
            sample_point("math_bitcount.in_class", VALUE_CLASSES, value_class(value, w))
            result, _ = machine.compute.semantics(machine.params, value)
            sample_point(f"math_bitcount.{op.spelling}.w{w}.count", counts, result)
            if value & (value - 1) == 0 and value:
                sample_point(f"math_bitcount.w{w}.single_bit_at", positions, value.bit_length() - 1)

    def sample_run(self, run) -> None:
        super().sample_run(run)
        sample_point("math_bitcount.op", BitcountOp.spellings(), BitcountOp(int(self.cfg.params["OP"])).spelling)
        sample_point("math_bitcount.width", ARITH_WIDTHS, str(self.cfg.params["W"]))


FAMILIES = {
    "arith_muli": Family(muli_config, (OperandSequence,), MuliCoverage),
    "arith_divi": Family(divi_config, (BinopOperands,), BinopCoverage),
    "math_bitcount": Family(bitcount_config, (BitcountOperands,), BitcountCoverage),
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
