"""Every golden op has an RTL module in the table the flow instantiates from (`lowering.topgen.RTL_MODULES`,
read by `module_of`) or is wiring in the generated top (`WIRING`), that module (and its `_ctrl` variant
where documented) is defined in the file named
like it, and docs/primitives.md names every handshake, arith and memory module and op."""

from __future__ import annotations

import re
from pathlib import Path

from golden import dataflow, handshake, memory
from lowering.topgen import CTRL_VARIANT, RTL_MODULES, WIRING

ROOT = Path(__file__).resolve().parents[3]
RTL_DIRS = (ROOT / "rtl" / "handshake", ROOT / "rtl" / "memory")
DOC = (ROOT / "docs" / "primitives.md").read_text()


def _module_file(module: str) -> Path | None:
    return next((ROOT / "rtl").glob(f"*/{module}.sv"), None)


def test_every_op_has_an_rtl_module_named_like_its_file():
    assert set(RTL_MODULES) | WIRING == set(dataflow.MACHINES) | set(handshake.MACHINES) | set(memory.MACHINES)
    assert not set(RTL_MODULES) & WIRING
    assert CTRL_VARIANT <= set(RTL_MODULES)
    modules = set(RTL_MODULES.values()) | {RTL_MODULES[op] + "_ctrl" for op in CTRL_VARIANT}
    for module in modules:
        f = _module_file(module)
        assert f is not None, f"no RTL file for {module}"
        assert re.search(rf"^module\s+{module}\b", f.read_text(), re.M), f"{f} does not define {module}"


def test_every_module_and_op_is_documented():
    for op, module in RTL_MODULES.items():
        if op.startswith("dataflow."):
            continue  # the dataflow operations have their own specs, not docs/primitives.md
        assert module in DOC, module
        if not op.startswith("arith."):
            assert op in DOC, op
    for op in handshake.BINOP_CODES:
        assert f"| {op} |" in DOC, op
    for op in WIRING:
        assert op in DOC, op


def test_every_module_declares_at_init():
    for d in RTL_DIRS:
        for f in d.glob("*.sv"):
            assert re.search(r"logic\s+at_init\s*;", f.read_text()), f"{f.name} lacks at_init"
