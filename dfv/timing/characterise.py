"""`dfv timing --characterise`: the delay table of the lowering's timing-driven buffering.

Every hand-written module is synthesised alone (`synth_ecp5`, as `make timing` does for its area) at every
parameter set the regression builds, and, for the modules a lowered program instantiates at other sizes, at
data widths 1, 8, 32 and 64 and fan-outs N = 2, 4 and 8; `dfv.timing.netdelay` reads each netlist into its
port arcs. The table (`dfv/timing/delays.json`, shipped with the kit) is what `dfv.lowering.timing_buffers`
sums over a generated circuit. A parameter set a module refuses is left out and named.
"""

from __future__ import annotations

import json
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from dfv.sim.provenance import inputs_digest
from dfv.timing.config import TargetKind, TimingConfig
from dfv.timing.flow import YOSYS, FlowError, read_target, run_tool, stage
from dfv.timing.netdelay import HOP_NS, MERGE_NS, ROUTE_NS, TABLE, ModuleArcs, TimingNetlist, module_arcs
from dfv.timing.targets import Target, module_label, module_targets

#: what the table is made from: a change to any of them makes it stale (tests/timing/test_netdelay.py)
TABLE_INPUTS = ("dfv/rtl", "dfv/timing/netdelay.py", "dfv/timing/characterise.py")
#: the extra sizes characterised for an integer module with a data width W or a fan-out N
EXTRA_WIDTHS = (1, 8, 32, 64)
EXTRA_FANOUTS = (2, 4, 8)


@dataclass(frozen=True)
class Characterised:
    """One module at one parameter set and its port timing (None and the reason when Yosys refused it)."""

    target: Target
    arcs: ModuleArcs | None
    error: str | None = None


def characterisation_targets() -> list[Target]:
    """The regression's module targets and, for integer modules, the extra widths and fan-outs."""
    base = module_targets()
    seen = {(t.top, t.params) for t in base}
    out = list(base)
    for t in base:
        if t.kind is not TargetKind.INTEGER:
            continue
        params = dict(t.params)
        variants = []
        if "W" in params:
            variants += [{**params, "W": w} for w in EXTRA_WIDTHS]
        if "N" in params:
            variants += [{**params, "N": n} for n in EXTRA_FANOUTS]
        for v in variants:
            key = (t.top, tuple(sorted(v.items())))
            if key not in seen:
                seen.add(key)
                out.append(Target(module_label(t.top, key[1]), t.top, key[1], t.sources, t.kind, v.get("W", 1)))
    return out


def characterise_one(target: Target, cfg: TimingConfig, work: Path) -> Characterised:
    """Synthesise `target` alone and read its port arcs."""
    folder = work / target.name.replace("[", "_").replace("]", "").replace(",", "_")
    shutil.rmtree(folder, ignore_errors=True)
    files = " ".join(stage(target, folder))
    script = f"{read_target(target, files)}synth_ecp5 -top {target.top} -json alone.json"
    try:
        run_tool([str(YOSYS), "-q", "-l", "synth.log", "-p", script], folder, target, "Yosys", cfg)
    except FlowError as exc:
        return Characterised(target, None, str(exc))
    net = TimingNetlist(folder / "alone.json", target.top)
    return Characterised(target, module_arcs(net, ignore=(target.clock, target.reset)))


def characterise(cfg: TimingConfig, work: Path, jobs: int, progress) -> list[Characterised]:
    """Every characterisation target, `jobs` at a time; `progress(done, total, result)` after each."""
    targets = characterisation_targets()
    done = 0

    def one(t: Target) -> Characterised:
        nonlocal done
        r = characterise_one(t, cfg, work)
        done += 1
        progress(done, len(targets), r)
        return r

    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(one, targets))


def write_table(results: list[Characterised], path: Path = TABLE) -> None:
    """The table: the routing delay per net, the saving per module crossed and, per module, every characterised
    parameter set's arcs."""
    modules: dict[str, list] = {}
    for r in sorted(results, key=lambda r: r.target.name):
        if r.arcs is not None:
            modules.setdefault(r.target.top, []).append({"params": dict(r.target.params), **r.arcs.to_json()})
    path.write_text(json.dumps({"version": 1, "inputs": inputs_digest(TABLE_INPUTS), "route_ns": ROUTE_NS,
                                "merge_ns": MERGE_NS, "hop_ns": HOP_NS, "modules": modules}, indent=1) + "\n")
