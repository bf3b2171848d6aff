"""Every floating-point operation of the golden model on raw words, in one namespace.

Words are the IEEE bit patterns of the operands as unsigned Python ints; each operation takes the
`FloatFormat` first (the golden parameter), then its words, and returns the result word. The catalogue's
`Semantics` shape (`dfv.golden.compute`: parameters and words in, result word and error code out) wraps
these once RTL for them exists; floating point raises no runtime error, so that code will always be 0.
"""

from __future__ import annotations

from dfv.golden.fp.arith import absf, addf, divf, fma, mulf, negf, sqrt, subf
from dfv.golden.fp.compare import CMPF_PREDICATES, cmpf, maximumf, maxnumf, minimumf, minnumf
from dfv.golden.fp.convert import bitcast, convertf, extf, fptosi, fptoui, sitofp, truncf, uitofp

__all__ = [
    "CMPF_PREDICATES",
    "absf",
    "addf",
    "bitcast",
    "cmpf",
    "convertf",
    "divf",
    "extf",
    "fma",
    "fptosi",
    "fptoui",
    "maximumf",
    "maxnumf",
    "minimumf",
    "minnumf",
    "mulf",
    "negf",
    "sitofp",
    "sqrt",
    "subf",
    "truncf",
    "uitofp",
]
