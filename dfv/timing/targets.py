"""What `make timing` times: every hand-written module at every parameter set the regression builds, and
every kernel of the regression as its generated top (lowered as the kernel suites lower it); on request
(`dfv timing --program`, `--rtl`) a program of the user's as `dfv lower` makes it, or another flow's circuit
as it is written."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dfv.circt.flow import CIRCT_CLOCK, CIRCT_RESET
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.kernels import kernel_func, kernel_path
from dfv.lowering.timing_plan import ClockTarget
from dfv.lowering.topgen import instance_name, module_name
from dfv.paths import REPO, RTL_DIR
from dfv.sim.hierarchy import needed_sources
from dfv.sim.kernel import prepare
from dfv.sim.regress import load_jobs
from dfv.sim.tables import param_label
from dfv.sim.toolchain import rtl_sources
from dfv.timing.config import TargetKind
from dfv.timing.wrapper import CLOCK, RESET

# Parameters that are data widths: an integer word (W, IW, OW, SW) or a float's exponent and fraction
# (EW + FW + 1 bits, also IEW/IFW and OEW/OFW of a conversion).
WORD_PARAMS = ("W", "IW", "OW", "SW")
FLOAT_PARAMS = (("EW", "FW"), ("IEW", "IFW"), ("OEW", "OFW"))


@dataclass(frozen=True)
class Target:
    """One design to time: module `top` at `params`, read from `sources`; `width` is its widest data word (the
    goals depend on it); `origins` names a generated top's instances (`u_<node>` -> the MLIR operation and
    its location), so a critical path through a kernel names the program's lines; `clock` and `reset` name
    its clock and (synchronous, active-high) reset ports (another flow's RTL: CIRCT's `clock`, `reset`);
    `model_mhz` is the delay model's clock of a program lowered for a clock target (`TimingPlan.after`, the
    lowering's promise that the report sets beside nextpnr's figure; None: no target, or not a program)."""

    name: str
    top: str
    params: tuple[tuple[str, int], ...]
    sources: tuple[Path, ...]
    kind: TargetKind
    width: int
    origins: tuple[tuple[str, str], ...] = ()
    clock: str = CLOCK
    reset: str = RESET
    model_mhz: float | None = None


def data_width(params: dict[str, int]) -> int:
    """The widest data word that `params` give a module (1 for a control-only module)."""
    widths = [params[p] for p in WORD_PARAMS if p in params]
    widths += [1 + params[e] + params[f] for e, f in FLOAT_PARAMS if e in params and f in params]
    return max(widths, default=1)


def module_label(top: str, params: tuple[tuple[str, int], ...]) -> str:
    """`arith_binop[OP=0,W=32]`, as the regression labels its suites (`param_label`); a module without
    parameters by its bare name."""
    return param_label(top, params) if params else top


def module_targets() -> list[Target]:
    """Every (module, parameter set) the regression builds, once each, in name order."""
    seen = sorted({(j.toplevel, j.params) for j in load_jobs() if j.kernel is None})
    out = []
    for top, params in seen:
        sources = tuple(needed_sources(top))
        kind = TargetKind.FLOAT if any(p.parent == RTL_DIR / "fp" for p in sources if p.stem == top) \
            else TargetKind.INTEGER
        out.append(Target(module_label(top, params), top, params, sources, kind, data_width(dict(params))))
    return out


def kernel_names() -> list[str]:
    """Every kernel the regression's kernel suites run, in name order."""
    return sorted({k for j in load_jobs() if j.kernel is not None for k in j.kernel.kernels})


def kernel_target(name: str, target_mhz: ClockTarget | None = None) -> Target:
    """Kernel `name` (kernels/<name>.mlir) lowered with the defaults the kernel suites use (and for a `target_mhz`
    clock, `dfv lower --target-mhz`), as its generated top with the whole RTL library. Raises LoweringError if it
    does not lower."""
    return program_target(kernel_path(name), kernel_func(name), target_mhz=target_mhz, name=f"kernel:{name}")


def program_target(path: Path, func: str | None, index_width: int = DEFAULT_INDEX_WIDTH,
                   target_mhz: ClockTarget | None = None, name: str | None = None) -> Target:
    """Function `func` of the MLIR file `path` (None: the one it holds) lowered as `dfv lower` lowers it, as its
    generated top with the whole RTL library; named `name`, by default `program:<file stem>[@func]`. Raises
    LoweringError if it does not lower (the message names the file and the line)."""
    prog = prepare(path, func, index_width=index_width, target_mhz=target_mhz)
    g = prog.g
    # `arith.muli at kernels/dot_product.mlir:9:5` (the program's path as the checkout names it)
    origins = tuple(sorted((instance_name(nid), g.origin_op(nid).replace(f"{REPO}/", "")) for nid in g.nodes))
    label = name or f"program:{Path(path).stem}" + (f"@{func}" if func else "")
    plan = prog.lowered.timing
    return Target(label, module_name(g), (), (*rtl_sources(), prog.top_sv), TargetKind.KERNEL,
                  max((c.width for c in g.channels), default=1), origins,
                  model_mhz=None if plan is None else plan.after.mhz)


def circuit_target(sources: tuple[Path, ...], top: str, width: int, clock: str = CIRCT_CLOCK,
                   reset: str = CIRCT_RESET) -> Target:
    """Another flow's circuit (CIRCT's, Dynamatic's) as it is written: module `top` of `sources`, with its clock
    and synchronous active-high reset ports; `width` its widest port (`dfv.timing.flow.elaborated_circuit`). Timed
    as a whole program is, against the kernel goal; named `rtl:<top>`."""
    return Target(f"rtl:{top}", top, (), sources, TargetKind.KERNEL, width, clock=clock, reset=reset)
