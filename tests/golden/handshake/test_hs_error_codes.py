"""The arith / memory error codes exist with the same values in dfv/golden/errors.py, dfv/rtl/dfv_pkg.sv and
docs/errors.md."""

from __future__ import annotations

import re
from pathlib import Path

from dfv.golden.errors import ErrorCode
from dfv.paths import RTL_DIR

ROOT = Path(__file__).resolve().parents[3]
CODES = {"RT_ARITH_DIV_BY_ZERO": 0x110, "RT_MEMORY_ADDR_RANGE": 0x120}


def test_python_values():
    for name, value in CODES.items():
        assert ErrorCode[name] == value


def test_rtl_package_values():
    text = (RTL_DIR / "dfv_pkg.sv").read_text()
    for name, value in CODES.items():
        m = re.search(rf"localparam\s+logic\s*\[15:0\]\s*{name}\s*=\s*16'h([0-9A-Fa-f_]+)\s*;", text)
        assert m, f"{name} missing from dfv/rtl/dfv_pkg.sv"
        assert int(m.group(1).replace("_", ""), 16) == value


def test_documented():
    text = (ROOT / "docs" / "errors.md").read_text()
    for code in ErrorCode:
        if code:
            assert f"`{code.name}`" in text and f"0x{code.value:03X}" in text
