"""The documented full-rate throughput of every hand-written module: one place for the figures of
docs/primitives.md ("Throughput") and the RTL headers, read by the bench tests of `dfv/tb/bench/` (which
assert them, in `make bench` and beside the module's own tests in the regression) and by
`dfv.sim.bench` (which tabulates them).

A rate is in tokens per cycle on one channel, counted from the channel's first to its last transfer
(`ChannelMonitor.throughput`), with inputs always valid and outputs always ready; for a memory also
the accesses per cycle of all ports together (`ACCESSES`). Only channels that carry one token per
firing of the module are listed.
"""

from __future__ import annotations

DOC = "docs/primitives.md"
MISS_PREFIX = "throughput:"  # how every message of a missed rate starts
TOLERANCE = 0.005
ACCESSES = "accesses"  # the pseudo-channel of a memory: accesses per cycle of all ports together
EXTMEMORY_LATENCY = 1  # read latency of the memory model behind handshake_extmemory in its bench

# Handshake primitives, arith units and access ports: the channels that carry one token per firing.
PRIMITIVE_CHANNELS: dict[str, tuple[str, ...]] = {
    "handshake_fork": ("in",), "handshake_fork_ctrl": ("in",), "handshake_join": ("out",),
    "handshake_cond_br": ("data",), "handshake_cond_br_ctrl": ("data",),
    "handshake_mux": ("out",), "handshake_mux_ctrl": ("out",),
    "handshake_merge": ("out",), "handshake_merge_ctrl": ("out",),
    "handshake_control_merge": ("out",), "handshake_control_merge_ctrl": ("out",),
    "handshake_sink": ("in",), "handshake_sink_ctrl": ("in",), "handshake_source": ("out",),
    "handshake_constant": ("out",),
    "handshake_buffer": ("out",), "handshake_buffer_ctrl": ("out",), "handshake_fifo": ("out",),
    "handshake_fifo_ctrl": ("out",),
    "arith_binop": ("result",), "arith_cmpi": ("result",), "arith_select": ("result",), "arith_cast": ("out",),
    "handshake_load": ("addr_to_mem", "data"), "handshake_store": ("addr_to_mem", "data_to_mem"),
}

# Dataflow operations (RTL headers, "Throughput"), over back-to-back bursts / activations: stream one
# element per cycle on each output; gate one input pair per cycle; carry and invariant one element
# per cycle on `o`.
DATAFLOW_CHANNELS: dict[str, tuple[str, ...]] = {
    "dataflow_stream": ("idx", "cont"),
    "dataflow_gate": ("before_value", "before_cond"),
    "dataflow_carry": ("o",),
    "dataflow_invariant": ("o",),
}

MEMORIES = ("handshake_memory", "handshake_extmemory")


def _ports(params: dict) -> tuple[int, int]:
    return int(params["NLD"]), int(params["NST"])


def memory_rates(top: str, params: dict, latency: int = EXTMEMORY_LATENCY) -> dict[str, float]:
    """A memory with every port busy (the same number of accesses on each).

    `handshake_memory`: every port one access per cycle, all in the same cycle (NLD + NST in total).
    `handshake_extmemory`: one access per cycle in total (the single `mem_req`), served by port priority
    (stores, then loads, by index), so each port runs alone at its own rate: a store port one per cycle,
    a load port min(1, MAXOUT / (L + 2)) at read latency L; all ports together then
    P / sum(1 / rate) (P ports, equal counts)."""
    n_load, n_store = _ports(params)
    if top == "handshake_memory":
        rates = {f"st_addr[{i}]": 1.0 for i in range(n_store)} | {f"ld_addr[{j}]": 1.0 for j in range(n_load)}
        rates[ACCESSES] = float(n_load + n_store)
        return rates
    load = min(1.0, int(params.get("MAXOUT", 4)) / (latency + 2))
    rates = {f"st_addr[{i}]": 1.0 for i in range(n_store)} | {f"ld_addr[{j}]": load for j in range(n_load)}
    rates[ACCESSES] = (n_load + n_store) / (n_store + n_load / load)
    return rates


def documented_rates(top: str, params: dict) -> dict[str, float]:
    """Channel -> documented tokens per cycle at full rate for module `top` at `params`."""
    if top in PRIMITIVE_CHANNELS:
        rate = 0.5 if top.startswith("handshake_fifo") and int(params.get("DEPTH", 2)) == 1 else 1.0
        return {ch: rate for ch in PRIMITIVE_CHANNELS[top]}
    if top in DATAFLOW_CHANNELS:
        return {ch: 1.0 for ch in DATAFLOW_CHANNELS[top]}
    if top in MEMORIES:
        return memory_rates(top, params)
    raise KeyError(f"no documented throughput for module '{top}' (dfv/tb/common/rates.py)")


def within(measured: float, documented: float) -> bool:
    """Whether a measured rate meets its documented figure (within `TOLERANCE`, either way: a module
    faster than documented means the document is wrong)."""
    return abs(measured - documented) < TOLERANCE


def describe_params(params: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(params.items())) or "-"


def miss_message(top: str, params: dict, channel: str, measured: float, documented: float) -> str:
    unit = "accesses/cycle" if channel == ACCESSES else "tokens/cycle"
    return (f"{MISS_PREFIX} {top} [{describe_params(params)}] {channel} {measured:.3f} {unit}, "
            f"documented {documented:.3f} ({DOC})")


def rate_misses(top: str, params: dict, measured: dict[str, float],
                documented: dict[str, float] | None = None) -> list[str]:
    """One message per channel whose measured rate is not its documented one (`documented` default:
    `documented_rates(top, params)`). A documented channel not measured is a miss too."""
    documented = documented_rates(top, params) if documented is None else documented
    misses = []
    for channel, rate in documented.items():
        got = measured.get(channel)
        if got is None:
            misses.append(f"{MISS_PREFIX} {top} [{describe_params(params)}] {channel} not measured, "
                          f"documented {rate:.3f} ({DOC})")
        elif not within(got, rate):
            misses.append(miss_message(top, params, channel, got, rate))
    return misses
