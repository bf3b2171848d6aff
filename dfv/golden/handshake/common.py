"""Helpers shared by the handshake golden models: width checks, token checks.

Port-name convention (`dfv.golden.core.PortDecl`): a port declared with N channels (`out` of a fork, `in`
of a join, the memory's `ld_addr`, ...) names channel i `"name[i]"`, also when N = 1; a port that is a
single channel by definition (`in` of a fork, `cond`, `sel`, ...) is just `"name"`. This matches the packed
RTL ports `name_data[i*W +: W]`, `name_valid[i]`, `name_ready[i]`.

`width == 0` (or None) means a control-only channel (MLIR `none`): its tokens are `None`, and the RTL
module is the `_ctrl` variant (docs/primitives.md).
"""

from __future__ import annotations

from dfv.golden.core import check_width, check_word


def check_count(n: int, what: str = "n", minimum: int = 1) -> int:
    """A channel-count parameter, checked to be an integer >= minimum."""
    if isinstance(n, bool) or not isinstance(n, int) or n < minimum:
        raise ValueError(f"{what} must be an integer >= {minimum}, got {n!r}")
    return n


def check_data_or_ctrl_width(width: int | None) -> int:
    """0 / None for control-only channels, else a positive width."""
    if width is None or width == 0:
        return 0
    return check_width(width)


def check_token(value, width: int, port: str):
    """A data token of `width` bits, or `None` when `width` is 0 (control-only)."""
    if width == 0:
        if value is not None:
            raise ValueError(f"token {value!r} on control-only port '{port}' must be None")
        return None
    return check_word(value, width, port)


def sel_width(n: int) -> int:
    """Width of a select / index channel for n inputs: ceil(log2 n), at least 1."""
    return max(1, (n - 1).bit_length())


def sel_width_param(width: int, n: int) -> dict[str, int]:
    """The `sel_width` parameter of a mux or control merge of `n` inputs whose select / index is `width` bits:
    none when it is the fewest they need (`sel_width(n)`), so a graph names a wider select only."""
    return {} if width == sel_width(n) else {"sel_width": width}


def select_width(n: int, given: int | None) -> int:
    """The width of a select / index channel: `given` (at least `sel_width(n)`), or `sel_width(n)`."""
    if given is None:
        return sel_width(n)
    if isinstance(given, bool) or not isinstance(given, int) or not sel_width(n) <= given <= 64:
        raise ValueError(f"sel_width {given!r} cannot index {n} inputs (allowed: {sel_width(n)}..64)")
    return given
