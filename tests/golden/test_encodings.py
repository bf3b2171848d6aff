"""The encodings the flow passes to the RTL as parameters or configuration, defined once on each side
(`golden.handshake.arith`, `golden.dataflow.stream`; `rtl/dfv_pkg.sv`), are the same table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from golden.dataflow.stream import BY_SIGN, CONT_CONDS, STEP_OPS
from golden.handshake.arith import BINOP_CODES, CAST_KINDS, CMPI_PREDICATES

REPO = Path(__file__).resolve().parents[2]
SV_PARAM = re.compile(r"localparam\s+(?:int|logic\s*\[\d+:0\])\s+(\w+)\s*=\s*(?:\d+'d)?(\d+)\s*;")
STEP_NAMES = {"+=": "ADD", "-=": "SUB", "*=": "MUL", "/=": "DIV", "<<=": "SHL", ">>=": "SHR"}
COND_NAMES = {"<": "LT", "<=": "LE", ">": "GT", ">=": "GE", "!=": "NE"}


def sv_params(prefix: str) -> dict[str, int]:
    text = (REPO / "rtl" / "dfv_pkg.sv").read_text()
    return {name.removeprefix(prefix): int(v) for name, v in SV_PARAM.findall(text) if name.startswith(prefix)}


@pytest.mark.parametrize("prefix, table", [
    ("OP_", {op.upper(): code for op, code in BINOP_CODES.items()}),
    ("PRED_", {p.upper(): code for p, code in CMPI_PREDICATES.items()}),
    ("CAST_", {k.upper(): code for k, code in CAST_KINDS.items()}),
    ("STEP_", {STEP_NAMES[s]: i for i, s in enumerate(STEP_OPS)}),
    ("COND_", {**{COND_NAMES[c]: i for i, c in enumerate(CONT_CONDS)}, "BY_SIGN": BY_SIGN}),
])
def test_rtl_package_matches_the_golden_tables(prefix, table):
    assert sv_params(prefix) == table


def test_arith_modules_use_the_package():
    """The arith units take their encodings from dfv_pkg, not from numbers of their own."""
    for module, prefix in (("arith_binop", "OP_"), ("arith_cmpi", "PRED_"), ("arith_cast", "CAST_")):
        text = (REPO / "rtl" / "handshake" / f"{module}.sv").read_text()
        assert "import dfv_pkg::*;" in text and prefix in text, module
        assert not re.search(rf"localparam\s+int\s+{prefix}", text), f"{module} defines {prefix}* itself"


def test_cont_cond_spellings_follow_the_encoding():
    from lowering.dialects import COND_SPELLINGS

    assert COND_SPELLINGS[:len(CONT_CONDS)] == CONT_CONDS and COND_SPELLINGS.index("sign") == BY_SIGN
