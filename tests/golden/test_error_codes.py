"""The error codes of the golden model, the RTL package and docs/errors.md must agree."""

from __future__ import annotations

import re
from pathlib import Path

from dfv.golden.errors import ErrorCode, merge_error
from dfv.paths import RTL_DIR

REPO = Path(__file__).resolve().parents[2]
SV_CODE = re.compile(r"localparam\s+logic\s*\[15:0\]\s+(\w+)\s*=\s*16'h([0-9a-fA-F]+)\s*;")


def sv_codes() -> dict[str, int]:
    text = (RTL_DIR / "dfv_pkg.sv").read_text()
    return {name: int(value, 16) for name, value in SV_CODE.findall(text)}


def test_rtl_package_matches_golden_codes():
    sv = sv_codes()
    py = {c.name: int(c) for c in ErrorCode if c != ErrorCode.NONE}
    assert {k: v for k, v in sv.items() if k != "ERR_NONE"} == py


def test_every_code_is_documented():
    doc = (REPO / "docs" / "errors.md").read_text()
    for code in ErrorCode:
        if code != ErrorCode.NONE:
            assert code.name in doc, f"{code.name} missing from docs/errors.md"
            assert str(int(code)) in doc or f"0x{int(code):03x}" in doc.lower()


def test_configuration_codes_sort_before_runtime_codes():
    cfg = [c for c in ErrorCode if c.name.startswith("CFG_")]
    rt = [c for c in ErrorCode if c.name.startswith("RT_")]
    assert max(cfg) < min(rt)


def test_lowest_code_wins_and_zero_is_no_error():
    assert merge_error(0, 259) == 259
    assert merge_error(259, 0) == 259
    assert merge_error(259, 3) == 3
    assert merge_error(3, 259) == 3
