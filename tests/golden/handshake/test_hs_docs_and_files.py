"""Every golden op has its RTL module file (and `_ctrl` variant where documented), and docs/primitives.md
names every module and op."""

from __future__ import annotations

import re
from pathlib import Path

from golden import handshake, memory

ROOT = Path(__file__).resolve().parents[3]
RTL_DIRS = (ROOT / "rtl" / "handshake", ROOT / "rtl" / "memory")
DOC = (ROOT / "docs" / "primitives.md").read_text()


def _module_file(module: str) -> Path | None:
    for d in RTL_DIRS:
        f = d / f"{module}.sv"
        if f.exists():
            return f
    return None


def test_every_op_has_an_rtl_module_named_like_its_file():
    table = {**handshake.RTL_MODULES, **memory.RTL_MODULES}
    assert set(table) == set(handshake.MACHINES) | set(memory.MACHINES)
    modules = set(table.values()) | {handshake.RTL_MODULES[op] + "_ctrl" for op in handshake.HAS_CTRL_VARIANT}
    for module in modules:
        f = _module_file(module)
        assert f is not None, f"no RTL file for {module}"
        assert re.search(rf"^module\s+{module}\b", f.read_text(), re.M), f"{f} does not define {module}"


def test_every_module_and_op_is_documented():
    table = {**handshake.RTL_MODULES, **memory.RTL_MODULES}
    for op, module in table.items():
        assert module in DOC, module
        if not op.startswith("arith."):
            assert op in DOC, op
    for op in handshake.BINOP_CODES:
        assert f"| {op} |" in DOC, op


def test_every_module_declares_at_init():
    for d in RTL_DIRS:
        for f in d.glob("*.sv"):
            assert re.search(r"logic\s+at_init\s*;", f.read_text()), f"{f.name} lacks at_init"
