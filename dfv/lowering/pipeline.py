"""The lowering pipeline: parse -> lower (002, 004) or read a handshake program -> materialise -> verify ->
hold the graph as MLIR.

`lower_program` returns a `Lowered`: the parsed file, the function, and the lowered graph held as xDSL
operations (`Lowered.ir`: one `handshake.func` of this kit's `handshake` + `dataflow` dialect, typed and
verified) with `Lowered.g`, the `DFG` read back from that IR (`dfv.lowering.from_handshake`). Everything
downstream (`dfg.yaml`, `top.sv`, the picture, `dfg.mlir`, the golden runs, the RTL runs) is derived
from `g`, that is from the IR; the lowering's own builder graph is dropped once the IR is made, so a
fact the IR does not hold cannot reach an artefact. A `func.func` is lowered from `scf`/`arith`/`memref`
(a body of several blocks in `cf` is first lifted to `scf` by `dfv.lowering.prepare`; the source interpreter
runs the original); a `handshake.func` is already a circuit and is read as one (`dfv.lowering.from_handshake`).
`Lowered.reference` gives the results a run must match: the source interpreter's for a `func.func`, the
golden model's token semantics for a handshake program (it has no other source). `lower_source` /
`lower_file` return the DFG alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import BlockArgument, Operation

from dfv.golden.interpreter import Budget, Mode, RunawayError, run_dfg
from dfv.golden.types import DEFAULT_INDEX_WIDTH, MAX_INDEX_WIDTH, MIN_INDEX_WIDTH
from dfv.golden.values import from_word, value_fields
from dfv.lowering.comb_cycles import refuse_combinational_cycles
from dfv.lowering.dfg import DFG
from dfv.lowering.from_handshake import find_handshake_function, note_ignored_attributes, read_handshake
from dfv.lowering.graph_ir import graph_ir
from dfv.lowering.handshake_ir import FuncOp
from dfv.lowering.handshake_types import is_control
from dfv.lowering.lower_control import defined_functions, find_function, lower_function
from dfv.lowering.materialize import materialize
from dfv.lowering.mem_limits import DEFAULT_LIMITS, MemLimits
from dfv.lowering.memref_args import Bound, ShapeError, bind
from dfv.lowering.parse import LoweringError, SourceModule, parse_file, parse_text
from dfv.lowering.read_upstream import refuse_upstream_off_wiring
from dfv.lowering.reference import run_source
from dfv.lowering.select_width import narrow_select_chains
from dfv.lowering.timing_plan import ClockTarget, TimingPlan
from dfv.lowering.trip_budget import DEFAULT_MAX_TRIPS
from dfv.lowering.verify import DfgVerifyError, verify


@dataclass
class Lowered:
    """A program's function and its lowered graph: the IR and the graph view of it."""

    src: SourceModule
    fn: Operation  # func.func or handshake.func
    ir: SourceModule  # the lowered graph as a handshake.func (dfv.lowering.graph_ir)
    g: DFG  # the graph read back from `ir`
    limits: MemLimits = DEFAULT_LIMITS  # memory depths of memref arguments with dynamic sizes
    timing: TimingPlan | None = None  # the register slices a clock target put in (dfv.lowering.timing_buffers)

    @property
    def is_handshake(self) -> bool:
        return isinstance(self.fn, FuncOp)

    def data_args(self) -> list[BlockArgument]:
        """The arguments an inputs file lists, in order (a handshake program's control arguments take
        the start token and are not listed)."""
        return [a for a in self.fn.body.blocks[0].args if not (self.is_handshake and is_control(a.type))]

    def object_args(self) -> dict:
        """Position -> value type of each scalar argument given as an object in an inputs file (a tagged
        value or a channel with extra signals; `dfv.golden.types.value_fields`)."""
        out = {}
        for a in self.g.args:
            if a.scalar and value_fields(t := a.type) is not None:
                out[a.position] = t
        return out

    def bind(self, values: list, where: str) -> Bound:
        """The values of one run (`values`: one per argument an inputs file lists, a memref as a flat or nested
        list): the function's arguments, the memref shapes and the circuit's arguments (`memref_args.bind`); a
        LoweringError naming `where` (the inputs file) for a memref of the wrong shape or one that does not fit
        its memory."""
        try:
            return bind(self.fn, values, self.limits, self.data_args())
        except ShapeError as exc:
            raise LoweringError(f"{where}: {exc}") from None

    def reference(self, args: list, max_trips: int = DEFAULT_MAX_TRIPS,
                  shapes: dict[int, tuple[int, ...]] | None = None) -> tuple[list, dict]:
        """(results, {memref position: final contents}) that every engine must reproduce, for the function's
        arguments `args` (memrefs as flat lists; `shapes`: their shapes, needed where a type leaves them open:
        `Lowered.bind` gives both)."""
        if not self.is_handshake:
            return run_source(self.src, self.fn, args, self.g.index_width, max_trips, shapes)
        try:
            res = run_dfg(self.g, dict(enumerate(args)), Budget(max_trips), Mode.UNBOUNDED)
        except RunawayError as exc:
            raise LoweringError(str(exc), self.src.loc(self.fn)) from None
        if res.problems():
            raise LoweringError(f"the program's own token semantics (the golden model, its reference) fail on "
                                f"these inputs: {'; '.join(res.problems())}", self.src.loc(self.fn))
        return dfg_outputs(self.g, res)


def dfg_outputs(g: DFG, res) -> tuple[list, dict]:
    """The results (first token of each, None if none came) and memref contents of a golden run, as
    signed values of their width (an object with the extra signals for a channel that has some), in
    the form of the source interpreter's."""
    returns = [from_word(out.type, toks[0]) if toks else None
               for out, toks in zip(sorted(g.results, key=lambda r: r.position), res.results, strict=True)]
    mems = {grp.position: [from_word(grp.elem_type, v) for v in res.memories[grp.name]]
            for grp in g.groups.values() if grp.position is not None}
    return returns, mems


def lower_program(src: SourceModule, func: str | None = None, index_width: int | None = None,
                  limits: MemLimits = DEFAULT_LIMITS, target_mhz: ClockTarget | None = None) -> Lowered:
    """Lower (or read) function `func` of `src` with `index` `index_width` bits wide (default
    `DEFAULT_INDEX_WIDTH`; MIN_INDEX_WIDTH..MAX_INDEX_WIDTH, else a LoweringError); `limits` are the depths of the
    memories of memref arguments with a dynamic size (`dfv.lowering.memref_args`); `target_mhz` a clock the
    circuit is buffered for (`dfv.lowering.timing_buffers`; a handshake program is read as written and then
    sliced for it as a lowered one).
    A graph the verifier refuses is the lowering's fault for a `func.func` (DfgVerifyError, an internal error)
    and the program's for a handshake program, which is read as it is written (a LoweringError at the
    operation that breaks the rule)."""
    iw = DEFAULT_INDEX_WIDTH if index_width is None else index_width
    if isinstance(iw, bool) or not isinstance(iw, int) or not MIN_INDEX_WIDTH <= iw <= MAX_INDEX_WIDTH:
        raise LoweringError(f"index width must be {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH}, got {iw!r}")
    if any(isinstance(op, FuncOp) for op in src.module.ops):
        fn = find_handshake_function(src, func.removeprefix("@") if func else None)
        note_ignored_attributes(src, fn)
        circuit = read_handshake(src, fn.sym_name.data, iw)
        narrow_select_chains(circuit)
        refuse_combinational_cycles(circuit)
        built = materialize(circuit, lowered=False, target_mhz=target_mhz)
        refuse_upstream_off_wiring(built)
        try:
            verify(built)
        except DfgVerifyError as exc:
            raise LoweringError(f"the circuit breaks a rule of the lowering's verifier: {exc}",
                                _node_location(src, fn, built, exc.node)) from None
    else:
        fn = find_function(src, func)
        built = materialize(lower_function(src, fn.sym_name.data, iw, limits), target_mhz=target_mhz)
        verify(built)
    ir = graph_ir(built, src.filename)
    g = read_handshake(ir, built.name, iw)
    g.build_channels()
    return Lowered(src, fn, ir, g, limits, built.timing)


def _node_location(src: SourceModule, fn: Operation, g: DFG, node: str | None) -> str:
    """Where in the file read the operation of node `node` is: the operation whose `dfv.id` it is (a graph
    written by dfv), else the operation the reader made it of (a node's location, in a program without
    `dfv.id`s); the function's when neither is known."""
    written = False
    for op in fn.walk():
        a = op.attributes.get("dfv.id")
        written = written or a is not None
        if isinstance(a, StringAttr) and a.data == node:
            return src.loc(op)
    if node in g.nodes and not written and g.nodes[node].loc in src.locs.values():
        return g.nodes[node].loc
    return src.loc(fn)


def function_names(src: SourceModule, func: str | None) -> list[str]:
    """The functions `dfv lower` lowers: `func`, or every function with a body (handshake.func or
    func.func, whichever the file holds), the default one (`find_function`) first."""
    hs_funcs = [op for op in src.module.ops if isinstance(op, FuncOp)]
    if hs_funcs:
        if func is not None:
            return [find_handshake_function(src, func.removeprefix("@")).sym_name.data]
        return [f.sym_name.data for f in hs_funcs]
    if func is not None:
        return [find_function(src, func).sym_name.data]
    names = [f.sym_name.data for f in defined_functions(src)]
    if not names:
        find_function(src, None)  # raises the "no function" error
    first = find_function(src, None).sym_name.data  # the function nobody calls: the program, not a helper
    return [first, *(n for n in names if n != first)]


def lower_source(src: SourceModule, func: str | None = None, index_width: int | None = None) -> DFG:
    return lower_program(src, func, index_width).g


def lower_file(path: str, func: str | None = None, index_width: int | None = None) -> DFG:
    return lower_source(parse_file(path), func, index_width)


__all__ = ["DFG", "Lowered", "LoweringError", "dfg_outputs", "function_names", "lower_file", "lower_program",
           "lower_source", "parse_file", "parse_text"]
