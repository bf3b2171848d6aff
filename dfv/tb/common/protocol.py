"""The messages of the handshake protocol checks the Python sides of the SystemVerilog agents report
(dfv/tb/common/sv_channel.py, sv_memory.py), one wording per rule, so a must-fail test matches a fixed text.
The agents report a kind of fault once, at its first cycle, with how many more cycles had it (`more`)."""

from __future__ import annotations


def more(count: int) -> str:
    """The suffix of a fault seen in `count` cycles, reported at the first ("" for one)."""
    return f" ({count - 1} more such cycle(s))" if count > 1 else ""


def valid_dropped(channel: str, cycle: int, what: str = "token") -> str:
    """An output's valid fell before its token (a memory request: `what`) was taken."""
    return f"{channel}: valid dropped at cycle {cycle} before the {what} was taken"


def data_changed(channel: str, old: object, new: object, cycle: int) -> str:
    """An output's data changed while its token waited for ready (`old` / `new` as they should read)."""
    return f"{channel}: data changed from {old} to {new} at cycle {cycle} while waiting for ready"


def ready_x(channel: str, cycle: int, detail: str) -> str:
    """An input's ready was X while its valid was low and its data X (Icarus)."""
    return (f"{channel}: ready is X at cycle {cycle} while valid is low ({detail}): the idle data is X, and a "
            "ready must not depend on data while valid is low")


def resp_ready_idle(cycle: int) -> str:
    """`mem_resp_ready` was high with no load outstanding (docs/primitives.md, `handshake_extmemory`)."""
    return (f"mem_resp_ready is 1 at cycle {cycle} with no load outstanding (it must be 0: loads outstanding and "
            "the head port free, docs/primitives.md); the DUT would take a response to no request")


def load_wdata(addr: int, cycle: int, wdata: int) -> str:
    """A load request carried non-zero write data."""
    return f"mem_req: load of address {addr:#x} at cycle {cycle} carries wdata {wdata:#x} (must be 0)"
