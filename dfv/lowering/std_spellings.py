"""The operations of MLIR's `std` dialect (and `builtin.func`) and what they became when they moved (2021-2022)
to `arith`, `math`, `memref`, `cf` and `func`, so that a program written in the old spelling (`std.addi`,
`func @f`, `br ^bb1`, as programs of that time are) is refused with the modern name (`dfv.lowering.parse`).
"""

from __future__ import annotations

_ARITH = ("addi subi muli andi ori xori shli shrsi shrui divsi divui remsi remui ceildivsi floordivsi cmpi cmpf "
          "addf subf mulf divf remf negf constant select index_cast sitofp uitofp fptosi fptoui trunci bitcast "
          "maxsi minsi maxui minui extsi extui extf truncf").split()

_RENAMED = {
    # arith operations renamed on the move
    "divi_signed": "arith.divsi", "divi_unsigned": "arith.divui", "remi_signed": "arith.remsi",
    "remi_unsigned": "arith.remui", "ceildivi_signed": "arith.ceildivsi", "floordivi_signed": "arith.floordivsi",
    "shift_left": "arith.shli", "shift_right_signed": "arith.shrsi", "shift_right_unsigned": "arith.shrui",
    "sexti": "arith.extsi", "zexti": "arith.extui", "fpext": "arith.extf", "fptrunc": "arith.truncf",
    "maxf": "arith.maximumf", "minf": "arith.minimumf",
    # math
    "absf": "math.absf", "sqrt": "math.sqrt", "fmaf": "math.fma", "ceilf": "math.ceil", "floorf": "math.floor",
    "copysign": "math.copysign",
    # memref
    "load": "memref.load", "store": "memref.store", "alloc": "memref.alloc", "alloca": "memref.alloca",
    "dealloc": "memref.dealloc", "dim": "memref.dim", "view": "memref.view", "subview": "memref.subview",
    "memref_cast": "memref.cast", "memref_reshape": "memref.reshape",
    # cf
    "br": "cf.br", "cond_br": "cf.cond_br", "switch": "cf.switch", "assert": "cf.assert",
    # func
    "func": "func.func", "return": "func.return", "call": "func.call", "call_indirect": "func.call_indirect",
}


def modern_name(name: str) -> str | None:
    """The operation that `std` operation `name` (written `std.addi` or, as the old default dialect
    allowed, `addi`) is now, or None when `name` is not one."""
    bare = name.removeprefix("std.")
    if bare in _RENAMED:
        return _RENAMED[bare]
    if bare in _ARITH:
        return f"arith.{bare}"
    return None
