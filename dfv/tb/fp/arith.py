"""Testbench of the floating-point units (dfv/rtl/fp/): one family per module, each run at one parameter
set, its operation and golden parameters read back from the module's parameters through the catalogue
(`dfv.golden.catalogue.from_rtl`), so channels, model and scoreboard follow from the declaration.

Operands (`dfv.golden.fp.samples`): the first burst gives every corner value of the format (or of the
integer width) in every input position, the other positions drawn from the corners too, and the
operation's own directed operands (sqrt: roots that are subnormal and hard to round); then random
bursts shaped per operation (sums that align, carry, tie and cancel; products and quotients near overflow
and underflow; fma addends near the product; comparisons of equal, negated and adjacent words; integers
of every length; conversions around the target's range). The scoreboard compares every result with the
golden model bit for bit, in order. The full cross of corners and 10^6 random operations per format run
in the SystemVerilog campaign (`make fpcheck`), which these tests do not replace.

Coverage: the class of every float operand (the ten IEEE classes: ±0, ±subnormal, ±normal, ±inf, qNaN,
sNaN), the rounding event of every result (`dfv.golden.fp.events`: exact, tie to even, inexact,
overflow, underflow to a subnormal and to zero, decided by specials), how each sum normalised
(massive cancellation, carry-out), each predicate's outcome, and the events of the integer conversions.
Only the events the operation can reach at the run's parameters are bins.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from dfv.golden.catalogue import OPS, OpSpec, from_rtl
from dfv.golden.compute import FORMAT_PARAMS, float_format_of
from dfv.golden.fp import events
from dfv.golden.fp.format import FloatClass, FloatFormat
from dfv.golden.fp.samples import (
    binary_random,
    compare_pair,
    convert_operand,
    corners,
    fma_random,
    int_corners,
    int_operand,
    root_corners,
    to_int_operand,
    unary_random,
)
from dfv.golden.types import to_signed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.op_test import PACED_TEST, standard_tests
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, burst_length, compute_config

CLASSES = tuple(c.value for c in FloatClass)
Params = dict


def unit(params: dict, module: str) -> tuple[OpSpec, str, Params]:
    """(the operation, its name without the dialect, its golden parameters) of `module` at `params`."""
    op, golden = from_rtl(module, params)
    return op, op.name.split(".", 1)[1], golden


def float_config(module: str, params: dict) -> OpConfig:
    """The unit's channels, model and timing (`dfv.tb.handshake.common.compute_config`), its operation and
    golden parameters read back from the module's parameters."""
    op, golden = from_rtl(module, params)
    return compute_config(module, op.name, golden, params)


# ---------------------------------------------------------------------------------- operands
def _draw(name: str, golden: Params) -> Callable:
    """The random operand tuple of operation `name` with golden parameters `golden`: rng -> tuple."""
    if name in ("sitofp", "uitofp"):
        return lambda rng: (int_operand(golden["in_width"], rng),)
    if name in ("fptosi", "fptoui"):
        return lambda rng: (to_int_operand(float_format_of(golden), golden["out_width"], rng),)
    if name in ("extf", "truncf"):
        src, dst = float_format_of(golden, "in_format"), float_format_of(golden, "out_format")
        return lambda rng: (convert_operand(src, dst, rng),)
    fmt = float_format_of(golden)
    style = {"mulf": "product", "divf": "quotient"}.get(name, "sum")
    shapes: dict[str, Callable] = {"fma": fma_random, "sqrt": unary_random, "negf": unary_random,
                                   "absf": unary_random, "cmpf": compare_pair}
    return partial(shapes.get(name, binary_random(style)), fmt)


def _directed(name: str, golden: Params) -> list[tuple]:
    """Operand tuples of operation `name` that the format's corners miss. sqrt: the operands whose roots
    are subnormal (formats with FW >= bias) and nearest a midpoint between two subnormals, in every binade
    (`root_corners`), where the denormalising shift and the sticky bit decide the rounding."""
    if name == "sqrt":
        return [(x,) for x in root_corners(float_format_of(golden))]
    return []


def _corner_values(golden: Params, port_width: str | int) -> list[int]:
    """The corner values of a port: its format's, or its integer width's."""
    if port_width in FORMAT_PARAMS:
        return list(corners(float_format_of(golden, str(port_width))))
    return int_corners(golden[port_width])


class FloatOperands(OpSequence):
    """A corner burst, then `COUNT` random bursts of operand tuples shaped for the unit's operation."""

    COUNT = 24

    def setup(self) -> None:
        self.op, self.name, self.golden = unit(self.cfg.params, self.cfg.name)
        self.draw = _draw(self.name, self.golden)

    def corner_rows(self) -> list[tuple]:
        """Every corner value in every input position, the other positions drawn from the corners; then the
        operation's directed operand tuples."""
        values = [_corner_values(self.golden, p.width) for p in self.op.compute.inputs]
        rows = []
        for k, column in enumerate(values):
            for v in column:
                row = [self.rng.choice(vs) for vs in values]
                row[k] = v
                rows.append(tuple(row))
        return rows + _directed(self.name, self.golden)

    def item(self, rows: list[tuple]) -> OpItem:
        tokens = {c.name: [r[i] for r in rows] for i, c in enumerate(self.cfg.inputs)}
        return OpItem(tokens=tokens, n=len(rows), rows=rows)

    def generate(self):
        self.setup()
        yield self.item(self.corner_rows())
        for _ in range(self.COUNT):
            yield self.item([self.draw(self.rng) for _ in range(burst_length(self.rng))])


# ---------------------------------------------------------------------------------- coverage
ARITH_EVENTS = {
    "addf": ("exact", "tie", "inexact", "overflow", "special"),  # a subnormal sum is exact
    "subf": ("exact", "tie", "inexact", "overflow", "special"),
    "mulf": events.ROUNDING,
    "divf": events.ROUNDING,
    "fma": events.ROUNDING,
    "sqrt": ("exact", "inexact", "special"),  # a root never ties, overflows or underflows
}
"""The rounding events each arithmetic operation can reach, in every format."""


def _to_float_events(fmt: FloatFormat, width: int, signed: bool) -> tuple[str, ...]:
    """Rounding events of an integer-to-float conversion: ties and inexact results need more significant
    bits than the format has, overflow a larger magnitude than its largest finite value."""
    bits = width - 1 if signed else width
    out = ["exact"]
    if bits > fmt.precision:
        out += ["tie", "inexact"]
    if bits > fmt.emax or (signed and width - 1 >= fmt.emax + 1):
        out.append("overflow")
    return tuple(out)


def _convert_events(src: FloatFormat, dst: FloatFormat) -> tuple[str, ...]:
    if dst.precision >= src.precision and dst.emax >= src.emax and dst.emin <= src.emin - src.frac_bits:
        return ("exact", "special")  # every value of src is a value of dst
    out = ["exact", "special", "overflow" if src.emax > dst.emax else None]
    if src.precision > dst.precision:
        out += ["tie", "inexact"]
    if src.emin - src.frac_bits < dst.emin:
        out += ["underflow_subnormal", "underflow_zero"]
    return tuple(e for e in out if e)


class FloatCoverage(FamilyCoverage):
    """Operand classes, rounding events, sum normalisation, predicate outcomes, conversion events."""

    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        op, name, golden = unit(self.cfg.params, self.cfg.name)
        module = self.cfg.name
        for row in item.facts["rows"]:
            for port, value in zip(op.compute.inputs, row, strict=True):
                if port.is_float:
                    fmt = float_format_of(golden, str(port.width))
                    sample_point(f"{module}.{port.name}_class", CLASSES, fmt.classify(value).value)
            result, _ = op.compute.semantics(golden, *row)
            self.sample_result(module, name, golden, row, result)

    def sample_result(self, module: str, name: str, golden: Params, row: tuple, result: int) -> None:
        if name in ARITH_EVENTS:
            fmt = float_format_of(golden)
            sample_point(f"{module}.{name}.rounding", ARITH_EVENTS[name], events.arith_event(name, fmt, row, result))
            if name in ("addf", "subf"):
                b = row[1] ^ (fmt.sign_mask if name == "subf" else 0)
                sample_point(f"{module}.{name}.normalisation", events.SUM, events.sum_event(fmt, row[0], b, result))
        elif name == "cmpf":
            pred = golden["predicate"]
            outcomes = (0,) if pred == "false" else (1,) if pred == "true" else (0, 1)
            sample_point(f"{module}.{pred}.result", outcomes, result)
        elif name in ("sitofp", "uitofp"):
            fmt, w = float_format_of(golden), golden["in_width"]
            n = to_signed(row[0], w) if name == "sitofp" else row[0]
            sample_point(f"{module}.{name}.{fmt.name}_i{w}.rounding", _to_float_events(fmt, w, name == "sitofp"),
                         events.int_to_float_event(fmt, n, result))
        elif name in ("fptosi", "fptoui"):
            fmt, w = float_format_of(golden), golden["out_width"]
            low, high = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if name == "fptosi" else (0, (1 << w) - 1)
            sample_point(f"{module}.{name}.i{w}.event", events.TO_INT,
                         events.float_to_int_event(fmt, row[0], low, high))
        elif name in ("extf", "truncf"):
            src, dst = float_format_of(golden, "in_format"), float_format_of(golden, "out_format")
            sample_point(f"{module}.{src.name}_to_{dst.name}.rounding", _convert_events(src, dst),
                         events.convert_event(src, dst, row[0], result))

    def sample_run(self, run) -> None:
        self.sample_observed(self.get_parent().scoreboard.final_observed)


def _float_family(module: str) -> Family:
    return Family(partial(float_config, module), (FloatOperands,), FloatCoverage)


FAMILIES = {m: _float_family(m)
            for m in dict.fromkeys(op.module for op in OPS.values() if op.compute and op.compute.is_float)}


class FloatTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(FloatTest, "Float", (PACED_TEST,)):
    globals()[_test.__name__] = register(_test)
