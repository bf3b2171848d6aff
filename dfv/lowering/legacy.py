"""The 2021 spellings of MLIR operations, refused with the name of today's operation.

Until 2021-2022 MLIR had a `std` dialect (`std.addi`, `std.constant`, `std.br`, ...) and a builtin `func`
(written `func @f(...)`, generic `"func"()`); programs of that time (CIRCT's and Polygeist's older tests among
them) still circulate. MLIR split `std` into `arith`, `func`, `cf`, `memref` and `math` and moved `func` to the
`func` dialect; an unregistered `std.X` (or a bare `X` that was `std.X`: a 2021 printer left the `std.` out) is
named with its modern operation, found in the reader's context, so the message names only operations dfv reads.
"""

from __future__ import annotations

from xdsl.context import Context

RENAMED = {
    "constant": "arith.constant",
    "sexti": "arith.extsi",
    "zexti": "arith.extui",
    "fpext": "arith.extf",
    "fptrunc": "arith.truncf",
    "signed_divi": "arith.divsi",
    "divi_signed": "arith.divsi",
    "divi_unsigned": "arith.divui",
    "remi_signed": "arith.remsi",
    "remi_unsigned": "arith.remui",
    "ceildivi_signed": "arith.ceildivsi",
    "floordivi_signed": "arith.floordivsi",
    "shift_left": "arith.shli",
    "shift_right_signed": "arith.shrsi",
    "shift_right_unsigned": "arith.shrui",
    "absf": "math.absf",
    "ceilf": "math.ceil",
    "floorf": "math.floor",
    "copysign": "math.copysign",
}
"""`std.X` operations whose modern name is not `X` in one of `SUCCESSORS`."""

SUCCESSORS = ("arith", "func", "cf", "memref", "math")
"""The dialects that took over `std`'s operations, in the order their names are looked up."""


def modern_name(name: str, ctx: Context) -> str | None:
    """Today's operation for `name` if `name` is a 2021 spelling (`func`, `builtin.func`, `std.X`, or a bare `X`
    that was `std.X`), else None."""
    if name in ("func", "builtin.func"):
        return "func.func"
    base = name.removeprefix("std.")
    if "." in base:
        return None
    if base in RENAMED:
        return RENAMED[base]
    for dialect in SUCCESSORS:
        if ctx.get_optional_op(f"{dialect}.{base}") is not None:
            return f"{dialect}.{base}"
    return None


def legacy_message(name: str, ctx: Context) -> str | None:
    """The one-line refusal of 2021 spelling `name` (None if it is not one)."""
    modern = modern_name(name, ctx)
    if modern is None:
        return None
    if modern == "func.func":
        return (f"{name} is the 2021 spelling of func.func (MLIR moved func from builtin to the func dialect); "
                "write func.func")
    was = "" if name.startswith("std.") else f" (std.{name})"
    return f"{name} is the 2021 spelling{was} of {modern} (MLIR has since split the std dialect); write {modern}"
