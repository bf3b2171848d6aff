"""Hand-computed cases of the arith golden models at widths 1, 8, 32 and 64.

Every expected word is written out by hand (signed values are noted in the comments); nothing is
computed by the model under test.
"""

from __future__ import annotations

import pytest

from dfv.golden.catalogue import make_machine
from dfv.golden.compute import ComputeMachine
from dfv.golden.core import run_streams
from dfv.golden.errors import ErrorCode
from dfv.golden.handshake import BINOP_CODES, CAST_KINDS, CMPI_PREDICATES

DIV0 = ErrorCode.RT_ARITH_DIV_BY_ZERO
M64 = 0xFFFF_FFFF_FFFF_FFFF
MIN64 = 0x8000_0000_0000_0000
MAX64 = 0x7FFF_FFFF_FFFF_FFFF

# (op, width, lhs, rhs, expected result, division by zero?)
BINOP_CASES = [
    # ---- width 1 (1 is -1 when signed)
    ("addi", 1, 1, 1, 0, False),
    ("addi", 1, 0, 1, 1, False),
    ("subi", 1, 0, 1, 1, False),
    ("subi", 1, 1, 1, 0, False),
    ("muli", 1, 1, 1, 1, False),
    ("muli", 1, 1, 0, 0, False),
    ("divsi", 1, 1, 1, 1, False),  # -1 / -1 = 1, wraps to -1 (INT_MIN / -1 = INT_MIN)
    ("divsi", 1, 0, 1, 0, False),
    ("divsi", 1, 1, 0, 1, True),  # all ones
    ("divsi", 1, 0, 0, 1, True),
    ("divui", 1, 1, 1, 1, False),
    ("divui", 1, 0, 0, 1, True),
    ("remsi", 1, 1, 1, 0, False),
    ("remsi", 1, 1, 0, 1, True),  # dividend
    ("remsi", 1, 0, 0, 0, True),
    ("remui", 1, 1, 1, 0, False),
    ("remui", 1, 1, 0, 1, True),
    ("andi", 1, 1, 0, 0, False),
    ("ori", 1, 1, 0, 1, False),
    ("xori", 1, 1, 1, 0, False),
    ("shli", 1, 1, 0, 1, False),
    ("shli", 1, 1, 1, 0, False),  # amount 1 >= W
    ("shrsi", 1, 1, 0, 1, False),
    ("shrsi", 1, 1, 1, 1, False),  # sign fill
    ("shrsi", 1, 0, 1, 0, False),
    ("shrui", 1, 1, 0, 1, False),
    ("shrui", 1, 1, 1, 0, False),
    # ---- width 8
    ("addi", 8, 0xFF, 0x01, 0x00, False),
    ("addi", 8, 0x7F, 0x01, 0x80, False),  # 127 + 1 = -128
    ("addi", 8, 100, 27, 0x7F, False),
    ("subi", 8, 0x00, 0x01, 0xFF, False),
    ("subi", 8, 0x80, 0x01, 0x7F, False),  # -128 - 1 = 127
    ("muli", 8, 0x10, 0x10, 0x00, False),
    ("muli", 8, 0xFF, 0xFF, 0x01, False),  # -1 * -1
    ("muli", 8, 12, 11, 0x84, False),
    ("muli", 8, 0xFD, 0x05, 0xF1, False),  # -3 * 5 = -15
    ("divsi", 8, 0xF9, 0x02, 0xFD, False),  # -7 / 2 = -3
    ("divsi", 8, 0x07, 0xFE, 0xFD, False),  # 7 / -2 = -3
    ("divsi", 8, 0xF9, 0xFE, 0x03, False),  # -7 / -2 = 3
    ("divsi", 8, 0x80, 0xFF, 0x80, False),  # INT_MIN / -1 = INT_MIN
    ("divsi", 8, 0x80, 0x02, 0xC0, False),  # -128 / 2 = -64
    ("divsi", 8, 100, 0, 0xFF, True),
    ("divui", 8, 0xF9, 0x02, 0x7C, False),  # 249 / 2 = 124
    ("divui", 8, 0x80, 0xFF, 0x00, False),
    ("divui", 8, 0xFF, 0x01, 0xFF, False),
    ("divui", 8, 5, 0, 0xFF, True),
    ("remsi", 8, 0xF9, 0x02, 0xFF, False),  # -7 % 2 = -1
    ("remsi", 8, 0x07, 0xFE, 0x01, False),  # 7 % -2 = 1
    ("remsi", 8, 0xF9, 0xFE, 0xFF, False),  # -7 % -2 = -1
    ("remsi", 8, 0x80, 0xFF, 0x00, False),  # INT_MIN % -1 = 0
    ("remsi", 8, 0x80, 0x03, 0xFE, False),  # -128 % 3 = -2
    ("remsi", 8, 0x85, 0x00, 0x85, True),
    ("remui", 8, 0xF9, 0x02, 0x01, False),
    ("remui", 8, 0xF9, 0x10, 0x09, False),
    ("remui", 8, 0x85, 0x00, 0x85, True),
    ("andi", 8, 0xF0, 0x3C, 0x30, False),
    ("ori", 8, 0xF0, 0x0F, 0xFF, False),
    ("xori", 8, 0xFF, 0x0F, 0xF0, False),
    ("shli", 8, 0x81, 1, 0x02, False),
    ("shli", 8, 0x01, 7, 0x80, False),
    ("shli", 8, 0x01, 8, 0x00, False),
    ("shli", 8, 0xFF, 0xFF, 0x00, False),
    ("shrsi", 8, 0x80, 1, 0xC0, False),
    ("shrsi", 8, 0x80, 7, 0xFF, False),
    ("shrsi", 8, 0x80, 8, 0xFF, False),
    ("shrsi", 8, 0x40, 8, 0x00, False),
    ("shrsi", 8, 0x7F, 3, 0x0F, False),
    ("shrsi", 8, 0x80, 0xFF, 0xFF, False),
    ("shrui", 8, 0x80, 1, 0x40, False),
    ("shrui", 8, 0x80, 7, 0x01, False),
    ("shrui", 8, 0x80, 8, 0x00, False),
    ("shrui", 8, 0xFF, 200, 0x00, False),
    # ---- width 32
    ("addi", 32, 0xFFFF_FFFF, 1, 0, False),
    ("addi", 32, 0x7FFF_FFFF, 1, 0x8000_0000, False),
    ("subi", 32, 0, 1, 0xFFFF_FFFF, False),
    ("muli", 32, 0x1_0000, 0x1_0000, 0, False),
    ("muli", 32, 0xFFFF_FFFF, 0xFFFF_FFFF, 1, False),
    ("muli", 32, 0x1234_5678, 0x10, 0x2345_6780, False),
    ("divsi", 32, 0x8000_0000, 0xFFFF_FFFF, 0x8000_0000, False),
    ("divsi", 32, 0xFFFF_FF9C, 7, 0xFFFF_FFF2, False),  # -100 / 7 = -14
    ("divsi", 32, 100, 0xFFFF_FFF9, 0xFFFF_FFF2, False),  # 100 / -7 = -14
    ("divsi", 32, 5, 0, 0xFFFF_FFFF, True),
    ("divui", 32, 0xFFFF_FFFF, 0x10, 0x0FFF_FFFF, False),
    ("divui", 32, 0x8000_0000, 0xFFFF_FFFF, 0, False),
    ("remsi", 32, 0xFFFF_FF9C, 7, 0xFFFF_FFFE, False),  # -100 % 7 = -2
    ("remsi", 32, 100, 0xFFFF_FFF9, 2, False),  # 100 % -7 = 2
    ("remsi", 32, 0x8000_0000, 0xFFFF_FFFF, 0, False),
    ("remui", 32, 0xFFFF_FFFF, 0x10, 0xF, False),
    ("remui", 32, 0xDEAD_BEEF, 0, 0xDEAD_BEEF, True),
    ("andi", 32, 0xFFFF_0000, 0x1234_5678, 0x1234_0000, False),
    ("ori", 32, 0xFFFF_0000, 0x1234_5678, 0xFFFF_5678, False),
    ("xori", 32, 0xFFFF_0000, 0x1234_5678, 0xEDCB_5678, False),
    ("shli", 32, 1, 31, 0x8000_0000, False),
    ("shli", 32, 3, 31, 0x8000_0000, False),
    ("shli", 32, 1, 32, 0, False),
    ("shrsi", 32, 0x8000_0000, 31, 0xFFFF_FFFF, False),
    ("shrsi", 32, 0x8000_0000, 32, 0xFFFF_FFFF, False),
    ("shrsi", 32, 0x8000_0000, 4, 0xF800_0000, False),
    ("shrsi", 32, 0x4000_0000, 100, 0, False),
    ("shrui", 32, 0x8000_0000, 31, 1, False),
    ("shrui", 32, 0x8000_0000, 32, 0, False),
    # ---- width 64
    ("addi", 64, M64, 1, 0, False),
    ("addi", 64, MAX64, 1, MIN64, False),
    ("subi", 64, 0, 1, M64, False),
    ("subi", 64, MIN64, 1, MAX64, False),
    ("muli", 64, 1 << 32, 1 << 32, 0, False),
    ("muli", 64, M64, M64, 1, False),
    ("muli", 64, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFE_0000_0001, False),
    ("divsi", 64, MIN64, M64, MIN64, False),  # INT_MIN / -1
    ("divsi", 64, 0xFFFF_FFFF_FFFF_FFF7, 4, 0xFFFF_FFFF_FFFF_FFFE, False),  # -9 / 4 = -2
    ("divsi", 64, MIN64, 2, 0xC000_0000_0000_0000, False),
    ("divsi", 64, MIN64, 0, M64, True),
    ("divui", 64, M64, 2, MAX64, False),
    ("divui", 64, MIN64, M64, 0, False),
    ("divui", 64, M64, 0, M64, True),
    ("remsi", 64, 0xFFFF_FFFF_FFFF_FFF7, 4, M64, False),  # -9 % 4 = -1
    ("remsi", 64, MIN64, M64, 0, False),
    ("remsi", 64, 9, 0xFFFF_FFFF_FFFF_FFFC, 1, False),  # 9 % -4 = 1
    ("remsi", 64, MIN64, 0, MIN64, True),
    ("remui", 64, M64, 10, 5, False),  # 18446744073709551615 % 10
    ("remui", 64, 12345, 0, 12345, True),
    ("andi", 64, M64, MIN64, MIN64, False),
    ("ori", 64, MIN64, 1, 0x8000_0000_0000_0001, False),
    ("xori", 64, M64, MIN64, MAX64, False),
    ("shli", 64, 1, 63, MIN64, False),
    ("shli", 64, 1, 64, 0, False),
    ("shli", 64, 1, M64, 0, False),
    ("shrsi", 64, MIN64, 63, M64, False),
    ("shrsi", 64, MIN64, 64, M64, False),
    ("shrsi", 64, MIN64, M64, M64, False),
    ("shrsi", 64, MAX64, 64, 0, False),
    ("shrsi", 64, MAX64, 62, 1, False),
    ("shrui", 64, MIN64, 63, 1, False),
    ("shrui", 64, M64, 64, 0, False),
]


@pytest.mark.parametrize(("op", "width", "lhs", "rhs", "expected", "div0"), BINOP_CASES)
def test_binop_case(op, width, lhs, rhs, expected, div0):
    r = run_streams(make_machine(f"arith.{op}", width=width), {"lhs": [lhs], "rhs": [rhs]})
    assert r.outputs["result"] == [expected]
    assert r.error == (DIV0 if div0 else 0)
    assert r.initial and not r.leftover


def test_every_op_at_every_required_width_is_covered():
    covered = {(op, w) for op, w, *_ in BINOP_CASES}
    for op in BINOP_CODES:
        for w in (1, 8, 32, 64):
            assert (op, w) in covered, (op, w)


def test_binop_codes_are_the_documented_numbering():
    assert BINOP_CODES == {
        "addi": 0, "subi": 1, "muli": 2, "divsi": 3, "divui": 4, "remsi": 5, "remui": 6,
        "andi": 7, "ori": 8, "xori": 9, "shli": 10, "shrsi": 11, "shrui": 12,
    }  # fmt: skip
    assert CMPI_PREDICATES == {
        "eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5, "ult": 6, "ule": 7, "ugt": 8, "uge": 9,
    }  # fmt: skip
    assert CAST_KINDS == {"index_cast": 0, "extsi": 1, "extui": 2, "trunci": 3, "index_castui": 4}


def test_stream_of_tokens_pairs_in_order_and_error_is_sticky():
    m = make_machine("arith.divui", width=8)
    r = run_streams(m, {"lhs": [10, 10, 10, 9], "rhs": [2, 0, 5]})
    assert r.outputs["result"] == [5, 0xFF, 2]
    assert r.leftover == {"lhs": [9]}
    assert r.error == DIV0  # sticky after the later good division
    m.reset()
    assert m.error == 0


def test_no_error_for_non_division_with_zero_rhs():
    for op in ("addi", "muli", "shli", "andi"):
        assert run_streams(make_machine(f"arith.{op}", width=8), {"lhs": [3], "rhs": [0]}).error == 0


# cmpi: (width, lhs, rhs, {predicate: expected})
CMPI_CASES = [
    (1, 1, 0, dict(eq=0, ne=1, slt=1, sle=1, sgt=0, sge=0, ult=0, ule=0, ugt=1, uge=1)),  # -1 vs 0
    (1, 1, 1, dict(eq=1, ne=0, slt=0, sle=1, sgt=0, sge=1, ult=0, ule=1, ugt=0, uge=1)),
    (8, 0x80, 0x7F, dict(eq=0, ne=1, slt=1, sle=1, sgt=0, sge=0, ult=0, ule=0, ugt=1, uge=1)),  # -128 vs 127
    (8, 0x05, 0x05, dict(eq=1, ne=0, slt=0, sle=1, sgt=0, sge=1, ult=0, ule=1, ugt=0, uge=1)),
    (8, 0x03, 0xFE, dict(eq=0, ne=1, slt=0, sle=0, sgt=1, sge=1, ult=1, ule=1, ugt=0, uge=0)),  # 3 vs -2
    (32, 0xFFFF_FFFF, 0, dict(eq=0, ne=1, slt=1, sle=1, sgt=0, sge=0, ult=0, ule=0, ugt=1, uge=1)),
    (32, 7, 9, dict(eq=0, ne=1, slt=1, sle=1, sgt=0, sge=0, ult=1, ule=1, ugt=0, uge=0)),
    (64, MIN64, MAX64, dict(eq=0, ne=1, slt=1, sle=1, sgt=0, sge=0, ult=0, ule=0, ugt=1, uge=1)),
    (64, 2, 1, dict(eq=0, ne=1, slt=0, sle=0, sgt=1, sge=1, ult=0, ule=0, ugt=1, uge=1)),
    (64, M64, M64, dict(eq=1, ne=0, slt=0, sle=1, sgt=0, sge=1, ult=0, ule=1, ugt=0, uge=1)),
]


@pytest.mark.parametrize(("width", "lhs", "rhs", "table"), CMPI_CASES)
@pytest.mark.parametrize("predicate", list(CMPI_PREDICATES))
def test_cmpi_case(width, lhs, rhs, table, predicate):
    r = run_streams(make_machine("arith.cmpi", predicate=predicate, width=width), {"lhs": [lhs], "rhs": [rhs]})
    assert r.outputs["result"] == [table[predicate]]


def test_select():
    r = run_streams(make_machine("arith.select", width=8),
                    {"cond": [1, 0, 1], "true_value": [1, 2, 3], "false_value": [9, 8, 7]})
    assert r.outputs["result"] == [1, 8, 3]
    r = run_streams(make_machine("arith.select", width=64), {"cond": [0], "true_value": [M64], "false_value": [MIN64]})
    assert r.outputs["result"] == [MIN64]
    # a missing operand blocks the firing
    r = run_streams(make_machine("arith.select", width=8), {"cond": [1], "true_value": [1]})
    assert r.outputs["result"] == [] and r.leftover == {"cond": [1], "true_value": [1]}


@pytest.mark.parametrize(
    ("kind", "iw", "ow", "value", "expected"),
    [
        ("extsi", 8, 32, 0x80, 0xFFFF_FF80),
        ("extsi", 8, 32, 0x7F, 0x7F),
        ("extsi", 1, 8, 1, 0xFF),
        ("extsi", 32, 64, 0x8000_0000, 0xFFFF_FFFF_8000_0000),
        ("extui", 8, 32, 0x80, 0x80),
        ("extui", 1, 64, 1, 1),
        ("trunci", 32, 8, 0x1234_5678, 0x78),
        ("trunci", 64, 1, 0x3, 1),
        ("trunci", 64, 32, MIN64 | 5, 5),
        ("index_cast", 32, 64, 0xFFFF_FFFE, 0xFFFF_FFFF_FFFF_FFFE),
        ("index_cast", 64, 32, 0x1_0000_0005, 5),
        ("index_cast", 32, 32, 0xDEAD_BEEF, 0xDEAD_BEEF),
        ("index_castui", 32, 64, 0xFFFF_FFFE, 0xFFFF_FFFE),
        ("index_castui", 64, 8, 0x1FF, 0xFF),
    ],
)
def test_cast(kind, iw, ow, value, expected):
    r = run_streams(make_machine(f"arith.{kind}", in_width=iw, out_width=ow), {"in": [value]})
    assert r.outputs["out"] == [expected]


def test_registry_factories():
    m = make_machine("arith.subi", width=8)
    assert isinstance(m, ComputeMachine) and m.INPUTS == ("lhs", "rhs") and m.OUTPUTS == ("result",)
    m = make_machine("arith.extsi", in_width=8, out_width=16)
    assert m.INPUTS == ("in",) and m.OUTPUTS == ("out",)
    m = make_machine("arith.select", width=4)
    assert m.INPUTS == ("cond", "true_value", "false_value")


def test_bad_parameters_and_tokens():
    with pytest.raises(KeyError, match="no operation 'arith.remf'"):
        make_machine("arith.remf", width=8)
    with pytest.raises(ValueError, match="format must be a float format"):
        make_machine("arith.addf", width=8)
    with pytest.raises(ValueError, match="width must be 1..64"):
        make_machine("arith.addi", width=65)
    with pytest.raises(ValueError, match="width must be a positive integer"):
        make_machine("arith.extsi", in_width=0, out_width=8)
    with pytest.raises(ValueError, match="unknown cmpi predicate 'lt'"):
        make_machine("arith.cmpi", predicate="lt", width=8)
    with pytest.raises(ValueError):
        run_streams(make_machine("arith.addi", width=8), {"lhs": [256], "rhs": [1]})
    with pytest.raises(ValueError):
        run_streams(make_machine("arith.addi", width=8), {"lhs": [-1], "rhs": [1]})
