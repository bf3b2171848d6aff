"""Testbench of the compute units (`dfv.golden.compute`): `arith_binop`, `arith_cmpi`, `arith_select`,
`arith_cast`, and every compute operation with a module of its own and no latency; channels and golden
machines follow from the operations' declarations (the integer units with a latency, `arith_muli`,
`arith_divi` and `math_bitcount`: `dfv.tb.handshake.units`).

Operands: the first burst crosses every pair of extremes of the width (0, 1, all ones, INT_MIN,
INT_MAX); then random bursts whose right operand is drawn per operation: divisors 0 and -1 (with
INT_MIN dividends) for the division ops, shift amounts 0, 1, W-1, W, W+1, 2W and all ones for the
shifts, equal / adjacent / sign-flipped pairs for cmpi.
"""

from __future__ import annotations

import itertools
from functools import partial

from dfv.golden.catalogue import COMPUTE, OpSpec, ops_of_module, own_module_params, spec
from dfv.golden.handshake import BINOP_CODES, CAST_KINDS, CMPI_PREDICATES, cmpi
from dfv.golden.handshake.arith import DIV_OPS
from dfv.golden.types import to_signed
from dfv.tb.common.fcov import sample_cross, sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.op_test import standard_tests
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import (
    VALUE_CLASSES,
    WIDTH_BINS,
    Family,
    FamilyCoverage,
    FamilyTest,
    burst_length,
    compute_config,
    extremes,
    random_word,
    value_class,
    width_bin,
)

OPS = {code: op for op, code in BINOP_CODES.items()}
PREDS = {code: p for p, code in CMPI_PREDICATES.items()}
KINDS = {code: k for k, code in CAST_KINDS.items()}
SHIFT_OPS = ("shli", "shrsi", "shrui")
ARITH_WIDTHS = ("1", "8", "32", "64")
DIV_CASES = ("by_zero", "int_min_by_minus_one", "by_minus_one", "other")
SHIFT_CASES = ("zero", "below_width", "width_or_more")
RELATIONS = ("equal", "lt_both", "gt_both", "slt_ugt", "sgt_ult")


def binop_config(params: dict, module: str = "arith_binop") -> OpConfig:
    """arith_binop, or arith_divi (the sticky error compared too): the operation its `OP` names, at `W`."""
    op = spec(f"arith.{OPS[int(params['OP'])]}")
    status = (("err_code", "error"),) if op.errors else ()
    return compute_config(module, op.name, {"width": int(params["W"])}, params, status=status)


def cmpi_config(params: dict) -> OpConfig:
    golden = {"width": int(params["W"]), "predicate": PREDS[int(params["PRED"])]}
    return compute_config("arith_cmpi", "arith.cmpi", golden, params)


def select_config(params: dict) -> OpConfig:
    return compute_config("arith_select", "arith.select", {"width": int(params["W"])}, params)


def cast_config(params: dict) -> OpConfig:
    golden = {"in_width": int(params["IW"]), "out_width": int(params["OW"])}
    return compute_config("arith_cast", f"arith.{KINDS[int(params['KIND'])]}", golden, params)


class OperandSequence(OpSequence):
    """A burst crossing all extremes, then random bursts of `operands()` tuples (one per input)."""

    COUNT = 24

    def rows(self) -> list[tuple]:
        """The corner burst: every combination of the extremes, one value per input."""
        widths = [c.width for c in self.cfg.inputs]
        return list(itertools.product(*(extremes(w) for w in widths)))

    def operands(self) -> tuple:
        return tuple(random_word(self.rng, c.width) for c in self.cfg.inputs)

    def item(self, rows: list[tuple]) -> OpItem:
        tokens = {c.name: [r[i] for r in rows] for i, c in enumerate(self.cfg.inputs)}
        return OpItem(tokens=tokens, n=len(rows), rows=rows)

    def generate(self):
        yield self.item(self.rows())
        for _ in range(self.COUNT):
            yield self.item([self.operands() for _ in range(burst_length(self.rng))])


class BinopOperands(OperandSequence):
    def operands(self) -> tuple:
        w, r = int(self.cfg.params["W"]), self.rng
        op = OPS[int(self.cfg.params["OP"])]
        mask, int_min = (1 << w) - 1, 1 << (w - 1)
        lhs = random_word(r, w)
        if op in DIV_OPS:
            rhs = r.choice((0, 0, mask, mask, 1, int_min, random_word(r, w), random_word(r, w), r.randint(1, 7))) & mask
            if rhs == mask and r.random() < 0.5:
                lhs = int_min
        elif op in SHIFT_OPS:
            rhs = r.choice((0, 1, w - 1, w, w + 1, 2 * w, mask, r.randrange(w), r.randrange(w), random_word(r, w)))
            rhs &= mask
        else:
            rhs = random_word(r, w)
        return lhs, rhs


class BinopNonzeroDivisors(BinopOperands):
    """BinopOperands without a zero divisor for the division ops (-1 and INT_MIN divisors stay)."""

    def nonzero(self, rows: list[tuple]) -> list[tuple]:
        if OPS[int(self.cfg.params["OP"])] not in DIV_OPS:
            return rows
        mask = (1 << int(self.cfg.params["W"])) - 1
        return [(lhs, rhs or self.rng.choice((1, mask))) for lhs, rhs in rows]

    def rows(self) -> list[tuple]:
        return self.nonzero(super().rows())

    def operands(self) -> tuple:
        return self.nonzero([super().operands()])[0]


class CmpiOperands(OperandSequence):
    def operands(self) -> tuple:
        w, r = int(self.cfg.params["W"]), self.rng
        mask = (1 << w) - 1
        lhs = random_word(r, w)
        pick = r.random()
        if pick < 0.25:
            rhs = lhs
        elif pick < 0.45:
            rhs = (lhs + r.choice((1, -1))) & mask
        elif pick < 0.6:
            rhs = lhs ^ (1 << (w - 1))
        else:
            rhs = random_word(r, w)
        return (lhs, rhs) if r.random() < 0.5 else (rhs, lhs)


class SelectOperands(OperandSequence):
    pass


class CastOperands(OperandSequence):
    pass


def relation(a: int, b: int, w: int) -> str:
    if a == b:
        return "equal"
    slt, ult = cmpi("slt", a, b, w), cmpi("ult", a, b, w)
    return {(1, 1): "lt_both", (0, 0): "gt_both", (1, 0): "slt_ugt", (0, 1): "sgt_ult"}[(slt, ult)]


def module_ops(module: str) -> tuple[str, ...]:
    """The operations (without the dialect) module `module` computes, by its `OP`."""
    return tuple(op.name.split(".", 1)[1] for op in ops_of_module(module))


class BinopCoverage(FamilyCoverage):
    """`arith_binop` and `arith_divi` (points named after the module): each operand's value class, each
    division's divisor case, each shift's amount case; per run the operation, the width and, for a
    division, whether the sticky error was raised."""

    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        m, w, op = self.cfg.name, int(self.cfg.params["W"]), OPS[int(self.cfg.params["OP"])]
        mask, int_min = (1 << w) - 1, 1 << (w - 1)
        for lhs, rhs in item.facts["rows"]:
            sample_point(f"{m}.lhs_class", VALUE_CLASSES, value_class(lhs, w))
            sample_point(f"{m}.rhs_class", VALUE_CLASSES, value_class(rhs, w))
            if op in DIV_OPS:
                case = ("by_zero" if rhs == 0 else "int_min_by_minus_one" if (rhs == mask and lhs == int_min)
                        else "by_minus_one" if rhs == mask else "other")
                sample_point(f"{m}.{op}.divisor", DIV_CASES, case)
            if op in SHIFT_OPS:
                case = "zero" if rhs == 0 else ("below_width" if rhs < w else "width_or_more")
                sample_point(f"{m}.{op}.amount", SHIFT_CASES, case)

    def sample_run(self, run) -> None:
        super().sample_run(run)
        m, op = self.cfg.name, OPS[int(self.cfg.params["OP"])]
        sample_point(f"{m}.op", module_ops(m), op)
        sample_point(f"{m}.width", ARITH_WIDTHS, str(self.cfg.params["W"]))
        if op in DIV_OPS:
            err = self.get_parent().final_status.get("err_code", 0)
            sample_point(f"{m}.div_error", ("raised", "clean"), "raised" if err else "clean")


class CmpiCoverage(FamilyCoverage):
    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        w, pred = int(self.cfg.params["W"]), PREDS[int(self.cfg.params["PRED"])]
        for lhs, rhs in item.facts["rows"]:
            sample_point("arith_cmpi.relation", RELATIONS, relation(lhs, rhs, w))
            sample_cross("arith_cmpi.pred_x_result", {"pred": tuple(CMPI_PREDICATES), "result": (0, 1)},
                         {"pred": pred, "result": cmpi(pred, lhs, rhs, w)})

    def sample_run(self, run) -> None:
        super().sample_run(run)
        sample_point("arith_cmpi.width", ("8", "32", "64"), str(self.cfg.params["W"]))


class SelectCoverage(FamilyCoverage):
    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        for cond, *_ in item.facts["rows"]:
            sample_point("arith_select.cond", (0, 1), cond)


class CastCoverage(FamilyCoverage):
    def data_width(self) -> int:
        return int(self.cfg.params["OW"])

    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        iw = int(self.cfg.params["IW"])
        for (value,) in item.facts["rows"]:
            sample_point("arith_cast.input_sign", ("negative", "non_negative"),
                         "negative" if to_signed(value, iw) < 0 else "non_negative")

    def sample_run(self, run) -> None:
        super().sample_run(run)
        iw, ow, kind = int(self.cfg.params["IW"]), int(self.cfg.params["OW"]), KINDS[int(self.cfg.params["KIND"])]
        sample_point("handshake.width", WIDTH_BINS, width_bin(iw))
        sample_point("arith_cast.kind", tuple(CAST_KINDS), kind)
        sample_point("arith_cast.direction", ("widen", "narrow"), "widen" if ow > iw else "narrow")


class DeclaredCoverage(FamilyCoverage):
    """A compute operation with a module of its own: the value class of every operand."""

    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        for row in item.facts["rows"]:
            for c, value in zip(self.cfg.inputs, row, strict=True):
                sample_point(f"{self.cfg.name}.{c.name}_class", VALUE_CLASSES, value_class(value, c.width))


def declared_config(op: OpSpec, params: dict) -> OpConfig:
    """A compute operation with a module of its own, its golden parameters read from the module's."""
    status = (("err_code", "error"),) if op.errors else ()
    return compute_config(op.module, op.name, own_module_params(op, params), params, status=status)


_WRITTEN = {
    "arith_binop": Family(binop_config, (BinopOperands,), BinopCoverage),
    "arith_cmpi": Family(cmpi_config, (CmpiOperands,), CmpiCoverage),
    "arith_select": Family(select_config, (SelectOperands,), SelectCoverage),
    "arith_cast": Family(cast_config, (CastOperands,), CastCoverage),
}

# Every other integer compute operation without a latency has a module of its own and is tested from its
# declaration alone: the extremes crossed, then random operands, each operand's value class covered (the
# units with a latency: dfv.tb.handshake.units; the float units: dfv.tb.fp).
FAMILIES = {
    **_WRITTEN,
    **{op.module: Family(partial(declared_config, op), (OperandSequence,), DeclaredCoverage)
       for op in map(spec, COMPUTE)
       if not op.wiring and op.module not in _WRITTEN and not op.compute.is_float and op.timing is None},
}


class ArithTest(FamilyTest):
    FAMILIES = FAMILIES


for _test in standard_tests(ArithTest, "Arith"):
    globals()[_test.__name__] = register(_test)
