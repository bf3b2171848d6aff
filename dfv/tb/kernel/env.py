"""The kernel environment: a whole lowered program (the generated top of `dfv lower`) under pyuvm.

Built on the base of the harness environments (`dfv.tb.common.harness_env`), with the program as the
"operation" (its scoreboard and coverage are the operation environment's, extended):

- `KernelDescription`: what the host (`dfv.sim.kernel`) hands over in the JSON file the test's variant
  names (`dfv.tb.common.variants`): the `dfg.yaml`, the arguments as raw words, the source interpreter's results, the
  memory latency, the traffic and the coverage bins.
- `DfgMachine`: the golden model of the whole program as one `dfv.golden.core.Machine` (inputs `start`
  and `arg<i>`, outputs `res<i>` and `done`): a start token and one token per scalar argument run
  the golden DFG interpreter (`dfv.golden.interpreter.run_dfg`) on them and the memref contents. So the
  generic scoreboard compares every result and the done stream with the golden DFG run, token for
  token, and the generic expected-failure overrides apply unchanged.
- Agents: SystemVerilog agents beside the generated top in its harness (`dfv.tb.kernel.harness`, dfv/tb/hdl), driven
  and read at transaction level (`dfv.tb.common.sv_channel`, `dfv.tb.common.sv_memory`), so no Python runs per cycle:
  a channel source + monitor on `start` and each scalar argument, a sink (seeded back-pressure, ready only while
  valid) + monitor on each result and `done`, and one memory model (`dfv_mem_model`: seeded `mem_req` back-pressure
  while valid, read latency, seeded response stalls, initial contents from the inputs, contents read back at the end,
  exactly-once answers, and `mem_resp_ready` 0 while no load is outstanding) per `extmemory` port set
  `arg<i>_mem_req` / `arg<i>_mem_resp`. The harness's run control wakes Python only when there is something
  to do.
- `UpstreamCheck` (`dfv.tb.kernel.upstream`): spec 003's upstream extra signals, driven on the results
  and checked on the arguments wired to them, cycle by cycle (the only per-cycle Python, and only for
  programs with such ports).
- `KernelScoreboard` adds, beyond the token comparison: results and final memref contents against
  the golden DFG run and the source interpreter; the `mem_req` sequence of every port set against
  the golden model's access order of that memory group; the golden run itself clean.
- `KernelEnv` finishes when `done` and every result arrived, then checks that no channel of the
  generated top holds a valid token and every instance is back in its initial state (`at_init`),
  naming the channel or instance and the MLIR operation it came from. A watchdog stops a run with no
  progress (no boundary or memory transfer and no change inside the circuit) for `deadlock_cycles`
  and lists the channels holding tokens (`RunAborted`: the scoreboard still reports the end state, but
  the run fails as aborted, whatever the test expects).
- Expected-failure scoreboards (`KernelWrongModelScoreboard`, `KernelCorruptResultScoreboard`) pass a
  test only when exactly the checks its fault must trip failed (`dfv.tb.common.faults.ExpectedErrors`).

Cycle count: from the cycle the start token is offered to the cycle the last of `done` and the
results is taken, inclusive.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cocotb
from pyuvm import ConfigDB

from dfv.golden.catalogue import OPS, WIRING, Storage
from dfv.golden.compare import reference_problems
from dfv.golden.core import Machine, RunResult
from dfv.golden.interpreter import InterpResult, Mode, has_initial_tokens, idle_state, memref_extent, run_dfg, word_args
from dfv.golden.values import from_word
from dfv.lowering.config import read_config
from dfv.lowering.dfg import DFG
from dfv.lowering.slack import stage_latency
from dfv.lowering.topgen import channel_wires, instance_name
from dfv.tb.common import variants
from dfv.tb.common.channel_spec import ChannelSpec, Observed
from dfv.tb.common.faults import ExpectedErrors, wrong_model_scoreboard
from dfv.tb.common.fcov import STALL_BINS, export_coverage_at_exit, sample_cross, sample_point, stall_bin
from dfv.tb.common.harness_env import HarnessEnv
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_coverage import OpCoverage
from dfv.tb.common.op_scoreboard import OpScoreboard
from dfv.tb.common.op_sequence import OpItem, OpSequence
from dfv.tb.common.signals import read_int
from dfv.tb.common.sv_channel import SvChannelMonitor
from dfv.tb.common.sv_memory import SvMemoryModel
from dfv.tb.common.traffic import FULL, Consumer, TrafficConfig, channel_rng
from dfv.tb.kernel.description import KernelDescription
from dfv.tb.kernel.harness import CHANNEL_LOG_DEPTH, DUT_INSTANCE, MEMORY_LOG_DEPTH
from dfv.tb.kernel.upstream import UpstreamCheck

PROBE_PERIOD = 61  # cycles between looks inside the circuit while its boundary is quiet
#: unchanged cycles after done and the results before the end check, beyond the longest unit latency of the program
DRAIN_QUIET = 32


@dataclass
class Kernel:
    """The description and the DFG it refers to (ConfigDB "KERNEL")."""

    desc: KernelDescription
    g: DFG

    @property
    def memrefs(self) -> list:
        """The `extmemory` groups of memref arguments, by argument position."""
        return sorted((grp for grp in self.g.groups.values() if grp.position is not None), key=lambda m: m.position)

    def scalar_args(self) -> list[dict]:
        return [a for a in self.g.args if a.scalar]

    def extent(self, grp) -> int:
        """The elements of memref argument group `grp` on this run: its value's (a memref with a dynamic size
        fills only part of its memory, `dfv.golden.interpreter.memref_extent`)."""
        return memref_extent(grp, self.desc.args)


class DfgMachine(Machine):
    """The golden model of the whole program: one firing per start token (with one token on every
    scalar argument) runs the golden DFG interpreter and emits its results and done tokens."""

    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.INPUTS = ("start", *(f"arg{a.position}" for a in kernel.scalar_args()))
        self.OUTPUTS = (*(f"res{r.position}" for r in kernel.g.results), "done")
        self.run: InterpResult | None = None
        super().__init__()

    def is_initial(self) -> bool:
        return True  # every activation starts from the description's memory contents

    def fire(self, inq, outq) -> bool:
        if not all(inq[p] for p in self.INPUTS):
            return False
        inq["start"].popleft()
        words: dict[int, int | list[int]] = {a.position: inq[f"arg{a.position}"].popleft()
                                             for a in self.kernel.scalar_args()}
        for grp in self.kernel.memrefs:
            words[grp.position] = list(self.kernel.desc.args[grp.position])
        self.run = run_dfg(self.kernel.g, word_args(self.kernel.g, words))
        for r, toks in zip(sorted(self.kernel.g.results, key=lambda r: r.position), self.run.results, strict=True):
            outq[f"res{r.position}"].extend(toks)
        outq["done"].extend([None] * self.run.done)
        self.error = self.run.error_code
        return True


def load_kernel() -> Kernel:
    desc = KernelDescription.load()
    return Kernel(desc, read_config(desc.dfg))


def make_config(kernel: Kernel) -> OpConfig:
    g = kernel.g
    channels = [ChannelSpec("start", 0, True)]
    channels += [ChannelSpec(f"arg{a.position}", a.type.width, True) for a in kernel.scalar_args()]
    channels += [ChannelSpec(f"res{r.position}", r.type.width, False)
                 for r in sorted(g.results, key=lambda r: r.position)]
    channels.append(ChannelSpec("done", 0, False))
    d = kernel.desc
    status = () if d.foreign else (("err_code", "error"),)  # another flow's circuit has no error port
    return OpConfig(f"kernel {d.name}", tuple(channels), lambda: DfgMachine(kernel), status=status,
                    deadlock_cycles=d.deadlock_cycles, max_cycles=d.max_cycles,
                    drain_quiet=DRAIN_QUIET + max((stage_latency(n, "") for n in g.nodes.values()
                                                   if n.op in OPS and OPS[n.op].storage is Storage.PIPELINED),
                                                  default=0))


def kernel_traffic(desc: KernelDescription) -> TrafficConfig:
    """Start and arguments offered at once; seeded back-pressure on results/done (`results`), ready
    only while valid (a consumer like `handshake_join`; the same transfers as an eager ready)."""
    return TrafficConfig(idle=FULL, backpressure=desc.traffic.results, consumer=Consumer.WHILE_VALID)


class KernelSequence(OpSequence):
    """One activation: the start token and one token per scalar argument, offered together."""

    def generate(self) -> Iterator[OpItem]:
        kernel: Kernel = ConfigDB().get(None, "", "KERNEL")
        tokens: dict[str, list] = {"start": [None]}
        for a in kernel.scalar_args():
            tokens[f"arg{a.position}"] = [kernel.desc.args[a.position]]
        yield OpItem(tokens=tokens, kind="activation")


@dataclass(frozen=True)
class _Internal:
    """One channel of the generated top as read through the hierarchy (producer side)."""

    channel: str
    src: str
    dst: str
    origin: str
    valid: object
    ready: object
    bit: int
    data: object | None = None  # the producer's packed data wire (None: control)
    lo: int = 0
    width: int = 0

    def word(self) -> int | None:
        """The data word the channel presents now (None for a control channel)."""
        return None if self.data is None else read_int(self.data) >> self.lo & ((1 << self.width) - 1)

    def describe(self) -> str:
        return f"channel {self.channel} ({self.src} -> {self.dst}) from {self.origin}"


def canonical_order(seq: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Accesses with every run of consecutive loads sorted: loads with no store between them commute
    (the ctrl-done network lets parallel loads of one level issue in any order), stores and the
    load/store interleaving stay exact."""
    out: list[tuple[int, int, int]] = []
    run: list[tuple[int, int, int]] = []
    for acc in seq:
        if acc[0] == 0:
            run.append(acc)
            continue
        out += sorted(run)
        run = []
        out.append(acc)
    return out + sorted(run)


class KernelEnv(HarnessEnv):
    """The operation environment on the function's channels, plus the memory agents and the view
    inside the generated top (internal channels, instance states) for the end check and watchdog.

    The cocotb toplevel is the program's harness (`dfv.tb.kernel.harness`): the boundary agents are the
    SystemVerilog agents of dfv/tb/hdl beside the generated top, driven and read at transaction level
    (`dfv.tb.common.sv_channel`, `dfv.tb.common.sv_memory`); the generated top itself is the harness's `u_dut`
    (`dut_top`). The run ends when `done` and every result arrived and then the circuit stayed unchanged
    (internal valids and firings, every instance's at_init, looked at every cycle) for `drain_quiet` cycles:
    so extra tokens are caught, and an operation whose result is dead (into a sink: `done` does not wait for
    it) finishes before the end check, however many of them an iterative unit has queued (`drain_quiet`
    exceeds the longest unit latency). Progress is any boundary or memory transfer, or, while the boundary is quiet,
    a change inside the circuit seen every PROBE_PERIOD cycles (the run control's probe). Another flow's circuit
    (`KernelDescription.foreign`) is watched at its boundary only: no look inside, no internal end check."""

    SOURCE_DEPTH = LOG_DEPTH = CHANNEL_LOG_DEPTH

    def build_phase(self):
        super().build_phase()
        self.kernel: Kernel = ConfigDB().get(self, "", "KERNEL")
        desc, g = self.kernel.desc, self.kernel.g
        seed = variants.seed()
        req, resp = desc.traffic.mem_req, desc.traffic.mem_resp
        top = cocotb.top
        for grp in self.kernel.memrefs:
            i, w = grp.position, grp.elem_type.width
            contents = dict(enumerate(desc.args[i]))  # element words (dfv.golden.interpreter.arg_words)
            mem = SvMemoryModel.create(f"memory_arg{i}", self)
            mem.configure(self.tb, getattr(top, f"mem_arg{i}"), f"mem_arg{i}", w, g.index_width, max(1, grp.size),
                          desc.latency, contents, req_stall=req, resp_stall=resp,
                          rng=channel_rng(seed, f"arg{i}_mem", "model"), req_consumer=Consumer.WHILE_VALID,
                          check_resp_ready=True, log_depth=MEMORY_LOG_DEPTH)
            self.memories[i] = mem
        # the generated top inside the harness: its internal channels and instances (the one place its path is named);
        # another flow's circuit is watched at its boundary only
        self.dut_top = dut = getattr(top, DUT_INSTANCE)
        self.internal: list[_Internal] = []
        for c in [] if desc.foreign else g.channels:
            if g.nodes[c.src.node].op.startswith("func."):
                continue  # start / argument ports: driven by the agents
            w = channel_wires(g, c)
            self.internal.append(_Internal(c.id, str(c.src), str(c.dst), g.origin_op(c.src.node),
                                           getattr(dut, w.valid), getattr(dut, w.ready), w.bit,
                                           getattr(dut, w.data) if w.data else None, w.lo, w.width))
        self.instances = [(nid, n.op, g.origin_op(nid), getattr(dut, instance_name(nid)))
                          for nid, n in g.nodes.items()
                          if not desc.foreign and not n.op.startswith("func.") and n.op not in WIRING]
        # a circuit with initial tokens ends in its idle state, not empty (dfv.golden.interpreter.IdleState)
        args = word_args(g, {a.position: desc.args[a.position] for a in g.args})
        self.idle = idle_state(g, args, mode=Mode.BOUNDED) if has_initial_tokens(g) and not desc.foreign else None
        valids = {id(i.valid): i.valid for i in self.internal}
        index = {k: n for n, k in enumerate(valids)}
        self._probe_valids = list(valids.values())
        self._probe_bits = [(index[id(i.valid)], i.ready, i.bit) for i in self.internal]
        self.last_internal = 0  # the last cycle a probe saw the circuit move
        self._probe_last: tuple | None = None
        self._probe_progress = 0
        self.start_offer: int | None = None
        self.end_cycle: int | None = None
        self.finish_at: int | None = None  # the cycle the drain ends in: `drain_quiet` after `done_at` or a change
        self._end_look: tuple | None = None  # the internal valids at the drain's last look
        self._end_states: tuple | None = None  # and every instance's at_init
        self.done_at = 0  # the cycle after the one the last of `done` and the results was taken
        self.sim_seconds = 0.0  # wall time of the test's run phase (set by the test)
        # spec 003's upstream extras: per-cycle Python, only for the programs that have such ports
        self.upstream = UpstreamCheck.attach(self.tb, g, seed)

    # -- progress -------------------------------------------------------------------------------
    def _probe(self, last: tuple | None) -> tuple[bool, tuple]:
        """A look inside the generated top: a handshake firing now, or a change of the valid wires since
        the look `last`, is progress. (Valids depend only on state and upstream valids, so they are
        frozen in a deadlock; readies are not compared, as the seeded back-pressure of results and
        memories moves them.)"""
        values = tuple(read_int(h) for h in self._probe_valids)
        firing = any(values[v] >> b & 1 and read_int(ready) >> b & 1 for v, ready, b in self._probe_bits)
        return firing or (last is not None and values != last), values

    async def collect(self) -> None:
        """As the base's, and the start cycle."""
        await super().collect()
        self.start_offer = self.monitors["start"].first_valid()

    def probe_period(self) -> int:
        return PROBE_PERIOD

    async def service(self) -> None:
        """The agents' logs; the run's completion (`done` and every result received: the drain ends
        `drain_quiet` cycles later); at a probe point of a quiet boundary, a look inside the circuit (progress
        there resets the watchdog)."""
        await super().service()
        now, ctl = self.tb.cycle, self.ctl
        if self.end_cycle is None and self.complete():
            # (the start token itself may be taken later: an eager fork of it can serve the results and
            # done first)
            self.end_cycle = max(m.last_cycle for m in self.monitors.values() if not m.spec.is_input)
            self.done_at = self.end_cycle + 1
            self.finish_at = self.done_at + self.cfg.drain_quiet
        if self.finish_at is not None:
            # the drain: a look inside every cycle; a change moves the end `drain_quiet` cycles past it
            moved, self._end_look = self._probe(self._end_look)
            states = tuple(read_int(h.at_init) for _, _, _, h in self.instances)
            if moved or states != self._end_states:
                self._end_states = states
                self.finish_at = max(self.finish_at, now + self.cfg.drain_quiet)
        quiet_boundary, progress = ctl.quiet, ctl.progress
        if progress != self._probe_progress:
            self._probe_progress, self._probe_last = progress, None
        if quiet_boundary and quiet_boundary % PROBE_PERIOD == 0:
            moved, self._probe_last = self._probe(self._probe_last)
            if moved:
                self.last_internal = now

    def deadlock_message(self, quiet: int, cycle: int) -> str:
        """The base's; for another flow's circuit, whose inside is not watched, what the silence may also be."""
        text = super().deadlock_message(quiet, cycle)
        if self.kernel.desc.foreign:
            text += (" (another flow's circuit is watched at its boundary only: a loop that runs without end "
                     "inside it is silent there too)")
        return text

    def last_progress(self, now: int, base: int) -> int:
        return max(super().last_progress(now, base), self.last_internal)

    def finished(self, now: int, quiet: int) -> bool:
        return self.finish_at is not None and now >= self.finish_at

    def deadlines(self, now: int, last: int, base: int) -> list[int]:
        return [] if self.finish_at is None else [now + 1]

    def complete(self) -> bool:
        """`done` and every result received."""
        return all(m.count >= 1 for m in self.monitors.values() if not m.spec.is_input)

    @property
    def cycles(self) -> int | None:
        if self.end_cycle is None or self.start_offer is None:
            return None
        return self.end_cycle - self.start_offer + 1

    # -- end state -------------------------------------------------------------------------------
    def internal_holders(self, idle: bool = True) -> list[str]:
        """Internal channels holding a valid token (`idle=False`: except those of the idle state)."""
        rest = set(self.idle.channels) if self.idle is not None and not idle else set()
        return [i.describe() for i in self.internal if read_int(i.valid) >> i.bit & 1 and i.channel not in rest]

    def holders(self) -> str:
        held = [super().holders()] if super().holders() != "none" else []
        return "; ".join(held + self.internal_holders()) or "none"

    def stranded_errors(self) -> list[str]:
        """The boundary channels (generic check) and every internal channel of the generated top. A channel
        of the idle state must show that state's first token on its wires (the others it lists are inside
        the channel's producer, a FIFO, which is exempt from the `at_init` check)."""
        errors = super().stranded_errors() + [f"{text}: holds a valid token at the end (stranded)"
                                              for text in self.internal_holders(idle=False)]
        if self.idle is not None:
            errors += [f"{i.describe()}: holds {i.word()} at the end, but with no input the circuit holds "
                       f"{self.idle.channels[i.channel]} there (its idle state)" for i in self.internal
                       if i.channel in self.idle.channels and read_int(i.valid) >> i.bit & 1 and i.data is not None
                       and i.word() != self.idle.channels[i.channel][0]]
            errors += [f"{i.describe()}: ends empty, but with no input the circuit holds "
                       f"{self.idle.channels[i.channel]} there (its idle state)" for i in self.internal
                       if i.channel in self.idle.channels and not read_int(i.valid) >> i.bit & 1]
        return errors

    def initial_state_errors(self) -> list[str]:
        """Every instance of the generated top back at_init, and every memory agent drained."""
        g = self.kernel.g
        idle_nodes = set() if self.idle is None else set(self.idle.busy) | {
            c.src.node for c in g.channels if c.id in self.idle.channels}
        errors = [f"instance {instance_name(nid)} ({op}) from {origin} is not in its initial state at the end "
                  "(at_init = 0)" for nid, op, origin, handle in self.instances
                  if read_int(handle.at_init) != 1 and nid not in idle_nodes]
        for i, mem in self.memories.items():
            errors.extend(f"arg{i}: {e}" for e in mem.end_check())
        return errors


class KernelScoreboard(OpScoreboard):
    """The generic token scoreboard (results and done against the golden DFG run), plus results and
    memref contents against the source interpreter and the golden run, the access order of every
    memory group, and a clean golden run. Writes what the RTL produced for the host to report."""

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        env: KernelEnv = self.get_parent()
        kernel: Kernel = env.kernel
        g, desc = kernel.g, kernel.desc
        errors: list[str] = []
        golden = machine.run
        if golden is None:
            return ["the golden DFG run never started (no start token or argument was taken)"]
        errors += [f"golden DFG run: {p}" for p in golden.problems()]
        errors += env.upstream.errors()
        returns = []
        for r in sorted(g.results, key=lambda r: r.position):
            toks = [o.token for o in observed[f"res{r.position}"]]
            returns.append(from_word(r.type, toks[0]) if toks else None)
        finals = {grp.position: [from_word(grp.elem_type, env.memories[grp.position].contents.get(k, 0))
                                 for k in range(kernel.extent(grp))] for grp in kernel.memrefs}
        want_returns = [None if w is None else from_word(r.type, w)
                        for w, r in zip(desc.source_returns, sorted(g.results, key=lambda r: r.position), strict=True)]
        elem = {grp.position: grp.elem_type for grp in kernel.memrefs}
        errors += reference_problems("RTL", "source interpreter", returns, finals, want_returns,
                                     {i: [from_word(elem[i], w) for w in m] for i, m in desc.source_memrefs.items()
                                      if i in finals},
                                     {grp.position: grp.root for grp in kernel.memrefs})
        self.order_notes: dict[int, str] = {}
        for grp in kernel.memrefs:
            i, et, mem, size = grp.position, grp.elem_type, env.memories[grp.position], kernel.extent(grp)
            final = [mem.contents.get(k, 0) for k in range(size)]
            gold = golden.memories.get(grp.name, [])
            diff = [k for k in range(size) if k >= len(gold) or final[k] != gold[k]]
            if diff:
                k = diff[0]
                errors.append(f"memref argument {i} ({grp.root}): final contents differ from the golden DFG run at "
                              f"{len(diff)} element(s), first [{k}]: RTL {from_word(et, final[k])}, golden "
                              f"{from_word(et, gold[k]) if k < len(gold) else 'none'}")
            wild = [r for r in mem.epoch_requests(env.tb.epoch) if r.addr >= size]
            if wild:
                errors.append(f"memref argument {i} ({grp.root}): {len(wild)} access(es) outside its {size} "
                              f"elements, first address {wild[0].addr:#x} at cycle {wild[0].accepted}")
            errors += self._order(grp, mem, golden)
        return errors

    def _order(self, grp, mem: SvMemoryModel, golden: InterpResult) -> list[str]:
        env: KernelEnv = self.get_parent()
        got = [(r.we, r.addr, r.wdata) for r in mem.epoch_requests(env.tb.epoch)]
        want = golden.accesses.get(grp.name, [])
        if got == want:
            self.order_notes[grp.position] = "exact"
            return []
        a, b = canonical_order(got), canonical_order(want)
        if a == b:
            self.order_notes[grp.position] = "loads reordered between the same stores"
            return []
        k = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))

        def show(seq, k):
            if k >= len(seq):
                return "none"
            we, addr, data = seq[k]
            return f"store [{addr}] = {data:#x}" if we else f"load [{addr}]"

        return [f"memref argument {grp.position} ({grp.root}): mem_req access {k} is {show(a, k)}, the golden "
                f"model's order has {show(b, k)} ({len(got)} requests, golden {len(want)}; loads between two "
                "stores compared as a set)"]

    def check_phase(self):
        try:
            super().check_phase()
        finally:
            self.write_record()

    def write_record(self) -> None:
        """What the RTL produced, for the host (`dfv run`, the regression): raw words."""
        env: KernelEnv = self.get_parent()
        kernel: Kernel = env.kernel
        name = ConfigDB().get(None, "", "TEST_NAME")
        returns = []
        for r in sorted(kernel.g.results, key=lambda r: r.position):
            toks = [o.token for o in self.final_observed.get(f"res{r.position}", [])]
            returns.append(toks[0] if toks else None)
        record = {
            "test": name,
            "returns": returns,
            "memrefs": {str(grp.position): [env.memories[grp.position].contents.get(k, 0)
                                            for k in range(kernel.extent(grp))] for grp in kernel.memrefs},
            "cycles": env.cycles,
            "order": {str(k): v for k, v in getattr(self, "order_notes", {}).items()},
            "errors": list(self.errors),
            "sim_cycles": env.tb.cycle,
            "sim_seconds": env.sim_seconds,
        }
        Path(kernel.desc.result_dir, f"kernel.{name}.json").write_text(json.dumps(record) + "\n")


def _stream_mismatch(first: ChannelSpec, model_tokens: int) -> str:
    """The pattern of the token comparison's error on output `first`: its first data token differs, or,
    for control tokens, one more came than the model's `model_tokens`."""
    name = re.escape(first.name)
    if first.width:
        return rf"^{name}: token 0 is \d+, the model expects \d+ "
    return rf"^{name}: 1 extra token\(s\) after the model's {model_tokens}: "


class KernelWrongModelScoreboard(ExpectedErrors, wrong_model_scoreboard(KernelScoreboard)):
    """The scoreboard of `KernelWrongModel`: the golden model is wrong (the first result's first token
    flipped, or, for a program without results, its done token dropped). The token comparison of that
    output must fail, and no other check: the circuit itself is right."""

    def expected_errors(self) -> list[str]:
        return [_stream_mismatch(self.cfg.outputs[0], 0)]


class KernelCorruptResultScoreboard(ExpectedErrors, KernelScoreboard):
    """The scoreboard of `KernelCorruptResult` (`KernelCorruptingMonitor`: the first result with bit 0
    flipped, or the done token reported twice). The token comparison of that output must fail and, for
    a result, its comparison with the source interpreter; no other check."""

    def expected_errors(self) -> list[str]:
        first = self.cfg.outputs[0]
        if not first.width:
            return [_stream_mismatch(first, 1)]
        i = first.name.removeprefix("res")
        return [_stream_mismatch(first, 1), rf"^result {i}: RTL returned .+, the source interpreter .+$"]


class KernelCoverage(OpCoverage):
    """Functional coverage of a kernel run: kernel x memory latency (bins: the kernels and latencies
    of the regression's kernel suite), and the back-pressure the run saw: cycles each result/done
    token waited for ready, cycles each `mem_req` request waited for the memory, and cycles each
    load response came later than the read latency (response stalls, queueing behind them)."""

    def report_phase(self):
        if not self.enabled:
            return
        env: KernelEnv = self.get_parent()
        desc = env.kernel.desc
        cov = desc.coverage or {}
        prefix = f"kernel.{cov.get('suite', 'run')}"
        if cov.get("kernels") and cov.get("latencies"):
            sample_cross(f"{prefix}.kernel_x_latency",
                         {"kernel": tuple(cov["kernels"]), "latency": tuple(str(x) for x in cov["latencies"])},
                         {"kernel": desc.name, "latency": str(desc.latency)})
        for mon in env.monitors.values():
            if not mon.spec.is_input:
                for run in mon.stall_runs:
                    sample_point(f"{prefix}.backpressure.result_done", STALL_BINS, stall_bin(run))
        for mem in env.memories.values():
            for run in mem.req_stall_runs:
                sample_point(f"{prefix}.backpressure.mem_req", STALL_BINS, stall_bin(run))
            for delay in response_delays(mem, env.tb.epoch):
                sample_point(f"{prefix}.stall.mem_resp", STALL_BINS, stall_bin(delay))
        export_coverage_at_exit()


def response_delays(mem: SvMemoryModel, epoch: int) -> list[int]:
    """Per answered load: cycles between its due cycle (accepted + latency) and the cycle its response
    was first offered (answers are in request order, as are the model's `resp_stall_runs`)."""
    loads = [r for r in mem.epoch_requests(epoch) if not r.we and r.answered is not None]
    return [r.answered - waited - r.due for r, waited in zip(loads, mem.resp_stall_runs, strict=False)]


class KernelCorruptingMonitor(SvChannelMonitor):
    """Reports the first output of the kernel (the first result, else `done`) as a broken circuit would
    produce it: data with bit 0 flipped, a done token twice. A test using it must fail."""

    def publish(self, obs: Observed) -> None:
        cfg: OpConfig = ConfigDB().get(None, "", "OP_CONFIG")
        if self.spec == cfg.outputs[0] and self.count == 1:
            if obs.token is None:
                super().publish(obs)
            else:
                obs = Observed(obs.channel, obs.token ^ 1, obs.cycle, obs.epoch, obs.waited)
        super().publish(obs)
