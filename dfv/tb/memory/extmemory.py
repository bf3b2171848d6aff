"""Testbench of `handshake_extmemory` (storage outside the module) against `dfv.golden.memory.ExtMemory`,
with the external memory played by the harness's memory model (`dfv_mem_model`, `dfv.tb.common.sv_memory`).

The model starts from a seeded random image over the whole address space, serves `mem_req` with
seeded back-pressure and answers loads after `MODEL_LATENCY` cycles with seeded response stalls
(the `mem_req` / `mem_resp` entries of the test's traffic patterns). `ExtMemoryScoreboard` feeds the
golden model per cycle with the accesses the DUT accepted (at most one per cycle, checked) and checks:

- every output stream exactly (load data per port, done tokens per port);
- the request order: the requests the memory model accepted on `mem_req` are, one for one, the
  accepted accesses in order (`{we, addr, wdata}`, wdata 0 for loads), each offered on `mem_req` the
  cycle after its access was accepted;
- the exact order of done tokens: `st_done[i]` is a two-deep queue, so a store's token is offered in the
  cycle its request appears on `mem_req`, or the cycle after the port's previous token is taken if that
  is later (`queued_offers`); `ld_data[j]` and `ld_done[j]` the cycle after the memory's response to that
  load;
- the final contents of the model equal the golden image; every load request was answered exactly
  once (model); `err_code` stays 0 (no range check in this interface);
- at_init is 0 while the module holds something (`dfv.tb.common.init_state`): the golden replay, plus every
  cycle a request is offered on `mem_req` and every cycle a load is outstanding at the memory;
- `mem_resp_ready` is 0 while no load is outstanding (the model's `check_resp_ready`).

Beside the standard tests: `ExtMemoryUnusedPortTest` (with NST = 0 or NLD = 0 the unused port carries
garbage and must be ignored, `DummyPortGarbage`) and expected-failure tests of that check and of the
`mem_resp_ready` check (the harness's `mem_model_fake_resp_ready` makes the model see the ready high once).

Coverage: ports fired, contention between ports, outstanding loads up to MAXOUT, read latency,
back-pressure on `mem_req` and stalls on `mem_resp`, a load following a store to the same address, a store's
done token queued behind its port's previous one (the done queue's second slot used).
"""

from __future__ import annotations

import random
import re

import cocotb
from cocotb.triggers import FallingEdge
from pyuvm import ConfigDB, uvm_factory

from dfv.golden.core import Machine, RunResult
from dfv.golden.memory import ExtMemory
from dfv.tb.common import variants
from dfv.tb.common.channel_spec import MemorySpec, Observed
from dfv.tb.common.fcov import STALL_BINS, sample_hits, sample_point, stall_bin
from dfv.tb.common.init_state import Busy
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_env import OpEnv
from dfv.tb.common.op_harness import MEMORY_LOG_DEPTH
from dfv.tb.common.op_scoreboard import Fault
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import BurstyMixin, FullRateMixin, HeavyBackpressureMixin, standard_tests
from dfv.tb.common.sv_memory import SvMemoryModel
from dfv.tb.common.traffic import channel_rng
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, offer_cycle, random_word
from dfv.tb.memory.common import (
    MemoryBursts,
    MemoryScoreboard,
    UnusedPortCaughtMixin,
    UnusedPortEnv,
    UnusedPortMixin,
    accesses,
    dummy_tie_offs,
    expecting,
    ports,
)
from dfv.tb.memory.memory import PORT_CONFIGS, port_config

NAME = "handshake_extmemory"
LATENCY_BINS = ("1", "2", "3", "4")
MEMORY = "mem_model"  # the memory model's instance in the harness (`mem` would hide the model's array `mem`)
MAX_IMAGE = 4096  # words of the model's contents (addresses above read 0)


def queued_offers(requested: list[int], taken: list[int]) -> list[int]:
    """The cycles a store port's done tokens are offered (`st_done[i]`, a two-deep queue in the RTL): token k
    in the cycle its request appears on `mem_req` (`requested[k]`) or the cycle after token k - 1 is taken
    (`taken[k - 1]`), whichever is later. The list stops at the first token whose predecessor is never taken
    (it waits in the queue, and nothing is observed of it)."""
    offers: list[int] = []
    for k, cycle in enumerate(requested):
        if k == 0:
            offers.append(cycle)
        elif k - 1 < len(taken):
            offers.append(max(cycle, taken[k - 1] + 1))
        else:
            break
    return offers


def store_done_offers(observed: dict[str, list[Observed]], accs: list, reqs: list, port: int) \
        -> tuple[list[int], list[int]]:
    """Store port `port`: the cycles its requests appeared on `mem_req` (`reqs`, one for one with the accepted
    accesses `accs`) and the cycles its done tokens are offered by the queue's rule (`queued_offers`)."""
    requested = [r.offered for a, r in zip(accs, reqs, strict=False) if a.kind == "st" and a.port == port]
    return requested, queued_offers(requested, [o.cycle for o in observed[f"st_done[{port}]"]])


def make_config(params: dict) -> OpConfig:
    w, aw, maxout = int(params["W"]), int(params["AW"]), int(params.get("MAXOUT", 4))
    n_load, n_store = ports(params)

    def model(contents=None):
        return ExtMemory(w, aw, n_load, n_store, contents, maxout)

    return OpConfig.from_model(NAME, model, params, status=(("err_code", "error"),),
                               tie_offs=dummy_tie_offs(n_load, n_store),
                               memories=(MemorySpec(MEMORY, w, aw, min(1 << aw, MAX_IMAGE)),))


class ExtMemoryEnv(UnusedPortEnv, OpEnv):
    """The operation environment plus the memory model on `mem_req` / `mem_resp`, starting from a seeded
    random image, with the test's read latency and the traffic's `mem_req` / `mem_resp` patterns."""

    def build_phase(self):
        super().build_phase()
        spec = self.cfg.memories[0]
        seed = variants.seed()
        traffic = ConfigDB().get(self, "", "TRAFFIC")
        rng = random.Random(f"{seed}:contents")
        contents = {a: random_word(rng, spec.width) for a in range(spec.size)}
        self.latency = ConfigDB().get(self, "", "MEMORY_LATENCY")
        self.memory = SvMemoryModel.create("memory_model", self)
        self.memory.configure(self.tb, getattr(cocotb.top, spec.name), spec.name, spec.width, spec.addr_width,
                              spec.size, self.latency, contents, req_stall=traffic.for_channel("mem_req", False),
                              resp_stall=traffic.for_channel("mem_resp", True), rng=channel_rng(seed, "mem", "model"),
                              check_resp_ready=True, log_depth=MEMORY_LOG_DEPTH)
        self.memories[spec.name] = self.memory

    def capture_end_state(self) -> None:
        super().capture_end_state()
        self.end_errors.extend(self.memory.end_check())


class ExtMemoryScoreboard(MemoryScoreboard):
    def initial_contents(self, epoch: int):
        return dict(self.get_parent().memory.contents_at_reset.get(epoch, {}))

    def busy_spans(self, epoch: int, observed: dict[str, list[Observed]]) -> list[Busy]:
        """The golden replay's spans, plus the external side: a request offered on `mem_req` until the memory
        takes it, a load from then until its response is taken (at_init must be 0 in those cycles)."""
        spans = super().busy_spans(epoch, observed)
        for r in self.get_parent().memory.epoch_requests(epoch):
            what = f"{'store' if r.we else 'load'} of address {r.addr:#x}"
            spans.append(Busy(r.offered, r.accepted, f"a {what} offered on mem_req since cycle {r.offered}"))
            if not r.we:
                spans.append(Busy(r.accepted + 1, r.answered, f"a {what} outstanding at the memory since cycle "
                                  f"{r.accepted + 1}"))
        return spans

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        env = self.get_parent()
        accs, errors = accesses(observed, self.n_load, self.n_store)
        cycles = [a.cycle for a in accs]
        if len(set(cycles)) != len(cycles):
            errors.append("more than one access accepted in one cycle (the single mem_req allows one)")
        reqs = env.memory.epoch_requests(env.tb.epoch)
        expected = [(1, a.addr, a.data) if a.kind == "st" else (0, a.addr, 0) for a in accs]
        got = [(r.we, r.addr, r.wdata) for r in reqs]
        if got != expected:
            k = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b),
                     min(len(got), len(expected)))
            want = expected[k] if k < len(expected) else "none"
            errors.append(f"mem_req order: request {k} is {got[k] if k < len(got) else 'missing'} "
                          f"(we, addr, wdata), the accepted accesses give {want} "
                          f"({len(got)} requests for {len(expected)} accesses)")
        late = [(a, r) for a, r in zip(accs, reqs, strict=False) if r.offered != a.cycle + 1]
        if late:
            a, r = late[0]
            errors.append(f"mem_req timing: the {a.label} access accepted in cycle {a.cycle} was offered on mem_req "
                          f"in cycle {r.offered} (expected the next cycle) ({len(late)} such)")
        for kind, n in (("st", self.n_store), ("ld", self.n_load)):
            for port in range(n):
                if kind == "st":
                    want = {f"st_done[{port}]": store_done_offers(observed, accs, reqs, port)[1]}
                else:
                    mine = [r for a, r in zip(accs, reqs, strict=False) if a.kind == kind and a.port == port]
                    due = [None if r.answered is None else r.answered + 1 for r in mine]
                    want = {f"ld_data[{port}]": due, f"ld_done[{port}]": due}
                for name, cycles_wanted in want.items():
                    seen = [offer_cycle(o) for o in observed[name]]
                    if seen != cycles_wanted:
                        k = next((i for i, (x, y) in enumerate(zip(seen, cycles_wanted, strict=False)) if x != y),
                                 min(len(seen), len(cycles_wanted)))
                        errors.append(f"done-token order: {name} token {k} offered in cycle "
                                      f"{seen[k] if k < len(seen) else 'never'}, expected "
                                      f"{cycles_wanted[k] if k < len(cycles_wanted) else 'none'}")
        final, model = env.memory.contents, machine.contents
        diff = sorted(a for a in set(final) | set(model) if final.get(a, 0) != model.get(a, 0))
        if diff:
            errors.append(f"final contents: the memory model differs from the golden image at {len(diff)} "
                          f"address(es), first {diff[0]:#x}: {final.get(diff[0], 0):#x} vs {model.get(diff[0], 0):#x}")
        return errors

    def fault_errors(self, fault: Fault) -> list[str]:
        """A done token the DUT is seen to repeat is also offered in a cycle its request does not give."""
        errors = super().fault_errors(fault)
        if fault.dut and fault.kind == "extra":
            cycle = offer_cycle(self.final_observed[fault.channel][fault.index])
            errors.append(rf"^done-token order: {re.escape(fault.channel)} token {fault.index + 1} offered in cycle "
                          rf"{cycle}, expected ")
        return errors


class ExtMemoryCoverage(FamilyCoverage):
    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        sample_point(f"{NAME}.burst_kind", ("aligned", "random"), item.kind)

    def sample_run(self, run: RunResult) -> None:
        super().sample_run(run)
        env = self.get_parent()
        n_load, n_store = ports(self.cfg.params)
        sample_point(f"{NAME}.ports", PORT_CONFIGS, port_config(n_load, n_store))
        sample_point(f"{NAME}.model_latency", LATENCY_BINS, str(min(env.latency, 4)))
        for wait in env.memory.req_stall_runs:
            sample_point(f"{NAME}.stall.mem_req", STALL_BINS, stall_bin(wait))
        for wait in env.memory.resp_stall_runs:
            sample_point(f"{NAME}.stall.mem_resp", STALL_BINS, stall_bin(wait))

    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        env = self.get_parent()
        n_load, n_store = ports(self.cfg.params)
        maxout = int(self.cfg.params.get("MAXOUT", 4))
        accs, _ = accesses(observed, n_load, n_store)
        spans = [(c.name, offer_cycle(o), o.cycle) for c in self.cfg.inputs for o in observed[c.name]]
        for a in accs:
            sample_point(f"{NAME}.port_fired", ("st[0]", "st[1]", "ld[0]", "ld[1]"), a.label)
            own = {f"st_data[{a.port}]", f"st_addr[{a.port}]"} if a.kind == "st" else {f"ld_addr[{a.port}]"}
            others = any(name not in own and start <= a.cycle <= end for name, start, end in spans)
            sample_point(f"{NAME}.contention", ("alone", "contended"), "contended" if others else "alone")
        if n_load and n_store:  # a load within three accesses of a store to its address
            hazards = 0
            for k, a in enumerate(accs):
                if a.kind == "ld" and any(b.kind == "st" and b.addr == a.addr and a.cycle - b.cycle <= 3
                                          for b in accs[max(0, k - 3):k]):
                    hazards += 1
            sample_hits(f"{NAME}.hazard", "load_after_store_same_addr", hazards)
        reqs = env.memory.epoch_requests(env.tb.epoch)
        for port in range(n_store):
            requested, offers = store_done_offers(observed, accs, reqs, port)
            queued = any(o != r for o, r in zip(offers, requested, strict=False))  # a token offered after its request
            sample_hits(f"{NAME}.st_done_queue", "second_slot", int(queued))
        issued = sorted(a.cycle for a in accs if a.kind == "ld")
        answered = sorted(r.answered for r in reqs if not r.we and r.answered is not None)
        if issued:
            bins = ("none", "max") if maxout == 1 else ("none", "some", "max")
            i = j = 0
            for cycle in range(issued[0], answered[-1] + 2 if answered else issued[0] + 1):
                while i < len(issued) and issued[i] < cycle:
                    i += 1
                while j < len(answered) and answered[j] < cycle:
                    j += 1
                held = i - j
                state = "none" if held == 0 else ("max" if held >= maxout else "some")
                sample_point(f"{NAME}.MAXOUT{maxout}.outstanding", bins, state)


FAMILIES = {NAME: Family(make_config, (MemoryBursts,), ExtMemoryCoverage, ExtMemoryScoreboard)}


class ExtMemoryTest(FamilyTest):
    FAMILIES = FAMILIES
    ENV = ExtMemoryEnv
    MODEL_LATENCY = 2
    # read latency of the memory model per standard test: full rate 1, bursty 3, heavy back-pressure 4
    LATENCY_BY_MIXIN = ((FullRateMixin, 1), (BurstyMixin, 3), (HeavyBackpressureMixin, 4))

    def model_latency(self) -> int:
        return next((lat for mixin, lat in self.LATENCY_BY_MIXIN if isinstance(self, mixin)), self.MODEL_LATENCY)

    def build_phase(self):
        ConfigDB().set(None, "*", "MEMORY_LATENCY", self.model_latency())
        super().build_phase()


for _test in standard_tests(ExtMemoryTest, "ExtMemory"):
    globals()[_test.__name__] = register(_test)


@register
class ExtMemoryUnusedPortTest(UnusedPortMixin, ExtMemoryTest):
    """NST = 0 / NLD = 0: the unused port's inputs carry garbage (valids high, random addresses, data and
    readies) instead of tie-offs; the interface must ignore it (its readies and output valids stay 0 every
    cycle, no request for it on mem_req) and every check of the random test still holds. With ports of both
    kinds: the random test."""


@register
class ExtMemoryUnusedPortCaughtTest(UnusedPortCaughtMixin, ExtMemoryTest):
    """Expected failure: the unused-port test with one output of the unused port seen at 1 once: exactly the
    unused-port check must fire (with ports of both kinds there is no unused port, and nothing may fail)."""


@register
class ExtMemoryRespReadyCaughtTest(ExtMemoryTest):
    """Expected failure: `mem_resp_ready` seen at 1 by the memory model for one cycle right after the reset,
    with no load outstanding (as an interface that would take a response to no request): exactly the memory
    model's ready check must fire."""

    SAMPLE_COVERAGE = False

    def overrides(self) -> None:
        uvm_factory().set_type_override_by_type(self.SCOREBOARD, expecting(self.SCOREBOARD))

    async def stimulus(self) -> None:
        fake = getattr(self.env.tb.dut, f"{MEMORY}_fake_resp_ready")
        fake.value = 1
        await FallingEdge(self.env.tb.clk)
        fake.value = 0
        self.env.expected_errors.append(r"^mem_resp_ready is 1 at cycle \d+ with no load outstanding \(it must be 0: ")
        await super().stimulus()
