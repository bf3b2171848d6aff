"""Error codes raised by the RTL and mirrored by the golden model.

The numbering follows the `RT_*` / `CFG_*` naming of spec 000: configuration errors occupy
0x001-0x0FF and runtime errors 0x100-0x1FF, so that, with "lowest code wins", a configuration
error is reported ahead of a runtime error it may have caused. Codes are sticky until reset.
`dfv/rtl/dfv_pkg.sv` holds the same values; `tests/golden/test_error_codes.py` checks the two agree.
"""

from __future__ import annotations

from enum import IntEnum


class ErrorCode(IntEnum):
    """Every error code the RTL can raise (documented in docs/errors.md)."""

    NONE = 0
    CFG_DATAFLOW_STREAM_CONT_COND = 0x003
    RT_DATAFLOW_STREAM_ZERO_STEP = 0x103
    RT_ARITH_DIV_BY_ZERO = 0x110
    RT_MEMORY_ADDR_RANGE = 0x120


def merge_error(current: int, new: int) -> int:
    """Combine a sticky error register with a newly raised code: the lowest non-zero code wins."""
    if current == 0:
        return new
    if new == 0:
        return current
    return min(current, new)
