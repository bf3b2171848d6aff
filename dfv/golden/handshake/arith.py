"""Semantics of the `arith` integer operations: `binop`, `cmpi`, `cast` (their catalogue entries,
`dfv.golden.catalogue`, make them compute operations, `dfv.golden.compute`).

Tokens are unsigned W-bit words; results wrap to W bits (MLIR semantics) for every W in 1..64.
Cases MLIR leaves undefined (division by zero, shift amounts >= W) are defined as in the RTL:

* divsi / divui by 0 -> all ones; remsi / remui by 0 -> the dividend; sticky RT_ARITH_DIV_BY_ZERO.
* divsi INT_MIN / -1 -> INT_MIN; remsi INT_MIN % -1 -> 0 (signed division truncates toward zero,
  the remainder has the sign of the dividend).
* shli / shrui by >= W -> 0; shrsi by >= W -> W copies of the sign bit. The amount is rhs unsigned.
"""

from __future__ import annotations

from dfv.golden.encodings import BinopCode, CastKind, CmpiPredicate
from dfv.golden.types import to_signed, to_unsigned

# The encodings of arith_binop's OP, arith_cmpi's PRED and arith_cast's KIND (dfv.golden.encodings), by spelling.
BINOP_CODES = {m.spelling: int(m) for m in BinopCode}
DIV_OPS = ("divsi", "divui", "remsi", "remui")
CMPI_PREDICATES = {m.spelling: int(m) for m in CmpiPredicate}
CAST_KINDS = {m.spelling: int(m) for m in CastKind}
SIGN_EXTENDING_CASTS = tuple(m.spelling for m in CastKind if m.sign_extends)


def _trunc_div(a: int, b: int) -> int:
    """Signed division truncating toward zero (Python's // floors)."""
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def binop(op: str, a: int, b: int, width: int) -> tuple[int, bool]:
    """(result word, division-by-zero flag) of `op` on the unsigned `width`-bit words a, b."""
    mask = (1 << width) - 1
    sa, sb = to_signed(a, width), to_signed(b, width)
    if op == "addi":
        return (a + b) & mask, False
    if op == "subi":
        return (a - b) & mask, False
    if op == "muli":
        return (a * b) & mask, False
    if op in DIV_OPS and b == 0:
        return (mask if op in ("divsi", "divui") else a), True
    if op == "divsi":
        return to_unsigned(_trunc_div(sa, sb), width), False
    if op == "divui":
        return a // b, False
    if op == "remsi":
        return to_unsigned(sa - sb * _trunc_div(sa, sb), width), False
    if op == "remui":
        return a % b, False
    if op == "andi":
        return a & b, False
    if op == "ori":
        return a | b, False
    if op == "xori":
        return a ^ b, False
    if op == "shli":
        return (0 if b >= width else (a << b) & mask), False
    if op == "shrsi":
        return to_unsigned(sa >> min(b, width - 1), width), False
    if op == "shrui":
        return (0 if b >= width else a >> b), False
    raise ValueError(f"unknown arith binary op '{op}' (known: {', '.join(BINOP_CODES)})")


def cmpi(predicate: str, a: int, b: int, width: int) -> int:
    """0/1 result of `arith.cmpi predicate` on unsigned `width`-bit words."""
    sa, sb = to_signed(a, width), to_signed(b, width)
    table = {
        "eq": a == b,
        "ne": a != b,
        "slt": sa < sb,
        "sle": sa <= sb,
        "sgt": sa > sb,
        "sge": sa >= sb,
        "ult": a < b,
        "ule": a <= b,
        "ugt": a > b,
        "uge": a >= b,
    }
    if predicate not in table:
        raise ValueError(f"unknown cmpi predicate '{predicate}' (known: {', '.join(CMPI_PREDICATES)})")
    return int(table[predicate])


def cast(kind: str, value: int, in_width: int, out_width: int) -> int:
    """`arith.<kind>` from in_width to out_width bits (widening sign- or zero-extends, narrowing truncates)."""
    if kind not in CAST_KINDS:
        raise ValueError(f"unknown cast '{kind}' (known: {', '.join(CAST_KINDS)})")
    if kind in SIGN_EXTENDING_CASTS:
        return to_unsigned(to_signed(value, in_width), out_width)
    return to_unsigned(value, out_width)
