"""`dfv run`: lower a program, run it on an engine, run the source on xDSL's interpreter, compare.

The result is one JSON-able dict:
`{"status": "pass"|"fail"|"error", "engine": ..., "returns": [...], "memrefs": {"<pos>": [...]},
"cycles": ..., "sim_seconds": ..., "message": "..."}`; `returns` / `memrefs` are what the engine produced
(signed, wrapped to the element width; `i1` as 0/1); `cycles` and `sim_seconds` (the simulation's wall
time, the build excluded) are null for the golden engines.

Engines are looked up in `ENGINES` (name -> callable(Run) -> EngineResult):
- `golden`: the golden-model DFG interpreter with the channel capacities of the generated RTL top
  (`dfv.golden.bounded`): a circuit that deadlocks in hardware for lack of storage deadlocks here too, and
  the message names the channels holding tokens (`cycles` null);
- `golden-unbounded`: the same interpreter with unbounded channels, the pure token semantics;
- `icarus`, `verilator`: the generated top with the RTL library on that simulator, in the kernel
  environment (`dfv.sim.kernel`, `dfv.tb.kernel`): seeded back-pressure on results and memories, the
  scoreboard against the golden DFG run and the source interpreter (its findings, such as a golden
  mismatch, a wrong memory access order, a token left in a channel or a deadlock, are `fail`
  messages), `cycles` from the start token to the last of done and the results;
- `circt-icarus`, `circt-verilator`: CIRCT's own flow makes the circuit (`dfv.circt`: the program's control
  flow as `cf` blocks, or a `handshake.func` as written, through the pass pipeline of `hlstool --dynamic-hw`),
  and that circuit runs in the same environment on the simulator, watched at its boundary (`--rtl` with the
  `circt` port map); `index` has CIRCT's 64 bits (`default_index_width`).
`status` is `pass` only when the engine's results and memrefs equal the source interpreter's and the
engine reports no problem.
"""

from __future__ import annotations

import fcntl
import json
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from xdsl.dialects.builtin import MemRefType

from dfv.circt.flow import CIRCT_INDEX_WIDTH, CirctError, CirctUnavailable, export_verilog
from dfv.golden.compare import reference_problems
from dfv.golden.interpreter import Budget, Mode, RunawayError, run_dfg
from dfv.golden.types import DEFAULT_INDEX_WIDTH, ScalarType
from dfv.golden.values import FloatText, data_word, from_word, value_fields
from dfv.lowering.files import MAX_INPUTS_BYTES, decode_text, read_bounded
from dfv.lowering.mem_limits import DEFAULT_LIMITS, MemLimits
from dfv.lowering.memref_args import ShapeError, flatten
from dfv.lowering.parse import MAX_INT_DIGITS, LoweringError, parse_file, read_program
from dfv.lowering.pipeline import Lowered, dfg_outputs, lower_program
from dfv.lowering.reference import value_type
from dfv.lowering.timing_plan import ClockTarget
from dfv.lowering.to_cf import to_cf
from dfv.lowering.trip_budget import DEFAULT_MAX_TRIPS
from dfv.paths import REPORTS_DIR, WORK_DIR, WORK_ENV
from dfv.sim.toolchain import SIMULATORS, ToolchainError, setup_path
from dfv.tb.common.dut import PortMapError
from dfv.tb.common.op_harness import HarnessError
from dfv.tb.kernel.bounds import DEFAULT_MAX_CYCLES, TRAFFIC
from dfv.tb.kernel.foreign import CIRCT, ForeignTop, load_foreign


class InputError(LoweringError):
    """A bad inputs file."""


class EngineUnavailable(Exception):
    pass


@dataclass
class EngineResult:
    """What an engine found: the results and final memref contents in their reported form, and its
    problems, which include its own comparison with the reference (`dfv.golden.compare.reference_problems`:
    the golden engines make it here, the RTL engines in the kernel environment's scoreboard), so
    `run_program` compares nothing a second time."""

    returns: list[int | None]
    memrefs: dict[int, list[int]]
    problems: list[str] = field(default_factory=list)
    cycles: int | None = None
    notes: list[str] = field(default_factory=list)  # for the human-readable report (waveform path, ...)
    sim_seconds: float | None = None  # RTL engines: simulation wall time, the build excluded


@dataclass
class Run:
    """What an engine is given: the program as lowered once (`Lowered`: the source, the held IR and its
    graph), the arguments and the options. Every engine runs this one lowering."""

    path: str
    func: str
    index_width: int
    prog: Lowered
    args: dict[int, object]  # every argument of the lowered circuit by position (`Lowered.bind`)
    source: tuple[list, dict]
    seed: int = 1
    waves: bool = False
    mem_latency: int | None = None
    max_trips: int = DEFAULT_MAX_TRIPS
    inputs: list = field(default_factory=list)  # the arguments as the inputs file gives them
    traffic: str = "random"  # RTL engines: a preset of dfv.tb.kernel.bounds.TRAFFIC
    max_cycles: int = DEFAULT_MAX_CYCLES  # RTL engines: the runaway bound
    foreign: ForeignTop | None = None  # RTL engines: another flow's circuit in place of the generated top


def reference_name(prog: Lowered) -> str:
    """What a program's results are compared with."""
    return "golden token semantics (a handshake program's reference)" if prog.is_handshake else "source interpreter"


def _golden_engine(mode_name: str) -> Callable[[Run], EngineResult]:
    """The golden DFG interpreter in one channel-capacity mode (`dfv.golden.interpreter.Mode`); its results
    are compared with the reference here (`dfv.golden.compare`), as the kernel environment does for the RTL."""

    def run(r: Run) -> EngineResult:
        try:
            res = run_dfg(r.prog.g, r.args, Budget(r.max_trips), mode=Mode(mode_name))
        except RunawayError as exc:
            return EngineResult([], {}, [str(exc)], None)
        returns, mems = dfg_outputs(r.prog.g, res)
        problems = reference_problems("golden", reference_name(r.prog), returns, mems, *r.source)
        return EngineResult(returns, mems, problems + res.problems(), None)

    return run


@contextmanager
def _exclusive(folder):
    """Hold an exclusive lock on `folder` (created if needed) while the body runs; a LoweringError naming the
    folder when it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / ".lock", "w")  # closed by the `with` below, after the body
    except OSError as exc:
        raise LoweringError(f"cannot write the run folder {folder}: {exc.strerror or exc} (runs write under "
                            f"{WORK_DIR}: set {WORK_ENV} to a writable folder)") from None
    with lock as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def rtl_engine(sim: str) -> Callable[[Run], EngineResult]:
    def run(r: Run) -> EngineResult:
        # Deferred on purpose (tests/test_imports.py lists it): the RTL engines bring cocotb and pyuvm, about
        # a second of imports that a golden run or `dfv lower` does not need.
        from dfv.sim.build import BuildError, BuildKind
        from dfv.sim.kernel import prepare_lowered, run_kernel

        try:
            setup_path(sim)
        except ToolchainError as exc:
            raise EngineUnavailable(str(exc)) from None
        prog = prepare_lowered(r.path, r.prog)
        latency = r.mem_latency if r.mem_latency is not None else 1 + r.seed % 3
        circuit = "" if r.foreign is None else f"__{r.foreign.top}"
        run_dir = REPORTS_DIR / "run" / sim / f"{prog.tag}{circuit}__seed{r.seed}"
        with _exclusive(run_dir):  # two runs of one program and seed share the folder: one at a time
            try:
                out = run_kernel(prog, r.inputs, sim, r.seed, run_dir, latency=latency, source=r.source,
                                 waves=r.waves, build=BuildKind.QUICK, traffic=TRAFFIC[r.traffic],
                                 max_cycles=r.max_cycles, foreign=r.foreign)
            except BuildError as exc:
                if r.foreign is None:
                    raise  # the kit's own generated top must build: an internal error
                raise InputError(str(exc)) from None  # the user's circuit
        rec, g = out.main, prog.g
        problems: list[str] = []
        notes = [f"seed {r.seed}, {r.traffic} traffic, memory read latency {latency}, run folder {run_dir}"]
        if r.foreign is not None:
            notes.append(f"circuit: {r.foreign.top} of {', '.join(map(str, r.foreign.files))} (ports: "
                         f"{r.foreign.ports_name}), not the generated top")
        if r.waves:
            notes.append(f"waves: {out.waves}" if out.waves else "waves: no waveform file was written")
        if rec is None:
            msgs = [f"{t.name}: {t.message}" for t in out.results if not t.passed] or ["no result was recorded"]
            return EngineResult([], {}, [f"{sim} run failed: {'; '.join(msgs)} (see {run_dir / 'sim.log'})"],
                                None, notes)
        returns = [None if v is None else from_word(res.type, v)
                   for v, res in zip(rec["returns"], sorted(g.results, key=lambda x: x.position), strict=True)]
        mems = {}
        for grp in g.groups.values():
            if grp.position is not None:
                et = grp.elem_type
                mems[grp.position] = [from_word(et, v) for v in rec["memrefs"][str(grp.position)]]
        problems += rec["errors"]
        failed = [t for t in out.results if not t.passed]
        if failed and not problems:
            problems += [f"{t.name}: {t.message}" for t in failed]
        return EngineResult(returns, mems, problems, rec["cycles"], notes, sim_seconds=round(rec["sim_seconds"], 3))

    return run


def circt_engine(sim: str) -> Callable[[Run], EngineResult]:
    """CIRCT's circuit of the program (`dfv.circt.flow.export_verilog`) on `sim`, as `--rtl` runs one: a program
    CIRCT refuses is an InputError with CIRCT's diagnostics; no CIRCT environment, EngineUnavailable."""
    on_sim = rtl_engine(sim)

    def run(r: Run) -> EngineResult:
        if r.index_width != CIRCT_INDEX_WIDTH:
            raise InputError(f"engine circt-{sim}: CIRCT's index has {CIRCT_INDEX_WIDTH} bits, the program was "
                             f"lowered with {r.index_width} (--index-width {CIRCT_INDEX_WIDTH}, the default of "
                             "the CIRCT engines)")
        text = read_program(r.path)
        source = "handshake" if r.prog.is_handshake else "cf"
        try:
            verilog = export_verilog(text if r.prog.is_handshake else to_cf(text), source)
        except CirctUnavailable as exc:
            raise EngineUnavailable(str(exc)) from None
        except CirctError as exc:
            raise InputError(f"{r.path}: {exc}") from None
        try:
            foreign = load_foreign(r.prog, [verilog], r.func, CIRCT)
        except (PortMapError, HarnessError) as exc:
            raise InputError(f"{r.path}: CIRCT's circuit {verilog}: {exc}") from None
        got = on_sim(replace(r, foreign=foreign))
        got.notes.append(f"the circuit made by CIRCT's flow (dfv/circt/export.py) from the program's {source} form")
        return got

    return run


RTL_ENGINES = SIMULATORS  # each simulator is an engine: the generated top, or the circuit --rtl gives
CIRCT_ENGINES = tuple(f"circt-{sim}" for sim in SIMULATORS)  # CIRCT's circuit on each simulator
CIRCUIT_ENGINES = RTL_ENGINES + CIRCT_ENGINES  # the engines that build and simulate a circuit
ENGINES: dict[str, Callable[[Run], EngineResult]] = {
    "golden": _golden_engine("bounded"),
    "golden-unbounded": _golden_engine("unbounded"),
    **{sim: rtl_engine(sim) for sim in RTL_ENGINES},
    **{name: circt_engine(sim) for name, sim in zip(CIRCT_ENGINES, RTL_ENGINES, strict=True)},
}


def default_index_width(engine: str) -> int:
    """The width of `index` when `--index-width` is not given: CIRCT's 64 bits on its engines, else the kit's."""
    return CIRCT_INDEX_WIDTH if engine in CIRCT_ENGINES else DEFAULT_INDEX_WIDTH


def _read_json(path: str):
    """The JSON value in the inputs file `path`, or an InputError naming the file and the problem:
    unreadable, larger than `MAX_INPUTS_BYTES`, not UTF-8, invalid JSON, nested too deeply, an integer with
    too many digits."""
    try:
        raw = read_bounded(path, MAX_INPUTS_BYTES, "inputs file", "dfv.lowering.files.MAX_INPUTS_BYTES")
        text = decode_text(raw, path, "an inputs file").removeprefix("\ufeff")
    except LoweringError as exc:
        raise InputError(str(exc)) from None

    def parse_int(literal: str) -> int:
        if len(literal) > MAX_INT_DIGITS:
            raise InputError(f"{path}: an integer with {len(literal.lstrip('-'))} digits does not fit any "
                             "supported type (i64 has at most 20)")
        return int(literal)

    try:
        return json.loads(text, parse_int=parse_int, parse_float=FloatText)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError(f"{path}: JSON nested too deeply") from None


def load_inputs(path: str, fn, index_width: int, params: list | None = None,
                value_types: dict | None = None) -> list:
    """Read and check `{"args": [...]}` against the function's arguments (`params`: the arguments the
    file must list, by default all of `fn`'s; `value_types`: position -> the value type of a scalar
    argument whose value is an object, a tagged value or a channel with extra signals). A memref is a flat
    row-major list or a list nested like its shape (`dfv.lowering.memref_args.flatten`); the arguments are
    returned as the file gives them (`Lowered.bind` binds them for a run)."""
    data = _read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("args"), list):
        raise InputError(f'{path}: expected an object {{"args": [...]}}')
    args = data["args"]
    params = list(fn.body.blocks[0].args) if params is None else params
    name = fn.sym_name.data
    if len(args) != len(params):
        raise InputError(f"{path}: @{name} takes {len(params)} arguments, the inputs file gives {len(args)}")

    def shown(v) -> str:
        return v if isinstance(v, FloatText) else json.dumps(v)

    def check_int(v, w, what):
        if isinstance(v, bool) or not isinstance(v, int):
            raise InputError(f"{path}: {what} must be an integer, got {shown(v)}")
        ok = v in (0, 1) if w == 1 else -(1 << (w - 1)) <= v < (1 << w)
        if not ok:
            raise InputError(f"{path}: {what} = {v} does not fit {w} bits")

    def check_value(v, ty: ScalarType, what):
        if ty.kind != "float":
            check_int(v, ty.width, what)
            return
        try:
            data_word(ty, v)
        except ValueError as exc:
            raise InputError(f"{path}: {what}: {exc}") from None

    def check_fields(v, ty, what):
        fields = value_fields(ty)
        keys = [k for k, _ in fields]
        if not isinstance(v, dict) or sorted(v) != sorted(keys):
            raise InputError(f"{path}: {what} must be an object with the keys {', '.join(keys)}, "
                             f"got {shown(v)}")
        for key, kind in fields:
            if not isinstance(kind, int):
                check_value(v[key], kind, f"{what}.{key}")
            elif isinstance(v[key], bool) or not isinstance(v[key], int) or not 0 <= v[key] < (1 << kind):
                raise InputError(f"{path}: {what}.{key} = {shown(v[key])} is not an unsigned {kind}-bit value")

    for i, (p, v) in enumerate(zip(params, args, strict=True)):
        t = p.type
        if isinstance(t, MemRefType):
            try:
                flat, _ = flatten(t, v, f"argument {i}")
            except ShapeError as exc:
                raise InputError(f"{path}: {exc}") from None
            et = value_type(t.get_element_type(), index_width)
            for k, x in enumerate(flat):
                check_value(x, et, f"argument {i}[{k}]")
        elif value_types and i in value_types:
            check_fields(v, value_types[i], f"argument {i} ({value_types[i]})")
        else:
            try:
                vt = value_type(t, index_width)
            except LoweringError:
                raise InputError(f"{path}: argument {i} has unsupported type {t}") from None
            check_value(v, vt, f"argument {i} ({t})")
    return args


def run_program(path: str, func: str | None, inputs: str, engine: str = "golden",
                index_width: int | None = None, seed: int = 1, waves: bool = False,
                mem_latency: int | None = None, max_trips: int = DEFAULT_MAX_TRIPS,
                limits: MemLimits = DEFAULT_LIMITS, traffic: str = "random",
                max_cycles: int = DEFAULT_MAX_CYCLES, target_mhz: ClockTarget | None = None,
                rtl: Sequence[str] = (), top: str | None = None, ports: str = CIRCT) -> dict:
    """Lower, run and compare; raises LoweringError / EngineUnavailable for bad input.

    `seed`, `waves`, `mem_latency` (default: 1 + seed % 3), `traffic` (a preset of
    `dfv.tb.kernel.bounds.TRAFFIC`) and `max_cycles` (the runaway bound) apply to the RTL engines, `max_trips`
    bounds the loop trips of the source interpreter (`dfv.lowering.trip_budget`), `limits` the memories of
    memref arguments with a dynamic size (`--max-mem`), `target_mhz` the clock the circuit is buffered for
    (`dfv.lowering.timing_buffers`), `index_width` the bits of `index` (None: `default_index_width(engine)`).
    `rtl` (with `top` and `ports`, `circt` or a port map file): another flow's
    circuit of the program runs in place of the generated top (`dfv.tb.kernel.foreign`). The dict has the keys
    of the JSON object; `notes` (not printed in the JSON) are lines for the readable report.
    """
    if engine not in ENGINES:
        raise EngineUnavailable(f"unknown engine {engine} (known: {', '.join(ENGINES)})")
    if traffic not in TRAFFIC:
        raise EngineUnavailable(f"unknown traffic {traffic} (known: {', '.join(TRAFFIC)})")
    width = default_index_width(engine) if index_width is None else index_width
    run = prepare_run(path, func, inputs, width, seed, waves, mem_latency, max_trips, limits, target_mhz)
    foreign = None
    if rtl:
        if engine not in RTL_ENGINES:
            raise EngineUnavailable(f"--rtl needs an RTL engine ({', '.join(RTL_ENGINES)}), not {engine}")
        if top is None:
            raise EngineUnavailable("--rtl needs --top: the module of the circuit")
        try:
            foreign = load_foreign(run.prog, [Path(f) for f in rtl], top, ports)
        except (PortMapError, HarnessError) as exc:
            raise InputError(str(exc)) from None
    return execute(replace(run, traffic=traffic, max_cycles=max_cycles, foreign=foreign), engine)


def prepare_run(path: str, func: str | None, inputs: str, index_width: int = DEFAULT_INDEX_WIDTH, seed: int = 1,
                waves: bool = False, mem_latency: int | None = None, max_trips: int = DEFAULT_MAX_TRIPS,
                limits: MemLimits = DEFAULT_LIMITS, target_mhz: ClockTarget | None = None) -> Run:
    """Parse and lower the program once, read its inputs and run the reference: what every engine is
    given (`execute`); raises LoweringError for bad input."""
    src = parse_file(path)
    prog = lower_program(src, func, index_width, limits, target_mhz)
    fn = prog.fn
    width = prog.g.index_width  # a graph written by dfv keeps the width it was lowered with (dfv.index_width)
    args = load_inputs(inputs, fn, width, prog.data_args(), prog.object_args())
    bound = prog.bind(args, inputs)
    exp_ret, exp_mem = prog.reference(bound.args, max_trips, bound.shapes)
    return Run(path, fn.sym_name.data, width, prog, bound.circuit, (exp_ret, exp_mem), seed,
               waves, mem_latency, max_trips, args)


def execute(run: Run, engine: str) -> dict:
    """Run a prepared program on `engine` and compare (the dict of `run_program`)."""
    if engine not in ENGINES:
        raise EngineUnavailable(f"unknown engine {engine} (known: {', '.join(ENGINES)})")
    g = run.prog.g
    reference = reference_name(run.prog)
    got = ENGINES[engine](run)
    out = {"status": "pass", "engine": engine, "returns": got.returns,
           "memrefs": {str(k): v for k, v in sorted(got.memrefs.items())}, "cycles": got.cycles,
           "sim_seconds": got.sim_seconds, "message": ""}
    msgs = list(got.problems)  # each engine compares with the reference itself (dfv.golden.compare)
    if msgs:
        out["status"] = "fail"
        out["message"] = "; ".join(msgs)
    elif got.cycles is not None:
        out["message"] = (f"matches the {reference} and the golden DFG run, nothing left over "
                          f"({len(g.nodes)} nodes, {got.cycles} cycles)")
    else:
        out["message"] = f"matches the {reference} ({len(g.nodes)} nodes)"
    out["notes"] = ([f"timing: {run.prog.timing.describe()}"] if run.prog.timing is not None else []) + got.notes
    return out
