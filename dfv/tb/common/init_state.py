"""The busy check of `at_init`: it must be 0 in every cycle the module holds something.

Every DUT has `at_init`, 1 when it is back in its reset state. The end check (`OpEnv.initial_state_errors`)
reads it once; this one sees it in every cycle (`AtInitTrace`: the harness logs its changes) and checks it
at the end against the cycles in which the module must hold something (`Busy` spans), whatever its RTL
looks like. Only that direction is checked: a module may be at_init = 0 with nothing to show for it (a
merge holding its choice for an output not yet taken).

The generic rule (`replay_busy`): a fresh golden machine per reset epoch is fed, in cycle order, the
input tokens the DUT took (all those of one cycle together) and fired until dry after each cycle;
the DUT holds something after the transfers of cycle c, so in cycles c + 1 up to the next cycle with a
transfer, if then

- the machine is not in its initial state (`Machine.is_initial`: a loop half way through, a FIFO's
  initial tokens still to give out),
- the machine has produced a different number of tokens on some output than the DUT has delivered on
  it (more: the DUT holds a result not yet taken; fewer: it delivered part of an element whose inputs
  it has not consumed, and must remember that), or
- an input token the DUT took is still unconsumed by the machine (the DUT must hold it).

Timing: a transfer seen in cycle c (logged by the monitors with cycle c) happens at the rising edge
that ends cycle c, and `at_init` sampled in cycle c shows the registers before that edge, so the
transfers of cycle c count from cycle c + 1 on.

Environments whose interface has more than channels add spans of their own (`handshake_extmemory`: a
request offered on `mem_req`, a load outstanding at the external memory); one whose golden machine
never runs dry replaces the rule (`handshake_source`: at_init must be 1 in every cycle).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from dfv.golden.core import Machine, fire_until_dry, make_queues
from dfv.tb.common.bench import TB
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.op_harness import LOG_DEPTH
from dfv.tb.common.signals import read_bits, read_int, try_u
from dfv.tb.common.sv_bench import warm

#: firings after which a replay stops: a machine that never runs dry (a source) cannot be replayed
MAX_FIRINGS = 1_000_000


@dataclass(frozen=True)
class Busy:
    """Cycles `first` to `last` (inclusive; None: to the end of the epoch) in which the module must hold
    something, and what (`reason`, for the message)."""

    first: int
    last: int | None
    reason: str


class AtInitTrace:
    """`at_init` per cycle outside reset, read from the harness's change log (`dfv_change_log`), kept per
    reset epoch as (cycle, value) at each change (value None for X/Z) and the epoch's last cycle. `drain`
    reads the log (at each wake of the drain, and before a reset), `finish` at the end of the run."""

    def __init__(self, tb: TB, handle, log) -> None:
        self.tb, self.handle, self.log = tb, handle, log
        self.changes: dict[int, list[tuple[int, int | None]]] = {}
        self.last_cycle: dict[int, int] = {}
        self._read = 0
        warm(log, "log", "count_q")
        tb.reset_listeners.append(self._on_reset)

    def drain(self, epoch: int | None = None) -> None:
        """The changes logged since the last drain, as of epoch `epoch` (default: the current one)."""
        epoch = self.tb.epoch if epoch is None else epoch
        changes = self.changes.setdefault(epoch, [])
        n = read_int(self.log.count_q)
        if n - self._read > LOG_DEPTH:
            raise RuntimeError(f"at_init change log overrun ({n - self._read} entries unread, {LOG_DEPTH} kept)")
        changes += [self.entry(k) for k in range(self._read, n)]
        self._read = n

    def entry(self, k: int) -> tuple[int, int | None]:
        """Log entry `k`: the cycle of a change and the new value (None: X or Z; a must-fail test overrides this)."""
        bits = read_bits(self.log.log[k % LOG_DEPTH])
        return int(bits[2:], 2), None if bits[0] == "1" else int(bits[1])

    def _on_reset(self) -> None:
        if self.tb.epoch > 1:
            self.drain(self.tb.epoch - 1)
            self.last_cycle[self.tb.epoch - 1] = self.tb.cycle - 1
        self._read = 0

    def finish(self) -> None:
        """At the end of the run: the logged changes, and the current cycle's value (logged at the next edge)."""
        self.drain()
        changes = self.changes.setdefault(self.tb.epoch, [])
        value = try_u(self.handle, None)
        if not changes or changes[-1][1] != value:
            changes.append((self.tb.cycle, value))
        self.last_cycle[self.tb.epoch] = self.tb.cycle

    def epochs(self) -> list[int]:
        return sorted(self.changes)

    def runs(self, epoch: int, other_than: int = 0) -> list[tuple[int, int, int | None]]:
        """(first cycle, last cycle, value) of every run of cycles of `epoch` in which at_init was not
        `other_than` (X included)."""
        return runs_other_than(self.changes.get(epoch, []), self.last_cycle.get(epoch, -1), other_than)


def runs_other_than(changes: Sequence[tuple[int, int | None]], last_cycle: int,
                    other_than: int = 0) -> list[tuple[int, int, int | None]]:
    """The runs of a change list (cycle, value) up to `last_cycle` whose value is not `other_than`."""
    runs = []
    for k, (cycle, value) in enumerate(changes):
        end = changes[k + 1][0] - 1 if k + 1 < len(changes) else last_cycle
        if value != other_than and end >= cycle:
            runs.append((cycle, end, value))
    return runs


def replay_busy(machine: Machine, observed: Mapping[str, Sequence[Observed]], inputs: Sequence[str],
                outputs: Sequence[str], to_golden: Callable[[dict[str, list]], dict[str, list]] = lambda s: s,
                ) -> list[Busy]:
    """The generic rule (module docstring): the spans of one reset epoch in which the module holds
    something, from a fresh `machine` and the epoch's transfers (`observed`, by channel name: the DUT's
    `inputs` and `outputs`; `to_golden` maps one cycle's input tokens to the machine's ports)."""
    events: dict[int, tuple[list[Observed], list[Observed]]] = {}
    for name in inputs:
        for o in observed.get(name, ()):
            events.setdefault(o.cycle, ([], []))[0].append(o)
    for name in outputs:
        for o in observed.get(name, ()):
            events.setdefault(o.cycle, ([], []))[1].append(o)
    inq = make_queues(machine.INPUTS)
    outq = make_queues(machine.OUTPUTS)
    produced = dict.fromkeys(machine.OUTPUTS, 0)
    delivered = dict.fromkeys(outputs, 0)

    def fire_dry() -> None:
        if fire_until_dry(machine, inq, outq, MAX_FIRINGS) == MAX_FIRINGS:
            raise RuntimeError(f"{type(machine).__name__} fired {MAX_FIRINGS} times without running dry: "
                               "its environment needs an at_init rule of its own")
        for port, q in outq.items():
            produced[port] += len(q)
            q.clear()

    def holding() -> str | None:
        reasons = [] if machine.is_initial() else [f"model state {machine.state_name()}"]
        reasons += [f"{name} {produced.get(name, 0)} produced, {n} delivered"
                    for name, n in delivered.items() if produced.get(name, 0) != n]
        reasons += [f"{port} {len(q)} taken, not consumed by the model" for port, q in inq.items() if q]
        return "; ".join(reasons) or None

    spans: list[Busy] = []
    fire_dry()
    reason, since = holding(), 0
    for cycle in sorted(events):
        taken, given = events[cycle]
        streams: dict[str, list] = {name: [] for name in inputs}
        for o in taken:
            streams[o.channel].append(o.token)
        for port, tokens in to_golden(streams).items():
            inq[port].extend(tokens)
        fire_dry()
        for o in given:
            delivered[o.channel] += 1
        if reason is not None:
            spans.append(Busy(since, cycle, reason))
        reason, since = holding(), cycle + 1
    if reason is not None:
        spans.append(Busy(since, None, reason))
    return spans


def at_init_errors(runs: Sequence[tuple[int, int, int | None]], spans: Sequence[Busy], prefix: str = "") -> list[str]:
    """One error naming the first cycle in which at_init was not 0 (`runs`, from `AtInitTrace.runs`)
    inside a `Busy` span, with the span's reason and how many such cycles there were; none if no such
    cycle."""
    if not runs or not spans:
        return []
    ends = [end for _, end, _ in runs]
    hits: list[tuple[int, int, int | None, str]] = []
    for span in spans:
        last = span.last if span.last is not None else runs[-1][1]
        k = bisect.bisect_left(ends, span.first)
        while k < len(runs) and runs[k][0] <= last:
            lo, hi = max(runs[k][0], span.first), min(runs[k][1], last)
            if lo <= hi:
                hits.append((lo, hi, runs[k][2], span.reason))
            k += 1
    if not hits:
        return []
    hits.sort(key=lambda h: h[0])
    count, reach = 0, -1
    for lo, hi, _, _ in hits:
        if hi > reach:
            count += hi - max(lo, reach + 1) + 1
            reach = hi
    cycle, _, value, reason = hits[0]
    shown = "X" if value is None else value
    return [f"{prefix}at_init is {shown} at cycle {cycle} while the module holds a token ({reason}) "
            f"({count} such cycle{'s' if count != 1 else ''})"]
