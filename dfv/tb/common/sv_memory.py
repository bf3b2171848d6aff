"""The Python side of `dfv_mem_model` (dfv/tb/hdl), the SystemVerilog memory behind an external-memory
interface (`handshake_extmemory`'s, a generated top's memref ports): its image and answers through files
(`$readmemh` / `$writememh`, `FILES_PLUSARG`), its logs of requests and responses read in bulk. What the
scoreboards and coverage use: `requests` (`Request`, with their cycles), `contents`, `contents_at_reset`,
`req_stall_runs`, `resp_stall_runs`, `outstanding()` and `end_check()`.

Protocol served (docs/primitives.md): the DUT offers requests on `mem_req` (`1 + AW + W` bits:
`{we, addr, wdata}`) and takes one response per load, in request order, on `mem_resp` (W bits); stores
get no response. The model applies every request in the order it accepts it (a store writes at once, a
load reads at once), presents each load's data `latency` cycles after accepting it, with seeded stalls,
and keeps its contents across resets, like a real memory (a reset of the DUT drops the responses still
pending: the DUT forgets those loads).
"""

from __future__ import annotations

import random
import re
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import cocotb
from cocotb.triggers import FallingEdge
from pyuvm import uvm_component

from dfv.tb.common import protocol
from dfv.tb.common.bench import TB
from dfv.tb.common.signals import SignalXError, read_int, try_u
from dfv.tb.common.sv_bench import GEN_REGS, MASK32, warm, write_pattern
from dfv.tb.common.traffic import Consumer, Pattern

COMMENT = re.compile(r"//[^\n]*")


FILES_PLUSARG = "dfv_files"


@dataclass
class Request:
    """One request the model accepted on `mem_req`."""

    epoch: int
    offered: int  # cycle the DUT first offered it
    accepted: int  # cycle of the mem_req handshake
    we: int
    addr: int
    wdata: int
    due: int = 0  # loads: first cycle the response may be presented
    answered: int | None = None  # loads: cycle of the mem_resp handshake
    answers: int = 0


def answer_errors(requests: list[Request]) -> list[str]:
    """Loads among `requests` (one reset epoch's) never answered, and loads answered more than once."""
    loads = [r for r in requests if not r.we]
    unanswered = [r for r in loads if r.answers == 0]
    extra = [r for r in loads if r.answers > 1]
    errors = []
    if unanswered:
        errors.append(f"memory model: {len(unanswered)} load request(s) never answered (first: address "
                      f"{unanswered[0].addr:#x}, accepted at cycle {unanswered[0].accepted})")
    if extra:
        errors.append(f"memory model: {len(extra)} load request(s) answered more than once")
    return errors


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
    """Python side of a `dfv_mem_model` (see its header and the module docstring for the protocol). The
    contents are loaded, and the logs and contents read back, in bulk through files (`$readmemh` /
    `$writememh` in the simulator's working folder), each dump costing one clock cycle of waiting."""

    def configure(self, tb: TB, handle, name: str, width: int, addr_width: int, size: int, latency: int,
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
