"""A reusable cocotb memory model: the external memory behind `handshake_extmemory`'s boundary.

Protocol served (docs/primitives.md): the DUT offers requests on `mem_req` (`1 + AW + W` bits:
`{we, addr, wdata}`) and takes one response per load, in request order, on `mem_resp` (W bits);
stores get no response. The model

- drives `mem_req_ready` with seeded back-pressure (a `traffic.Pattern`), whatever valid does or only
  while a request is offered (`req_consumer`, a `traffic.Consumer`), and applies every request
  in the order it accepts it: a store writes at once, a load reads at once (so a load accepted after
  a store sees it);
- presents each load's data on `mem_resp` `latency` cycles after accepting the load (latency 1: the
  cycle after the `mem_req` handshake), in order, with seeded stalls of the response valid; once
  valid it holds valid and data until the DUT takes the response;
- checks the DUT's side of the protocol (a `mem_req` offer keeps valid and data until taken) and that
  every load request is answered exactly once: `end_check()` reports unanswered requests (in the
  current reset epoch) and extra responses; with `check_resp_ready`, also that `mem_resp_ready` is 0
  while no load is outstanding (loads on offer on `mem_req` or accepted and not answered), as
  `handshake_extmemory` documents: a DUT that raised it then would take a response to no request
  from a memory that sent one;
- keeps its contents (`contents`, a dict address -> word, default 0) across resets, like a real
  memory: a reset of the DUT drops the responses still pending (the DUT forgets those loads) and
  `contents_at_reset[epoch]` records the contents each epoch started from.

It hooks into the `TB` loop like the channel agent (sample mid-cycle, drive after the rising edge),
and logs every request (`requests`) with its cycles for scoreboards and coverage.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from pyuvm import uvm_component

from dfv.tb.common import protocol
from dfv.tb.common.bench import TB
from dfv.tb.common.signals import read_int
from dfv.tb.common.traffic import FULL, Consumer, Pattern, StallGenerator


@dataclass
class Request:
    """One request the model accepted on `mem_req`."""

    epoch: int
    offered: int  # cycle the DUT first offered it
    accepted: int  # cycle of the mem_req handshake
    we: int
    addr: int
    wdata: int
    rdata: int | None = None  # loads: the word read when accepted
    due: int = 0  # loads: first cycle the response may be presented
    answered: int | None = None  # loads: cycle of the mem_resp handshake
    answers: int = 0


def answer_errors(requests: list[Request]) -> list[str]:
    """Loads among `requests` (one reset epoch's) never answered, and loads answered more than once: every
    memory model's end check."""
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


class MemoryModel(uvm_component):
    """The external memory (see the module docstring); `configure` before the run starts."""

    def configure(self, tb: TB, width: int, addr_width: int, latency: int = 1, contents: dict | None = None,
                  req_stall: Pattern = FULL, resp_stall: Pattern = FULL, rng: random.Random | None = None,
                  req: str = "mem_req", resp: str = "mem_resp", req_consumer: Consumer = Consumer.EAGER,
                  check_resp_ready: bool = False) -> None:
        if latency < 1:
            raise ValueError("the memory model's read latency is at least 1 cycle")
        if req_consumer is Consumer.AFTER_VALID:
            raise ValueError("the memory model's mem_req ready is eager or while-valid")
        self.tb, self.width, self.addr_width, self.latency = tb, width, addr_width, latency
        self.req_consumer, self.check_resp_ready = req_consumer, check_resp_ready
        rng = rng or random.Random(0)
        self.rng = rng
        self.req_stall = StallGenerator(req_stall, random.Random(rng.random()))
        self.resp_stall = StallGenerator(resp_stall, random.Random(rng.random()))
        dut = tb.dut
        self.req_valid, self.req_ready, self.req_data = (getattr(dut, f"{req}_{s}") for s in ("valid", "ready", "data"))
        self.resp_valid, self.resp_ready, self.resp_data = (getattr(dut, f"{resp}_{s}") for s in
                                                             ("valid", "ready", "data"))
        self.contents: dict[int, int] = dict(contents or {})
        self.contents_at_reset: dict[int, dict[int, int]] = {}
        self.requests: list[Request] = []
        self.pending: deque[Request] = deque()
        self.presenting: Request | None = None
        self.errors: list[str] = []
        self.req_stall_runs: list[int] = []
        self.resp_stall_runs: list[int] = []
        self._req_wait = 0
        self._req_held: int | None = None
        self._resp_wait = 0
        self._ready = 0
        self.activity = 0  # handshakes on either channel (for deadlock detection)
        self.resp_ready_raised = 0  # cycles mem_resp_ready was seen high with no load outstanding
        tb.samplers.append(self.sample)
        tb.drivers.append(self.drive)
        if req_consumer is Consumer.WHILE_VALID:
            tb.responders.append(self.respond)
        tb.reset_listeners.append(self.on_reset)
        self.req_ready.value = 0
        self._idle_resp()

    # -- the TB loop ----------------------------------------------------------------------------
    def outstanding(self) -> int:
        """Loads the DUT has issued and not had answered (read mid-cycle, before this cycle's handshakes): those
        the model accepted and has not answered, and one on offer on `mem_req`."""
        offered = read_int(self.req_valid) == 1 and read_int(self.req_data) >> (self.addr_width + self.width) & 1 == 0
        return len(self.pending) + (self.presenting is not None) + offered

    def read_resp_ready(self) -> int:
        """`mem_resp_ready` as the ready check sees it (a must-fail test overrides this)."""
        return read_int(self.resp_ready)

    def expected_errors(self) -> list[str]:
        """What a must-fail test using this class expects (nothing: it fakes no fault)."""
        return []

    def sample(self) -> None:
        cycle, epoch = self.tb.cycle, self.tb.epoch
        if self.check_resp_ready and self.read_resp_ready() == 1 and self.outstanding() == 0:
            self.resp_ready_raised += 1
            if self.resp_ready_raised <= 3:
                self.errors.append(protocol.resp_ready_idle(cycle))
        if read_int(self.req_valid) == 1:
            data = read_int(self.req_data)
            if self._req_held is not None and data != self._req_held:
                self.errors.append(protocol.data_changed("mem_req", f"{self._req_held:#x}", f"{data:#x}", cycle))
            if self._ready:
                w, aw = self.width, self.addr_width
                req = Request(epoch, cycle - self._req_wait, cycle, data >> (aw + w) & 1,
                              data >> w & ((1 << aw) - 1), data & ((1 << w) - 1))
                self.apply(req)
                self.req_stall_runs.append(self._req_wait)
                self._req_wait, self._req_held = 0, None
                self.activity += 1
            else:
                self._req_wait += 1
                self._req_held = data
        elif self._req_held is not None:
            self.errors.append(protocol.valid_dropped("mem_req", cycle, "request"))
            self._req_wait, self._req_held = 0, None
        if self.presenting is not None:
            if read_int(self.resp_ready) == 1:
                self.presenting.answered = cycle
                self.presenting.answers += 1
                self.resp_stall_runs.append(self._resp_wait)
                self._resp_wait = 0
                self.presenting = None
                self.activity += 1
            else:
                self._resp_wait += 1

    def apply(self, req: Request) -> None:
        """Perform an accepted request on the contents, in acceptance order."""
        self.requests.append(req)
        if req.we:
            self.contents[req.addr] = req.wdata
            return
        if req.wdata != 0:
            self.errors.append(protocol.load_wdata(req.addr, req.accepted, req.wdata))
        req.rdata = self.contents.get(req.addr, 0)
        req.due = req.accepted + self.latency
        self.pending.append(req)

    def drive(self) -> None:
        if self.req_consumer is Consumer.EAGER:
            self._ready = 1 if self.req_stall.go() else 0
            self.req_ready.value = self._ready
        if self.presenting is None:
            if self.pending and self.pending[0].due <= self.tb.cycle and self.resp_stall.go():
                self.presenting = self.pending.popleft()
                self.resp_data.value = self.presenting.rdata
                self.resp_valid.value = 1
            else:
                self._idle_resp()

    def respond(self) -> None:
        """A while-valid `mem_req` ready: the pattern's go only in a cycle a request is offered (the same
        cycles as the eager ready takes a request in)."""
        go = self.req_stall.go()
        self._ready = 1 if go and read_int(self.req_valid) == 1 else 0
        self.req_ready.value = self._ready

    def _idle_resp(self) -> None:
        self.resp_valid.value = 0
        self.resp_data.value = self.rng.getrandbits(self.width)

    def on_reset(self) -> None:
        """The DUT is reset: it forgets its outstanding loads, so their responses are dropped."""
        self.contents_at_reset[self.tb.epoch] = dict(self.contents)
        self.pending.clear()
        self.presenting = None
        self._req_wait, self._req_held, self._resp_wait = 0, None, 0
        self._ready = 0
        self.req_ready.value = 0
        self._idle_resp()

    # -- results ----------------------------------------------------------------------------------
    def epoch_requests(self, epoch: int) -> list[Request]:
        return [r for r in self.requests if r.epoch == epoch]

    def busy(self) -> bool:
        """Whether a load is still waiting for its response."""
        return bool(self.pending) or self.presenting is not None

    def end_check(self) -> list[str]:
        """Protocol errors, loads of the current epoch never answered, and loads answered more than once."""
        return self.errors + answer_errors(self.epoch_requests(self.tb.epoch))
