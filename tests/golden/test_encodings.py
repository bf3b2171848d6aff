"""The encodings the flow passes to the RTL as parameters or configuration, defined once on each side
(the enums of `dfv.golden.encodings`; `dfv/rtl/dfv_pkg.sv`), are the same table, and the golden models' spelling
tables are views of the enums."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dfv.golden.dataflow.stream import BY_SIGN, CONT_CONDS, STEP_OPS
from dfv.golden.encodings import FMA_ADD_SPLIT_MIN_P, BinopCode, BitcountOp, CastKind, CmpiPredicate, ContCond, StepOp
from dfv.golden.handshake.arith import BINOP_CODES, CAST_KINDS, CMPI_PREDICATES
from dfv.paths import RTL_DIR

REPO = Path(__file__).resolve().parents[2]
SV_PARAM = re.compile(r"localparam\s+(?:int|logic\s*\[\d+:0\])\s+(\w+)\s*=\s*(?:\d+'d)?(\d+)\s*;")


def sv_params(prefix: str) -> dict[str, int]:
    text = (RTL_DIR / "dfv_pkg.sv").read_text()
    return {name.removeprefix(prefix): int(v) for name, v in SV_PARAM.findall(text) if name.startswith(prefix)}


@pytest.mark.parametrize("prefix, enum", [
    ("OP_", BinopCode), ("PRED_", CmpiPredicate), ("CAST_", CastKind), ("STEP_", StepOp), ("COND_", ContCond),
    ("BITCOUNT_", BitcountOp),
])
def test_rtl_package_matches_the_enums(prefix, enum):
    assert sv_params(prefix) == {m.name: int(m) for m in enum}


def test_fma_split_bound_matches_the_package():
    """The catalogue's fma latency and the RTL's addition in two stages turn on one bound, declared on each side."""
    assert sv_params("FMA_")["ADD_SPLIT_MIN_P"] == FMA_ADD_SPLIT_MIN_P


@pytest.mark.parametrize("path, bound", [
    (RTL_DIR / "common" / "dfv_sig_mul.sv", "dfv_pkg::SIG_MUL_LUT_MAX_P"),
    (RTL_DIR / "fp" / "math_fma.sv", "dfv_pkg::FMA_ADD_SPLIT_MIN_P"),
])
def test_significand_bounds_are_the_packages_in_the_rtl(path, bound):
    """dfv_sig_mul and math_fma read their bounds from dfv_pkg, not from numbers of their own."""
    code = re.sub(r"//.*", "", path.read_text())  # the headers may say what the bound is
    assert bound in code, path.name
    assert not re.search(r"(<=|>=)\s*(18|24|25)\b", code), f"{path.name} compares with a number itself"


def test_golden_tables_are_views_of_the_enums():
    assert BINOP_CODES == {m.name.lower(): int(m) for m in BinopCode}
    assert CMPI_PREDICATES == {m.name.lower(): int(m) for m in CmpiPredicate}
    assert CAST_KINDS == {m.name.lower(): int(m) for m in CastKind}
    assert STEP_OPS == ("+=", "-=", "*=", "/=", "<<=", ">>=")
    assert [StepOp(i).spelling for i in range(6)] == list(STEP_OPS)
    assert CONT_CONDS == ("<", "<=", ">", ">=", "!=") and BY_SIGN == ContCond.BY_SIGN == 5


def test_arith_modules_use_the_package():
    """The arith units take their encodings from dfv_pkg, not from numbers of their own."""
    for module, prefix in (("arith_binop", "OP_"), ("arith_cmpi", "PRED_"), ("arith_cast", "CAST_"),
                           ("math_bitcount", "BITCOUNT_")):
        text = (RTL_DIR / "handshake" / f"{module}.sv").read_text()
        assert ("import dfv_pkg::*;" in text or f"dfv_pkg::{prefix}" in text) and prefix in text, module
        assert not re.search(rf"localparam\s+int\s+{prefix}", text), f"{module} defines {prefix}* itself"


def test_cont_cond_spellings_follow_the_encoding():
    from dfv.lowering.dialects import COND_SPELLINGS

    assert COND_SPELLINGS[:len(CONT_CONDS)] == CONT_CONDS and COND_SPELLINGS.index("sign") == BY_SIGN
