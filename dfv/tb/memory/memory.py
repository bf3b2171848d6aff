"""Testbench of `handshake_memory` (internal storage) against `dfv.golden.memory.Memory`.

The test writes a seeded random image into the module's `mem_q` (inside its harness) after the first reset
(nothing is in flight then) and gives the same image to the model. With `RELOAD` = 1 it writes nothing: the
module's own reset must have loaded its `INIT` words, which the model starts from in every reset epoch.
`MemoryScoreboard` feeds the model per cycle with the
accesses the DUT accepted (stores by port, then loads by port: write-first, a later store port wins
a same-cycle write) and checks:

- every output stream exactly (load data per port, done tokens per port);
- the exact order of done tokens: every `st_done[i]` / `ld_done[j]` (and `ld_data[j]`) is offered
  exactly one cycle after its access was accepted, so ordered by offer cycle (same-cycle ties in the
  documented service order) the done tokens equal the model's service order, access for access;
- the final contents: `mem_q` read at the end equals the model's image (each reset epoch starts from
  what the previous one left: `rst` does not clear the storage; with `RELOAD` = 1 from `INIT`);
- the sticky out-of-range error 0x120 (`err_code`, `err_valid`) against the model's.

Beside the standard tests: `MemoryErrorFreeTest` (every address in range: err_code / err_valid must end 0,
like the model's), `MemoryUnusedPortTest` (with NST = 0 or NLD = 0 the unused port carries garbage and must
be ignored, `DummyPortGarbage`), and an expected-failure test for each of their checks.

Coverage: accesses served per cycle (up to every port at once), same-cycle store/load and
store/store to one address, out-of-range loads and stores, which ports fired, port configuration.
"""

from __future__ import annotations

import random
import re

from dfv.golden.core import Machine, RunResult
from dfv.golden.memory import Memory
from dfv.tb.common import variants
from dfv.tb.common.channel_spec import Observed
from dfv.tb.common.fcov import sample_point
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_env import OpEnv
from dfv.tb.common.op_harness import DUT_INSTANCE
from dfv.tb.common.op_scoreboard import Fault
from dfv.tb.common.op_sequence import OpItem
from dfv.tb.common.op_test import record_cycles, standard_tests
from dfv.tb.common.signals import read_int
from dfv.tb.common.variants import register
from dfv.tb.handshake.common import Family, FamilyCoverage, FamilyTest, offer_cycle
from dfv.tb.memory.common import (
    ErrorFreeMixin,
    ExpectStatusFault,
    MemoryBursts,
    MemoryScoreboard,
    UnusedPortCaughtMixin,
    UnusedPortEnv,
    UnusedPortMixin,
    accesses,
    dummy_tie_offs,
    ports,
    random_contents,
)

NAME = "handshake_memory"
PORT_CONFIGS = ("loads_only", "stores_only", "loads_and_stores")


def make_config(params: dict) -> OpConfig:
    w, aw, depth = int(params["W"]), int(params["AW"]), int(params["DEPTH"])
    n_load, n_store = ports(params)

    def model(contents=None):
        return Memory(w, aw, depth, n_load, n_store, contents)

    return OpConfig.from_model(NAME, model, params, status=(("err_code", "error"),),
                               tie_offs=dummy_tie_offs(n_load, n_store))


def init_words(init: int, width: int, depth: int) -> list[int]:
    """The words of parameter `INIT` (word i in bits [i*W +: W])."""
    return [(init >> (i * width)) & ((1 << width) - 1) for i in range(depth)]


def port_config(n_load: int, n_store: int) -> str:
    return PORT_CONFIGS[0] if not n_store else (PORT_CONFIGS[1] if not n_load else PORT_CONFIGS[2])


class MemoryEnv(UnusedPortEnv, OpEnv):
    """Writes the initial image into `mem_q` and reads `mem_q` back at the end (and drives the unused port
    with garbage in the unused-port tests)."""

    def build_phase(self):
        super().build_phase()
        p = self.cfg.params
        rng = random.Random(f"{variants.seed()}:contents")
        self.reload = int(p.get("RELOAD", 0)) == 1
        if self.reload:
            self.initial_contents = init_words(int(p.get("INIT", 0)), int(p["W"]), int(p["DEPTH"]))
        else:
            self.initial_contents = random_contents(rng, int(p["W"]), int(p["DEPTH"]))
        self.final_memory: list[int] = []
        self.mem_q = getattr(self.tb.dut, DUT_INSTANCE).mem_q

    def load_image(self) -> None:
        if self.reload:
            return  # the reset loaded INIT
        for i, v in enumerate(self.initial_contents):
            self.mem_q[i].value = v

    def capture_end_state(self) -> None:
        super().capture_end_state()
        self.final_memory = [read_int(self.mem_q[i]) for i in range(len(self.initial_contents))]


class InternalMemoryScoreboard(MemoryScoreboard):
    def initial_contents(self, epoch: int):
        env = self.get_parent()
        if env.reload:
            return list(env.initial_contents)
        return list(self.previous_contents(epoch, env.initial_contents))

    def extra_checks(self, observed: dict[str, list[Observed]], machine: Machine, run: RunResult) -> list[str]:
        accs, errors = accesses(observed, self.n_load, self.n_store)
        if getattr(self.get_parent().get_parent(), "ERROR_FREE", False) and machine.error:
            errors.append(f"error-free test: the model raised {machine.error:#x}: the stimulus has a cause of error")
        # order of done tokens: offered one cycle after the access, in the model's service order
        expected = [(cycle + 1, label) for cycle, label in self.service[max(self.service)]]
        seen = sorted(((offer_cycle(o), name.replace("_done", "")) for name in observed if "_done" in name
                       for o in observed[name]), key=lambda t: (t[0], t[1][:2] != "st", t[1]))
        if seen != expected:
            k = next((i for i, (a, b) in enumerate(zip(seen, expected, strict=False)) if a != b),
                     min(len(seen), len(expected)))
            errors.append(f"done-token order: done token {k} is {seen[k] if k < len(seen) else 'missing'} "
                          f"(offer cycle, port), the model's service order gives "
                          f"{expected[k] if k < len(expected) else 'none'}")
        for j in range(self.n_load):
            data = [offer_cycle(o) for o in observed[f"ld_data[{j}]"]]
            done = [offer_cycle(o) for o in observed[f"ld_done[{j}]"]]
            if data != done:
                errors.append(f"ld_data[{j}] and ld_done[{j}] are not offered together (offer cycles {data[:8]} "
                              f"vs {done[:8]})")
        final = self.get_parent().final_memory
        if final != machine.contents:
            diff = [i for i, (a, b) in enumerate(zip(final, machine.contents, strict=False)) if a != b]
            errors.append(f"final contents: mem_q differs from the model at {len(diff)} address(es), first "
                          f"{diff[0]}: mem_q {final[diff[0]]:#x}, model {machine.contents[diff[0]]:#x}")
        return errors

    def fault_errors(self, fault: Fault) -> list[str]:
        """A done token the DUT is seen to repeat is also out of the model's service order."""
        errors = super().fault_errors(fault)
        if fault.dut and fault.kind == "extra":
            cycle = offer_cycle(self.final_observed[fault.channel][fault.index])
            port = re.escape(fault.channel.replace("_done", ""))
            errors.append(rf"^done-token order: done token \d+ is \({cycle}, '{port}'\) \(offer cycle, port\), ")
        return errors


class InternalMemoryCoverage(FamilyCoverage):
    def sample_item(self, item: OpItem) -> None:
        super().sample_item(item)
        sample_point(f"{NAME}.burst_kind", ("aligned", "out_of_range", "random"), item.kind)

    def sample_run(self, run: RunResult) -> None:
        super().sample_run(run)
        n_load, n_store = ports(self.cfg.params)
        sample_point(f"{NAME}.ports", PORT_CONFIGS, port_config(n_load, n_store))
        err = self.get_parent().final_status.get("err_code", 0)
        sample_point(f"{NAME}.error", ("raised", "clean"), "raised" if err else "clean")

    def sample_observed(self, observed: dict[str, list[Observed]]) -> None:
        n_load, n_store = ports(self.cfg.params)
        depth = int(self.cfg.params["DEPTH"])
        accs, _ = accesses(observed, n_load, n_store)
        cycles: dict[int, list] = {}
        for a in accs:
            cycles.setdefault(a.cycle, []).append(a)
            sample_point(f"{NAME}.port_fired", ("st[0]", "st[1]", "ld[0]", "ld[1]"), a.label)
            sample_point(f"{NAME}.range", ("in_range", "store_out_of_range", "load_out_of_range"),
                         "in_range" if a.addr < depth else f"{'store' if a.kind == 'st' else 'load'}_out_of_range")
        for group in cycles.values():
            sample_point(f"{NAME}.accesses_per_cycle", ("1", "2", "3", "4"), str(min(len(group), 4)))
            st = [a.addr for a in group if a.kind == "st"]
            ld = [a.addr for a in group if a.kind == "ld"]
            if set(st) & set(ld):
                sample_point(f"{NAME}.same_cycle", ("store_load_same_addr", "store_store_same_addr"),
                             "store_load_same_addr")
            if len(set(st)) < len(st):
                sample_point(f"{NAME}.same_cycle", ("store_load_same_addr", "store_store_same_addr"),
                             "store_store_same_addr")


FAMILIES = {NAME: Family(make_config, (MemoryBursts,), InternalMemoryCoverage, InternalMemoryScoreboard)}


class MemoryTest(FamilyTest):
    FAMILIES = FAMILIES
    ENV = MemoryEnv
    ERROR_FREE = False  # the stimulus has no cause of error (checked on the model)

    def after_run(self) -> None:
        """After the end state is captured (a must-fail test injects its fault here)."""

    async def run_phase(self):
        self.raise_objection()
        self.env.tb.start()
        await self.env.tb.reset()
        self.env.load_image()
        await self.env.tb.cycles(1)
        await self.stimulus()
        await self.env.drain()
        self.env.capture_end_state()
        self.after_run()
        record_cycles(type(self).__name__, self.env.tb.cycles_since_reset())
        self.drop_objection()


for _test in standard_tests(MemoryTest, "Memory"):
    globals()[_test.__name__] = register(_test)


@register
class MemoryErrorFreeTest(ErrorFreeMixin, MemoryTest):
    """Accesses all in range (no out-of-range burst): `err_code` and `err_valid` must end 0, compared with the
    model's error, which must be 0 too. Every other test ends with the range error raised, which hides an
    error raised without its cause (on an in-range load, or on a load that did not fire)."""


@register
class MemoryErrorFreeCaughtTest(ErrorFreeMixin, ExpectStatusFault, MemoryTest):
    """Expected failure: the error-free test, with the DUT seen to end with the range error (as a memory that
    raises it on an in-range load would): exactly the status comparison with the model must fail."""


@register
class MemoryUnusedPortTest(UnusedPortMixin, MemoryTest):
    """NST = 0 / NLD = 0: the unused port's inputs carry garbage (valids high, random addresses, data and
    readies) instead of tie-offs; the memory must ignore it (its readies and output valids stay 0 every cycle)
    and every check of the random test still holds. With ports of both kinds: the random test."""


@register
class MemoryUnusedPortCaughtTest(UnusedPortCaughtMixin, MemoryTest):
    """Expected failure: the unused-port test with one output of the unused port seen at 1 once: exactly the
    unused-port check must fire (with ports of both kinds there is no unused port, and nothing may fail)."""
