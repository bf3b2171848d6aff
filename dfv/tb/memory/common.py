"""Shared pieces of the memory testbenches (`handshake_memory`, `handshake_extmemory`).

Channels follow spec 004 and the golden models: `st_data[i]`, `st_addr[i]`, `ld_addr[j]` in, then
`ld_data[j]`, `st_done[i]`, `ld_done[j]` out. With `NST = 0` or `NLD = 0` the RTL keeps one dummy
channel of that kind: the harness ties its inputs to 0 (`OpConfig.tie_offs`) and it is not monitored, except
in the unused-port tests, which drive it with garbage (`DummyPortGarbage`, per cycle) and check it is ignored.

The golden memory is fed cycle by cycle with the accesses the DUT accepted in that cycle and fired
until dry (`MemoryScoreboard.run_model`), which is the documented way it reproduces the RTL
exactly, same-cycle conflicts included. Each reset epoch starts from the contents the previous one
left (the storage is not cleared by reset).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from pyuvm import uvm_factory

from dfv.golden.core import Machine, RunResult
from dfv.golden.errors import ErrorCode
from dfv.tb.common import variants
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.faults import ExpectedErrors, scoreboard_variant
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.signals import read_int
from dfv.tb.handshake.common import extremes, random_word


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


class ErrorFreeBursts(MemoryBursts):
    """The bursts of `MemoryBursts` with every address in range and no out-of-range burst: nothing may raise
    an error, so `err_code` / `err_valid` must end 0 (every other test ends with the error raised, which
    hides an error raised without its cause)."""

    def setup(self) -> None:
        super().setup()
        self.out_of_range = False


class DummyPortGarbage:
    """The unused port of a memory with `NST = 0` or `NLD = 0` (the one dummy channel of that kind the RTL
    keeps) driven with garbage instead of tie-offs: every cycle its input valids are high, its addresses and
    data seeded random words (in range or not) and its done / data readies random. The memory must ignore it:
    every cycle after reset its input readies and output valids must be 0 (`errors`: the first cycle each was 1).
    Nothing to do when both kinds have ports. It writes the harness's tied-off inputs of that port (their
    tie-offs are only initial values) and reads its outputs through the bench's per-cycle loop."""

    SIGNALS = {  # kind -> (garbage inputs (name, bits: 0 the data width, -1 the address width), outputs kept 0)
        "store": ((("st_data_data", 0), ("st_addr_data", -1), ("st_data_valid", 1), ("st_addr_valid", 1),
                   ("st_done_ready", 1)), ("st_data_ready", "st_addr_ready", "st_done_valid")),
        "load": ((("ld_addr_data", -1), ("ld_addr_valid", 1), ("ld_data_ready", 1), ("ld_done_ready", 1)),
                 ("ld_addr_ready", "ld_data_valid", "ld_done_valid")),
    }

    def __init__(self, tb, params: dict, rng: random.Random) -> None:
        self.tb, self.rng = tb, rng
        n_load, n_store = ports(params)
        width, aw = int(params["W"]), int(params["AW"])
        self.kinds = [k for k, n in (("store", n_store), ("load", n_load)) if n == 0]
        self.inputs = [(getattr(tb.dut, name), {0: width, -1: aw}.get(bits, bits), name.endswith("_valid"))
                       for k in self.kinds for name, bits in self.SIGNALS[k][0]]
        self.outputs = [(k, name, getattr(tb.dut, name)) for k in self.kinds for name in self.SIGNALS[k][1]]
        self.errors: list[str] = []  # the first cycle each output was seen at 1
        self.seen: set[str] = set()
        self.raised = 0  # cycles x outputs seen at 1
        if self.kinds:
            tb.drivers.append(self.drive)
            tb.samplers.append(self.sample)
            self.drive()

    def drive(self) -> None:
        for handle, bits, valid in self.inputs:
            handle.value = 1 if valid else self.rng.getrandbits(bits)

    def read(self, name: str, handle) -> int:
        """The value of one output of the unused port (a must-fail test overrides this)."""
        return read_int(handle)

    def expected_errors(self) -> list[str]:
        """What a must-fail test using this class expects (nothing: it fakes no fault)."""
        return []

    def sample(self) -> None:
        for kind, name, handle in self.outputs:
            if self.read(name, handle) != 0:
                self.raised += 1
                if name not in self.seen:
                    self.seen.add(name)
                    self.errors.append(f"unused {kind} port 0 (N{'ST' if kind == 'store' else 'LD'} = 0): {name} "
                                       f"is 1 in cycle {self.tb.cycle}, though the port does not exist (its inputs "
                                       "carry garbage, it must take and give nothing)")


class FakedDummyPortGarbage(DummyPortGarbage):
    """For a must-fail test: the first output of the unused port is seen at 1 in the first cycle checked."""

    faked = False

    def read(self, name: str, handle) -> int:
        if not self.faked and name == self.outputs[0][1]:
            self.faked = True
            return 1
        return super().read(name, handle)

    def expected_errors(self) -> list[str]:
        kind, name, _ = self.outputs[0]
        return [rf"^unused {kind} port 0 \(N{'ST' if kind == 'store' else 'LD'} = 0\): {name} is 1 in cycle \d+, "
                "though the port does not exist "]


def attach_dummy_garbage(env) -> DummyPortGarbage | None:
    """The unused port's garbage driver and checker when the test asks for it (`DUMMY_GARBAGE`, with the
    class `DUMMY_CLASS`), else None; the errors a must-fail test expects go to `env.expected_errors`."""
    test = env.get_parent()
    env.expected_errors = []
    if not getattr(test, "DUMMY_GARBAGE", False):
        return None
    dummy = getattr(test, "DUMMY_CLASS", DummyPortGarbage)(env.tb, env.cfg.params,
                                                          random.Random(f"{variants.seed()}:dummy"))
    if dummy.kinds:
        env.expected_errors = dummy.expected_errors()
    return dummy


class _EnvExpected(ExpectedErrors):
    """The errors expected are those the test put in `env.expected_errors` (none: it must pass clean)."""

    def expected_errors(self) -> list[str]:
        return list(self.get_parent().expected_errors)

    def verdict(self) -> None:
        if not self.get_parent().expected_errors:
            OpScoreboard.verdict(self)
            return
        super().verdict()


def expecting(base: type[OpScoreboard]) -> type[OpScoreboard]:
    """Scoreboard class `base` passing only on the errors of `env.expected_errors`."""
    return scoreboard_variant(_EnvExpected, base, "Expecting")


class ErrorFreeMixin:
    """Test mixin: in-range bursts only (`ErrorFreeBursts`); the scoreboard checks the model raised nothing."""

    ERROR_FREE = True

    def sequences(self) -> list[OpSequence]:
        return [ErrorFreeBursts.create("ErrorFreeBursts")]


class ExpectStatusFault:
    """Test mixin of a must-fail test: after the run the DUT is seen to end with the range error; exactly the
    comparison of `err_code` with the model's (0) must fail. The test calls `after_run`."""

    SAMPLE_COVERAGE = False

    def overrides(self) -> None:
        uvm_factory().set_type_override_by_type(self.SCOREBOARD, expecting(self.SCOREBOARD))

    def after_run(self) -> None:
        code = int(ErrorCode.RT_MEMORY_ADDR_RANGE)
        self.env.final_status["err_code"] = code
        self.env.expected_errors = [rf"^err_code: DUT ends with {code}, model with 0$"]


class UnusedPortMixin:
    """Test mixin: the unused port (NST = 0 / NLD = 0) carries garbage instead of tie-offs and is checked
    (`DummyPortGarbage`, attached by `UnusedPortEnv`)."""

    DUMMY_GARBAGE = True


class UnusedPortEnv:
    """Environment mixin of both memories: attaches the unused port's garbage driver and checker when the test
    asks for it (`attach_dummy_garbage`), ends the run once that port has been seen active for 100 cycles (its
    garbage requests would keep the run busy until the runaway bound: the drain looks every `DUMMY_LOOK`
    cycles while the port is driven), and adds its errors to the end state."""

    DUMMY_LOOK = 100

    def build_phase(self):
        super().build_phase()
        self.dummy = attach_dummy_garbage(self)

    def finished(self, now: int, quiet: int) -> bool:
        return (self.dummy is not None and self.dummy.raised >= 100) or super().finished(now, quiet)

    def deadlines(self, now: int, last: int, base: int) -> list[int]:
        looks = [now + self.DUMMY_LOOK] if self.dummy is not None and self.dummy.kinds else []
        return super().deadlines(now, last, base) + looks

    def capture_end_state(self) -> None:
        super().capture_end_state()
        if self.dummy is not None:
            self.end_errors.extend(self.dummy.errors)


class UnusedPortCaughtMixin(UnusedPortMixin):
    """Test mixin of a must-fail test: an output of the unused port is seen at 1 once; exactly the unused-port
    check must fire (nothing, when there is no unused port)."""

    SAMPLE_COVERAGE = False
    DUMMY_CLASS = FakedDummyPortGarbage

    def overrides(self) -> None:
        uvm_factory().set_type_override_by_type(self.SCOREBOARD, expecting(self.SCOREBOARD))


def random_contents(rng: random.Random, width: int, size: int) -> list[int]:
    """An initial memory image of `size` words."""
    return [random_word(rng, width) for _ in range(size)]
