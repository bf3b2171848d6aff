"""Shared pieces of the memory testbenches (`handshake_memory`, `handshake_extmemory`).

Channels follow spec 004 and the golden models: `st_data[i]`, `st_addr[i]`, `ld_addr[j]` in, then
`ld_data[j]`, `st_done[i]`, `ld_done[j]` out. With `NST = 0` or `NLD = 0` the RTL keeps one dummy
channel of that kind: its inputs are tied to 0 (`OpConfig.tie_offs`) and it is not monitored.

The golden memory is fed cycle by cycle with the accesses the DUT accepted in that cycle and fired
until dry (`MemoryScoreboard.run_model`), which is the documented way it reproduces the RTL
exactly, same-cycle conflicts included. Each reset epoch starts from the contents the previous one
left (the storage is not cleared by reset).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from golden.core import Machine, RunResult
from tb.common.channel import ChannelSpec, Observed
from tb.common.op_env import OpItem, OpScoreboard, OpSequence
from tb.handshake.common import extremes, lanes, random_word


@dataclass(frozen=True)
class Access:
    """One access the DUT accepted: cycle, "st" or "ld", port, address and (stores) data."""

    cycle: int
    kind: str
    port: int
    addr: int
    data: int = 0

    @property
    def label(self) -> str:
        return f"{self.kind}[{self.port}]"

    @property
    def rank(self) -> tuple[int, int]:
        """Documented same-cycle service order: stores by port, then loads by port."""
        return (0 if self.kind == "st" else 1, self.port)


def ports(params: dict) -> tuple[int, int]:
    """(NLD, NST)."""
    return int(params["NLD"]), int(params["NST"])


def memory_channels(width: int, addr_width: int, n_load: int, n_store: int) -> tuple[ChannelSpec, ...]:
    return (*lanes("st_data", width, True, n_store), *lanes("st_addr", addr_width, True, n_store),
            *lanes("ld_addr", addr_width, True, n_load), *lanes("ld_data", width, False, n_load),
            *lanes("st_done", 0, False, n_store), *lanes("ld_done", 0, False, n_load))


def dummy_tie_offs(n_load: int, n_store: int) -> tuple[tuple[str, int], ...]:
    """The inputs of the dummy channel of a port kind with no port (held at 0)."""
    ties: list[tuple[str, int]] = []
    if n_store == 0:
        ties += [(f"st_{s}", 0) for s in ("data_data", "data_valid", "addr_data", "addr_valid", "done_ready")]
    if n_load == 0:
        ties += [(f"ld_{s}", 0) for s in ("addr_data", "addr_valid", "data_ready", "done_ready")]
    return tuple(ties)


def accesses(observed: dict[str, list[Observed]], n_load: int, n_store: int) -> tuple[list[Access], list[str]]:
    """The accesses the DUT accepted, in service order (cycle, then stores by port, then loads by
    port), and errors for a store whose data and address were taken in different cycles."""
    out, errors = [], []
    for i in range(n_store):
        data, addr = observed[f"st_data[{i}]"], observed[f"st_addr[{i}]"]
        if len(data) != len(addr):
            errors.append(f"store port {i}: {len(data)} st_data but {len(addr)} st_addr tokens taken")
        for d, a in zip(data, addr, strict=False):
            if d.cycle != a.cycle:
                errors.append(f"store port {i}: st_data taken in cycle {d.cycle}, its st_addr in {a.cycle}")
            out.append(Access(d.cycle, "st", i, a.token, d.token))
    for j in range(n_load):
        out += [Access(o.cycle, "ld", j, o.token) for o in observed[f"ld_addr[{j}]"]]
    return sorted(out, key=lambda a: (a.cycle, a.rank)), errors[:5]


class MemoryScoreboard(OpScoreboard):
    """Feeds the golden memory per cycle (module docstring); subclasses say where each epoch's contents
    come from (`initial_contents`) and add the checks of their interface (`extra_checks`)."""

    def build_phase(self):
        super().build_phase()
        self.n_load, self.n_store = ports(self.cfg.params)
        self.service: dict[int, list[tuple[int, str]]] = {}
        self.contents_after: dict[int, object] = {}

    def initial_contents(self, epoch: int):
        raise NotImplementedError

    def run_model(self, epoch: int, observed: dict[str, list[Observed]],
                  offers: dict[str, object] | None = None) -> tuple[Machine, RunResult]:
        machine = self.cfg.model(self.initial_contents(epoch))
        inq = {p: deque() for p in machine.INPUTS}
        outq = {p: deque() for p in machine.OUTPUTS}
        by_cycle: dict[int, list[Observed]] = {}
        for c in self.cfg.inputs:
            for o in observed[c.name]:
                by_cycle.setdefault(o.cycle, []).append(o)
        service = []
        for cycle in sorted(by_cycle):
            for o in by_cycle[cycle]:
                inq[o.channel].append(o.token)
            while True:
                before = {p: len(q) for p, q in outq.items()}
                if not machine.fire(inq, outq):
                    break
                done = next(p for p in outq if len(outq[p]) > before[p] and "_done" in p)
                service.append((cycle, done.replace("_done", "")))
        self.service[epoch] = service
        self.contents_after[epoch] = machine.contents
        return machine, RunResult({p: list(q) for p, q in outq.items()}, {p: list(q) for p, q in inq.items() if q},
                                  machine.is_initial(), machine.error, len(service))

    def previous_contents(self, epoch: int, first):
        """The contents the latest earlier epoch left, or `first` if none ran."""
        earlier = [e for e in self.contents_after if e < epoch]
        return self.contents_after[max(earlier)] if earlier else first


class MemoryBursts(OpSequence):
    """Bursts of accesses on every port.

    First an aligned burst (every port accesses the same address sequence, so at full rate stores and
    loads to one address meet in one cycle), then one with out-of-range addresses (where the address
    width allows them), then random bursts over a few hot addresses (conflicts) and the whole range.
    """

    COUNT = 18

    def setup(self) -> None:
        p = self.cfg.params
        self.width, self.aw = int(p["W"]), int(p["AW"])
        self.n_load, self.n_store = ports(p)
        self.depth = int(p["DEPTH"]) if "DEPTH" in p else 1 << self.aw
        top = min(self.depth, 1 << self.aw)
        self.hot = sorted({0, top - 1, *(self.rng.randrange(top) for _ in range(2))})
        self.out_of_range = self.depth < (1 << self.aw)

    def addr(self, in_range: bool = False) -> int:
        pick = self.rng.random()
        if pick < 0.45:
            return self.rng.choice(self.hot)
        if pick < 0.9 or in_range or not self.out_of_range:
            return self.rng.randrange(min(self.depth, 1 << self.aw))
        return self.rng.randrange(self.depth, 1 << self.aw)

    def data(self) -> int:
        return random_word(self.rng, self.width)

    def item(self, stores: list[list[tuple[int, int]]], loads: list[list[int]], kind: str) -> OpItem:
        tokens = {}
        for i, accs in enumerate(stores):
            tokens[f"st_addr[{i}]"] = [a for a, _ in accs]
            tokens[f"st_data[{i}]"] = [d for _, d in accs]
        for j, addrs in enumerate(loads):
            tokens[f"ld_addr[{j}]"] = list(addrs)
        n = max([len(s) for s in stores] + [len(x) for x in loads] + [0])
        return OpItem(tokens=tokens, kind=kind, n=n)

    def generate(self):
        self.setup()
        seq = [self.addr(in_range=True) for _ in range(6)]
        values = iter(extremes(self.width) * 10)
        yield self.item([[(a, next(values)) for a in seq] for _ in range(self.n_store)],
                        [list(seq) for _ in range(self.n_load)], "aligned")
        if self.out_of_range:
            bad = [self.rng.randrange(self.depth, 1 << self.aw) for _ in range(3)]
            yield self.item([[(a, self.data()) for a in bad] for _ in range(self.n_store)],
                            [list(bad) for _ in range(self.n_load)], "out_of_range")
        for _ in range(self.COUNT):
            choices = (0, 1) if self.rng.random() < 0.25 else (0, 1, 2, 3, 4, 6, 9)
            lengths = lambda k, c=choices: [self.rng.choice(c) for _ in range(k)]  # noqa: E731
            yield self.item([[(self.addr(), self.data()) for _ in range(n)] for n in lengths(self.n_store)],
                            [[self.addr() for _ in range(n)] for n in lengths(self.n_load)], "random")


def random_contents(rng: random.Random, width: int, size: int) -> list[int]:
    """An initial memory image of `size` words."""
    return [random_word(rng, width) for _ in range(size)]
