"""The encodings the flow hands to the RTL, as enums: one declaration each on the Python side.

Each member is named like its constant in `dfv/rtl/dfv_pkg.sv` without the prefix (`BinopCode.ADDI` is
`OP_ADDI`, `CastKind.INDEX_CAST` is `CAST_INDEX_CAST`); `tests/golden/test_encodings.py` keeps the two
sides equal. The MLIR spellings (`addi`, `slt`, `+=`, `<`) are derived from the members, so the golden
models, the lowering, the top generator and the testbenches all read these enums.
"""

from __future__ import annotations

from enum import IntEnum, nonmember


class _Spelled(IntEnum):
    """An encoding whose MLIR spelling is its member name in lower case."""

    @property
    def spelling(self) -> str:
        return self.name.lower()

    @classmethod
    def spellings(cls) -> tuple[str, ...]:
        """Every spelling, in encoding order."""
        return tuple(m.spelling for m in sorted(cls))

    @classmethod
    def of(cls, spelling: str):
        """The member spelled `spelling` (ValueError naming the known spellings otherwise)."""
        for m in cls:
            if m.spelling == spelling:
                return m
        raise ValueError(f"unknown {cls.WHAT} '{spelling}' (known: {', '.join(cls.spellings())})")


class BinopCode(_Spelled):
    """The `OP` parameter of `arith_binop` (addi, subi, andi, ori, xori, the shifts) and `arith_divi` (divsi,
    divui, remsi, remui): the MLIR `arith` integer binary operations (muli: `arith_muli`, which has none)."""

    WHAT = nonmember("arith binary op")
    ADDI = 0
    SUBI = 1
    MULI = 2
    DIVSI = 3
    DIVUI = 4
    REMSI = 5
    REMUI = 6
    ANDI = 7
    ORI = 8
    XORI = 9
    SHLI = 10
    SHRSI = 11
    SHRUI = 12


class CmpiPredicate(_Spelled):
    """`arith_cmpi`'s `PRED` parameter: MLIR's `arith::CmpIPredicate` numbering."""

    WHAT = nonmember("cmpi predicate")
    EQ = 0
    NE = 1
    SLT = 2
    SLE = 3
    SGT = 4
    SGE = 5
    ULT = 6
    ULE = 7
    UGT = 8
    UGE = 9


class CastKind(_Spelled):
    """`arith_cast`'s `KIND` parameter: the integer casts (`arith.<spelling>`)."""

    WHAT = nonmember("cast")
    INDEX_CAST = 0
    EXTSI = 1
    EXTUI = 2
    TRUNCI = 3
    INDEX_CASTUI = 4

    @property
    def sign_extends(self) -> bool:
        """Whether a widening of this kind copies the sign bit (a narrowing keeps the low bits)."""
        return self in (CastKind.INDEX_CAST, CastKind.EXTSI, CastKind.TRUNCI)


class BitcountOp(_Spelled):
    """`math_bitcount`'s `OP` parameter: the MLIR `math` bit-counting operations (`math.<spelling>`)."""

    WHAT = nonmember("bit count")
    CTLZ = 0  # leading zeros (the width for 0)
    CTTZ = 1  # trailing zeros (the width for 0)
    CTPOP = 2  # set bits


_STEP_SPELLINGS = ("+=", "-=", "*=", "/=", "<<=", ">>=")
_COND_SPELLINGS = ("<", "<=", ">", ">=", "!=", "sign")


class StepOp(IntEnum):
    """`dataflow.stream`'s `step_op` (the `STEP_OP` parameter, structural)."""

    ADD = 0
    SUB = 1
    MUL = 2
    DIV = 3
    SHL = 4
    SHR = 5

    @property
    def spelling(self) -> str:
        return _STEP_SPELLINGS[self]


class ContCond(IntEnum):
    """`dataflow.stream`'s `cont_cond` (a 3-bit runtime input); 6 and 7 are a configuration error."""

    LT = 0
    LE = 1
    GT = 2
    GE = 3
    NE = 4
    BY_SIGN = 5  # `<` when step > 0, `>` when step < 0 (spec 000's behaviour); spelled "sign"

    @property
    def spelling(self) -> str:
        return _COND_SPELLINGS[self]


CONT_COND_BITS = 3
"""Width of the runtime `cont_cond` input."""

FMA_ADD_SPLIT_MIN_P = 25
"""`dfv_pkg::FMA_ADD_SPLIT_MIN_P`: the narrowest significand (hidden bit included) at which `math_fma` adds in
two stages, one stage more (f64: its ADD_SPLIT), which the catalogue's fma latency follows."""
