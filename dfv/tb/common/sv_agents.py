"""Transaction-level Python sides of the SystemVerilog agents of dfv/tb/hdl (the harness of a generated top,
`dfv.tb.kernel.harness`): the agents do the per-cycle work beside the DUT, Python configures them before the
reset is released, fills their token RAMs, and reads their logs only when the run control
(`dfv_run_control`) raises attention: a log half full, the run complete, a quiet-probe point, a
deadline. The clock comes from the harness itself (or, for a toplevel without one, a GPI clock started by
`GpiTB`), so a run costs Python nothing per cycle unless some component registers a per-cycle callback of
the `TB` loop (spec 003's upstream extras do).

The classes keep the contract of the per-cycle ones (dfv/tb/common/channel.py, dfv/tb/memory/model.py) the
scoreboards and coverage use: `SvChannelMonitor` publishes `Observed` tokens in order and keeps
`count`, `first_cycle` / `last_cycle`, `stall_runs`, `protocol_errors`, `holding()`; `SvSource` has a
`queue` to extend and `pending`; `SvMemoryModel` keeps `requests`, `contents`, `req_stall_runs`,
`resp_stall_runs`, `activity` and `end_check()`.

Every read of the simulator happens at a falling edge (all agent and DUT state is updated at rising
edges, so values are settled there and writes are allowed).

Seeded patterns come from a 32-bit xorshift generator per agent (`dfv_stall_gen`) seeded from the
channel's Python generator, so a seed reproduces a run exactly on both simulators; the sequence is not
Python's Mersenne Twister, so runs with random traffic differ, cycle for cycle, from those of the per-cycle
agents (full-rate runs do not: nothing is random there).
"""

from __future__ import annotations

import random
import re
from collections import deque
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge
from pyuvm import uvm_component

from dfv.tb.common import protocol
from dfv.tb.common.bench import TB
from dfv.tb.common.channel import ChannelMonitor, ChannelSpec, Observed
from dfv.tb.common.clock import CLOCK_NS
from dfv.tb.common.op_harness import agent_key
from dfv.tb.common.signals import SignalXError, read_bits, read_int
from dfv.tb.common.traffic import MAX_STALL_RUN, Consumer, Pattern, channel_rng
from dfv.tb.memory.model import Request, answer_errors

MASK32 = (1 << 32) - 1
COMMENT = re.compile(r"//[^\n]*")


def try_u(handle, default: int = 0) -> int:
    try:
        return read_int(handle)
    except SignalXError:
        return default


def warm(handle, *names: str) -> None:
    """Look up `handle`'s children once at build time (cocotb caches them), so the timed run does not."""
    for name in names:
        getattr(handle, name)


GEN_REGS = ("kind", "thresh", "go_max", "stall_max", "seed")


def seed_word(rng: random.Random) -> int:
    """A non-zero 32-bit seed for a `dfv_stall_gen` from a channel's generator."""
    return rng.getrandbits(32) or 1


def write_pattern(gen, pattern: Pattern, rng: random.Random) -> None:
    """Configure a `dfv_stall_gen` instance for `pattern` (see its header for the mapping)."""
    kind, p = pattern.kind, pattern.p
    gen.seed.value = seed_word(rng)
    if kind == "full" or p == 0.0:
        gen.kind.value = 0
        return
    if kind == "random":
        gen.kind.value = 1
        gen.thresh.value = min(0xFFFF, round(p * 65536))
        return
    # bursty: run lengths uniform in 1..M have mean (M + 1) / 2; traffic.StallGenerator's means are 1/p
    # (go runs) and 1/(1-p) (stall runs, capped at MAX_STALL_RUN)
    gen.kind.value = 2
    gen.go_max.value = max(1, min(0xFFFF, round(2.0 / p - 1)))
    gen.stall_max.value = max(1, min(MAX_STALL_RUN, round(2.0 / (1.0 - p) - 1)))


class GpiTB(TB):
    """A `TB` whose cycle count is the harness's counter (`dfv_run_control`) and whose clock is the harness's
    own (`clock_from_python=False`) or a GPI clock (no Python per edge).

    The per-cycle loop of `TB` runs only when some component registered a callback; `setup` callbacks run
    once, at the first reset, before it is released (agents write their configuration then)."""

    def __init__(self, dut, counter, clk: str = "clk", rst: str = "rst", clock_from_python: bool = True) -> None:
        self._counter = counter
        self.clock_from_python = clock_from_python
        super().__init__(dut, clk, rst)
        self.setup: list = []
        self.async_reset_listeners: list = []
        self._set_up = False

    @property
    def cycle(self) -> int:
        return try_u(self._counter)

    @cycle.setter
    def cycle(self, value: int) -> None:  # the per-cycle loop's count is the harness's
        pass

    def start(self) -> None:
        if self._started:
            return
        self._started = True
        self.rst.value = 1
        if self.clock_from_python:
            cocotb.start_soon(Clock(self.clk, CLOCK_NS, unit="ns", impl="gpi").start())
        if self.samplers or self.drivers or self.responders:
            cocotb.start_soon(self._loop())

    async def reset(self, cycles: int = 3) -> None:
        """As `TB.reset`; returns at the falling edge after the first cycle out of reset."""
        self.start()
        self.in_reset = True
        await FallingEdge(self.clk)
        self.epoch += 1
        for listener in self.reset_listeners:
            listener()
        for alistener in self.async_reset_listeners:
            await alistener()
        if not self._set_up:
            self._set_up = True
            for fn in self.setup:
                fn()
        self.rst.value = 1
        for _ in range(cycles):
            await RisingEdge(self.clk)
        self.rst.value = 0
        await RisingEdge(self.clk)
        await FallingEdge(self.clk)
        self.in_reset = False
        if self.released_at is None:  # the cycle in which rst fell, as the per-cycle `TB` counts
            self.released_at = self.cycle - 1


class _SourceQueue:
    """`SvSource.queue`: extending it writes the tokens into the source's RAM."""

    def __init__(self, source: SvSource) -> None:
        self.source = source

    def extend(self, tokens) -> None:
        self.source.put(list(tokens))

    def __len__(self) -> int:
        return self.source.pending


class SvSource(uvm_component):
    """Python side of a `dfv_chan_source`: tokens written into its RAM, the pattern configured at setup."""

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, pattern: Pattern, rng: random.Random,
                  depth: int) -> None:
        if spec.sideband or spec.lane is not None:
            raise ValueError(f"{spec.name}: the SystemVerilog source drives whole unpacked channels only")
        self.tb, self.spec, self.h, self.depth = tb, spec, handle, depth
        self.written = 0
        self.tokens: list = []
        self.queue = _SourceQueue(self)
        warm(handle, "ram", "wr_count", "rd_count_q", "valid_q")
        warm(handle.gen, *GEN_REGS)
        tb.setup.append(lambda: write_pattern(handle.gen, pattern, rng))
        tb.reset_listeners.append(self._on_reset)

    def _on_reset(self) -> None:
        self.written = try_u(self.h.wr_count)  # the reset drops whatever was not taken

    def put(self, tokens: list) -> None:
        if self.pending + len(tokens) > self.depth:
            raise ValueError(f"{self.spec.name}: {self.pending + len(tokens)} tokens pending, the source holds "
                             f"{self.depth}")
        for tok in tokens:
            self.h.ram[self.written % self.depth].value = 0 if tok is None else int(tok)
            self.tokens.append(tok)
            self.written += 1
        self.h.wr_count.value = self.written & MASK32

    @property
    def busy(self) -> bool:
        return try_u(self.h.valid_q) == 1

    @property
    def presenting(self) -> object | None:
        if not self.busy:
            return None
        return self.tokens[(read_int(self.h.rd_count_q) - 1) % len(self.tokens)] if self.tokens else None

    @property
    def pending(self) -> int:
        """Tokens not yet taken by the DUT (offered or not yet offered)."""
        return (self.written - try_u(self.h.rd_count_q, self.written)) + (1 if self.busy else 0)


class SvSink(uvm_component):
    """Python side of a `dfv_chan_sink`: the consumer mode and pattern, written at setup."""

    MODES = {Consumer.EAGER: 0, Consumer.WHILE_VALID: 1, Consumer.AFTER_VALID: 2}

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, pattern: Pattern, rng: random.Random,
                  consumer: Consumer) -> None:
        self.spec, self.h = spec, handle
        warm(handle, "mode")
        warm(handle.gen, *GEN_REGS)

        def setup() -> None:
            handle.mode.value = self.MODES[consumer]
            write_pattern(handle.gen, pattern, rng)

        tb.setup.append(setup)


class SvChannelMonitor(ChannelMonitor):
    """Python side of a `dfv_chan_monitor`: `drain()` publishes the logged transfers in order,
    `collect_errors()` turns the protocol checks' counts into `protocol_errors` (the messages of
    `ChannelMonitor`, the first occurrence of each kind, with the count of further ones)."""

    def configure(self, tb: GpiTB, spec: ChannelSpec, handle, valid, depth: int) -> None:  # type: ignore[override]
        self.tb, self.spec, self.h, self._valid, self.depth = tb, spec, handle, valid, depth
        self.width = spec.word_width
        self.count = 0
        self.first_cycle: int | None = None
        self.last_cycle: int | None = None
        self.protocol_errors: list[str] = []
        self.stall_runs: list[int] = []
        self._read = 0
        warm(handle, "count_q", "xfer_log", "first_valid_q", "first_valid_cycle_q", "drop_count_q", "drop_cycle_q",
             "change_count_q", "change_cycle_q", "change_old_q", "change_new_q", "idlex_count_q", "idlex_cycle_q")
        tb.reset_listeners.append(self._on_reset)

    def _on_reset(self) -> None:
        if self.tb.epoch > 1:  # the first reset: nothing logged yet
            self.drain(self.tb.epoch - 1)
            self.collect_errors()
        self._read = 0

    def drain(self, epoch: int | None = None) -> None:
        epoch = self.tb.epoch if epoch is None else epoch
        n = read_int(self.h.count_q)
        if n - self._read > self.depth:
            raise RuntimeError(f"{self.spec.name}: transfer log overrun ({n - self._read} entries unread, "
                               f"{self.depth} kept)")
        w = self.width
        for k in range(self._read, n):
            bits = read_bits(self.h.xfer_log[k % self.depth]).lower()
            waited, cycle, data = int(bits[:-(w + 32)], 2), int(bits[-(w + 32):-w], 2), bits[-w:]
            if data.strip("01"):  # X or Z bits
                self.protocol_errors.append(f"{self.spec.name}: token taken at cycle {cycle} has data {data} "
                                            "(X or Z while valid)")
                token = self.spec.unpack(int(data.replace("x", "0").replace("z", "0"), 2))
            else:
                token = self.spec.unpack(int(data, 2))
            self.count += 1
            self.stall_runs.append(waited)
            if self.first_cycle is None:
                self.first_cycle = cycle
            self.last_cycle = cycle
            self.publish(Observed(self.spec.name, token, cycle, epoch, waited))
        self._read = n

    def first_valid(self) -> int | None:
        """The first cycle valid was high since the reset (None: never)."""
        return read_int(self.h.first_valid_cycle_q) if try_u(self.h.first_valid_q) == 1 else None

    def collect_errors(self) -> None:
        name, h = self.spec.name, self.h
        n = try_u(h.drop_count_q)
        if n:
            self.protocol_errors.append(protocol.valid_dropped(name, read_int(h.drop_cycle_q)) + protocol.more(n))
        n = try_u(h.change_count_q)
        if n:
            old, new = read_int(h.change_old_q), read_int(h.change_new_q)
            self.protocol_errors.append(protocol.data_changed(name, old, new, read_int(h.change_cycle_q))
                                        + protocol.more(n))
        n = try_u(h.idlex_count_q)
        if n:
            self.protocol_errors.append(protocol.ready_x(name, read_int(h.idlex_cycle_q), f"{name}_ready is X")
                                        + protocol.more(n))

    def holding(self) -> bool:
        return try_u(self._valid) == 1


FILES_PLUSARG = "dfv_files"


def files_dir() -> Path:
    """The folder of the agents' bulk files: plusarg +dfv_files=<folder> (the host picks a tmpfs one), else
    the simulator's working folder (the SystemVerilog side reads the same plusarg)."""
    return Path(cocotb.plusargs.get(FILES_PLUSARG) or ".")


def hex_words(path: Path) -> list[str]:
    """The words of a `$writememh` file of a whole array (or of its first entries), in address order, as
    text (parse only those needed: a log is mostly old entries)."""
    text = path.read_text()
    if "@" not in text:  # the common case, at C speed (Icarus writes `// 0x<address>` comments)
        return (COMMENT.sub("", text) if "/" in text else text).split()
    words: list[str] = []
    for line in text.splitlines():
        line = line.split("//", 1)[0].strip()
        for tok in line.split():
            if tok.startswith("@"):
                at = int(tok[1:], 16)
                words += ["x"] * (at - len(words))
                del words[at:]
            else:
                words.append(tok)
    return words


def hex_int(word: str, what: str) -> int:
    try:
        return int(word, 16)
    except ValueError:
        raise SignalXError(f"{what} is {word}") from None


class SvMemoryModel(uvm_component):
    """Python side of a `dfv_mem_model` (see its header and dfv/tb/memory/model.py for the protocol). The
    contents are loaded, and the logs and contents read back, in bulk through files (`$readmemh` /
    `$writememh` in the simulator's working folder), each dump costing one clock cycle of waiting."""

    def configure(self, tb: GpiTB, handle, name: str, width: int, addr_width: int, size: int, latency: int,
                  contents: dict, req_stall: Pattern, resp_stall: Pattern, rng: random.Random,
                  req_consumer: Consumer = Consumer.EAGER, check_resp_ready: bool = False,
                  log_depth: int = 2048) -> None:
        if latency < 1:
            raise ValueError("the memory model's read latency is at least 1 cycle")
        if req_consumer is Consumer.AFTER_VALID:
            raise ValueError("the memory model's mem_req ready is eager or while-valid")
        self.tb, self.h, self.name, self.width, self.addr_width, self.size = tb, handle, name, width, addr_width, size
        self.latency, self.log_depth = latency, log_depth
        self._contents: dict[int, int] = dict(contents)
        self.contents_at_reset: dict[int, dict[int, int]] = {}
        self._requests: list[Request] = []
        self._errors: list[str] = []
        self._req_stall_runs: list[int] = []
        self._resp_stall_runs: list[int] = []
        self._unanswered: deque[Request] = deque()
        self._raw: list[tuple[int, list[str], list[str], list[str] | None]] = []  # dumped, not yet decoded
        self._req_read = self._resp_read = 0
        self._dumps = read_int(handle.dump_cmd)  # a dump is a change of dump_cmd: count on from an earlier test's
        req_rng, resp_rng = random.Random(rng.random()), random.Random(rng.random())
        warm(handle, "latency", "req_mode", "check_resp_ready", "load_cmd", "dump_cmd", "dump_mem", "req_count_q",
             "resp_count_q", "dump_req_count_q", "dump_resp_count_q", "pend_count_q", "resp_valid_q", "rready_count_q",
             "rready_cycle_q", "change_count_q", "change_cycle_q", "change_old_q", "change_new_q", "drop_count_q",
             "drop_cycle_q", "wdata_count_q", "wdata_cycle_q", "wdata_addr_q", "wdata_value_q", "overflow_count_q")
        warm(handle.req_gen, *GEN_REGS)
        warm(handle.resp_gen, *GEN_REGS)

        def setup() -> None:
            handle.latency.value = latency
            handle.req_mode.value = 1 if req_consumer is Consumer.WHILE_VALID else 0
            handle.check_resp_ready.value = 1 if check_resp_ready else 0
            write_pattern(handle.req_gen, req_stall, req_rng)
            write_pattern(handle.resp_gen, resp_stall, resp_rng)
            # loaded at the next rising edge (in reset): a change of load_cmd, which keeps its value from an
            # earlier test of the same simulator process
            handle.load_cmd.value = (read_int(handle.load_cmd) + 1) & MASK32

        mask = (1 << width) - 1  # the contents file is written now (build phase), loaded at the first reset
        self._file("load").write_text("".join(f"{self._contents.get(k, 0) & mask:x}\n" for k in range(size)))
        tb.setup.append(setup)
        tb.async_reset_listeners.append(self._on_reset)

    def _file(self, kind: str) -> Path:
        return files_dir() / f"{self.name}.{kind}.hex"

    async def _on_reset(self) -> None:
        if self.tb.epoch > 1:
            await self.finish(self.tb.epoch - 1)
        self.contents_at_reset[self.tb.epoch] = dict(self.contents)
        self._unanswered.clear()  # the DUT forgets its outstanding loads (their responses never come)
        self._req_read = self._resp_read = 0

    def behind(self) -> bool:
        """Whether half a log or more is unread (call at a falling edge)."""
        half = self.log_depth // 2
        return (read_int(self.h.req_count_q) - self._req_read >= half
                or read_int(self.h.resp_count_q) - self._resp_read >= half)

    def request_dump(self, with_contents: bool) -> None:
        """Have the model write its logs (and contents) at the next rising edge, with the logs' counts of
        that edge in `dump_req_count_q` / `dump_resp_count_q` (`absorb` them at the falling edge after)."""
        self._dumps += 1
        self.h.dump_mem.value = 1 if with_contents else 0
        self.h.dump_cmd.value = self._dumps

    async def drain(self, epoch: int | None = None, with_contents: bool = False) -> None:
        """Dump and absorb the logs (one clock cycle)."""
        self.request_dump(with_contents)
        await FallingEdge(self.tb.clk)
        self.absorb(epoch, with_contents)

    def absorb(self, epoch: int | None = None, with_contents: bool = False) -> None:
        """Take the dumped request and response log entries (and contents) not read yet; they are decoded
        when first asked for (`requests`, `contents`, ...), after the run: the run itself only copies text."""
        epoch = self.tb.epoch if epoch is None else epoch
        d = self.log_depth
        chunks = []
        for count, attr, kind in ((self.h.dump_req_count_q, "_req_read", "req"),
                                  (self.h.dump_resp_count_q, "_resp_read", "resp")):
            n, read = read_int(count), getattr(self, attr)
            if n - read > d:
                raise RuntimeError(f"memory model: {kind} log overrun ({n - read} unread, {d} kept)")
            words = hex_words(self._file(kind)) if n > read else []
            chunks.append([words[k % d] for k in range(read, n)])
            setattr(self, attr, n)
        self._raw.append((epoch, chunks[0], chunks[1], hex_words(self._file("mem"))[:self.size] if with_contents
                          else None))

    def _decode(self) -> None:
        """Decode the absorbed entries in order (requests of a dump before its responses: a response follows
        its load)."""
        w, aw = self.width, self.addr_width
        rw = 1 + aw + w
        for epoch, reqs, resps, mem in self._raw:
            for k, word in enumerate(reqs):
                e = hex_int(word, f"{self.name}: request log entry {k}")
                data, offered, accepted = e & ((1 << rw) - 1), e >> rw & MASK32, e >> (rw + 32) & MASK32
                req = Request(epoch, offered, accepted, data >> (aw + w) & 1, data >> w & ((1 << aw) - 1),
                              data & ((1 << w) - 1))
                self._requests.append(req)
                self._req_stall_runs.append(accepted - offered)
                if not req.we:
                    req.due = accepted + self.latency
                    self._unanswered.append(req)
            for k, word in enumerate(resps):
                e = hex_int(word, f"{self.name}: response log entry {k}")
                presented, answered = e & MASK32, e >> 32 & MASK32
                if not self._unanswered:
                    self._errors.append(f"memory model: a response answered at cycle {answered} matches no load "
                                        "request")
                    continue
                req = self._unanswered.popleft()
                req.answered = answered
                req.answers += 1
                self._resp_stall_runs.append(answered - presented)
            if mem is not None:
                for k in range(self.size):
                    self._contents[k] = hex_int(mem[k], f"{self.name}.mem[{k}]")
                for r in self._requests:  # stores outside the modelled words
                    if r.we and r.addr >= self.size:
                        self._contents[r.addr] = r.wdata
        self._raw.clear()

    @property
    def requests(self) -> list[Request]:
        self._decode()
        return self._requests

    @property
    def contents(self) -> dict[int, int]:
        self._decode()
        return self._contents

    @property
    def errors(self) -> list[str]:
        self._decode()
        return self._errors

    @property
    def req_stall_runs(self) -> list[int]:
        self._decode()
        return self._req_stall_runs

    @property
    def resp_stall_runs(self) -> list[int]:
        self._decode()
        return self._resp_stall_runs

    @property
    def activity(self) -> int:
        """Handshakes on either channel so far (for deadlock detection)."""
        self._decode()
        return len(self._req_stall_runs) + len(self._resp_stall_runs)

    def collect_errors(self) -> None:
        h = self.h

        more = protocol.more
        n = try_u(h.rready_count_q)
        if n:
            self._errors.append(protocol.resp_ready_idle(read_int(h.rready_cycle_q)) + more(n))
        n = try_u(h.change_count_q)
        if n:
            old, new = read_int(h.change_old_q), read_int(h.change_new_q)
            self._errors.append(protocol.data_changed("mem_req", f"{old:#x}", f"{new:#x}", read_int(h.change_cycle_q))
                                + more(n))
        n = try_u(h.drop_count_q)
        if n:
            self._errors.append(protocol.valid_dropped("mem_req", read_int(h.drop_cycle_q), "request") + more(n))
        n = try_u(h.wdata_count_q)
        if n:
            self._errors.append(protocol.load_wdata(read_int(h.wdata_addr_q), read_int(h.wdata_cycle_q),
                                                    read_int(h.wdata_value_q)) + more(n))
        n = try_u(h.overflow_count_q)
        if n:
            self._errors.append(f"memory model: {n} load(s) dropped: more outstanding than the model's pending queue "
                               "holds")

    async def finish(self, epoch: int | None = None) -> None:
        """At the end of the run (or of an epoch): the last log entries, the checks' findings, the contents."""
        await finish_memories([self], epoch)

    # -- the MemoryModel interface -----------------------------------------------------------------
    def epoch_requests(self, epoch: int) -> list[Request]:
        return [r for r in self.requests if r.epoch == epoch]

    def outstanding(self) -> int:
        """Loads accepted and not yet answered, as the model holds them now."""
        return try_u(self.h.pend_count_q) + try_u(self.h.resp_valid_q)

    def busy(self) -> bool:
        return self.outstanding() > 0

    def end_check(self) -> list[str]:
        """Protocol errors, loads of the current epoch never answered, and loads answered more than once."""
        return self.errors + answer_errors(self.epoch_requests(self.tb.epoch))


async def finish_memories(mems: list[SvMemoryModel], epoch: int | None = None) -> None:
    """The end of a run (or of an epoch) for every memory at once: the checks' findings, then one dump of
    every log and contents (one clock cycle)."""
    if not mems:
        return
    for mem in mems:
        mem.collect_errors()
        mem.request_dump(True)
    await FallingEdge(mems[0].tb.clk)
    for mem in mems:
        mem.absorb(epoch, with_contents=True)


class HarnessAgents:
    """`OpEnv.build_agents` on a harness: per channel `c` (key `k`, `dfv.tb.common.op_harness.agent_key`) the
    harness's `src_<k>` or `snk_<k>` and `mon_<k>`, driven and read by the classes `SOURCE`, `SINK`,
    `MONITOR` (factory overrides of those apply) with `SOURCE_DEPTH` tokens and `LOG_DEPTH` log entries: the
    depths its harness generator gave the agents, which each user sets."""

    SOURCE: type[SvSource] = SvSource
    SINK: type[SvSink] = SvSink
    MONITOR: type[SvChannelMonitor] = SvChannelMonitor
    SOURCE_DEPTH: int
    LOG_DEPTH: int

    def build_agents(self, traffic, seed: int) -> None:
        top = cocotb.top
        for c in self.cfg.channels:
            key = agent_key(c)
            pattern = traffic.for_channel(c.name, c.is_input)
            if c.is_input:
                src = self.SOURCE.create(f"src_{key}", self)
                src.configure(self.tb, c, getattr(top, f"src_{key}"), pattern, channel_rng(seed, c.name, "idle"),
                              self.SOURCE_DEPTH)
                self.inputs[c.name] = src
            else:
                snk = self.SINK.create(f"snk_{key}", self)
                snk.configure(self.tb, c, getattr(top, f"snk_{key}"), pattern, channel_rng(seed, c.name, "ready"),
                              traffic.consumer_for(c.name))
                self.readies[c.name] = snk
            handle = getattr(top, f"mon_{key}")
            mon = self.MONITOR.create(f"mon_{key}", self)
            mon.configure(self.tb, c, handle, handle.valid, self.LOG_DEPTH)
            self.monitors[c.name] = mon


class RunControl:
    """Python side of `dfv_run_control`: waits for its attention toggle, then lands on the next falling edge."""

    def __init__(self, tb: GpiTB, handle) -> None:
        self.tb, self.h = tb, handle
        self._seen = 0
        warm(handle, "arm", "wake_cycle", "probe_period", "attn_q", "quiet_q", "progress_q", "complete_q", "cycle_q")

    def arm(self, wake_cycle: int, probe_period: int) -> None:
        self._seen = read_int(self.h.attn_q)
        self.h.wake_cycle.value = wake_cycle & MASK32
        self.h.probe_period.value = probe_period
        self.h.arm.value = 1

    def set_wake(self, wake_cycle: int) -> None:
        self.h.wake_cycle.value = wake_cycle & MASK32

    async def wait(self) -> None:
        """Until the attention toggle moved since the last wait (it may have while Python was busy waiting
        for a dump), then to the falling edge after."""
        if read_int(self.h.attn_q) == self._seen:
            await self.h.attn_q.value_change
            await FallingEdge(self.tb.clk)
        self._seen = read_int(self.h.attn_q)

    @property
    def quiet(self) -> int:
        return read_int(self.h.quiet_q)

    @property
    def progress(self) -> int:
        return read_int(self.h.progress_q)

    @property
    def complete(self) -> bool:
        return read_int(self.h.complete_q) == 1
