"""`dfv run`: lower a program, run it on an engine, run the source on xDSL's interpreter, compare.

The result is one JSON-able dict:
`{"status": "pass"|"fail"|"error", "engine": ..., "returns": [...], "memrefs": {"<pos>": [...]},
"cycles": null, "message": "..."}`; `returns` / `memrefs` are what the engine produced (signed, wrapped
to the element width; `i1` as 0/1).

Engines are looked up in `ENGINES` (name -> callable(dfg, args) -> EngineResult); `golden` is the
golden-model interpreter. `icarus` and `verilator` are reserved for the RTL flows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from golden.types import DEFAULT_INDEX_WIDTH
from lowering.parse import LoweringError


class InputError(LoweringError):
    """A bad inputs file."""


class EngineUnavailable(Exception):
    pass


@dataclass
class EngineResult:
    returns: list[int | None]
    memrefs: dict[int, list[int]]
    problems: list[str] = field(default_factory=list)
    cycles: int | None = None


def _golden_engine(g, args: dict) -> EngineResult:
    from golden.interpreter import run_dfg
    from lowering.reference import out_value

    raw = {}
    for a in g.args:
        v = args[a["position"]]
        w = g.width(a["elem_type"] if a["kind"] == "memref" else a["type"])
        raw[a["position"]] = [int(x) & ((1 << w) - 1) for x in v] if a["kind"] == "memref" else int(v) & ((1 << w) - 1)
    r = run_dfg(g, raw)
    returns = []
    for res, toks in zip(g.results, r.results, strict=True):
        returns.append(out_value(toks[0], g.width(res["type"])) if toks else None)
    mems = {}
    for grp in g.groups.values():
        if grp.position is not None:
            mems[grp.position] = [out_value(v, g.width(grp.elem_type)) for v in r.memories[grp.name]]
    return EngineResult(returns, mems, r.problems(), None)


def _unavailable(name: str) -> Callable:
    def run(g, args):
        raise EngineUnavailable(f"engine {name} not available yet")

    return run


ENGINES: dict[str, Callable] = {
    "golden": _golden_engine,
    "icarus": _unavailable("icarus"),
    "verilator": _unavailable("verilator"),
}


def load_inputs(path: str, fn, index_width: int) -> list:
    """Read and check `{"args": [...]}` against the function's arguments."""
    from xdsl.dialects.builtin import MemRefType

    from lowering.reference import elem_width

    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise InputError(f"cannot read inputs file {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("args"), list):
        raise InputError(f'{path}: expected an object {{"args": [...]}}')
    args = data["args"]
    params = fn.body.blocks[0].args
    name = fn.sym_name.data
    if len(args) != len(params):
        raise InputError(f"{path}: @{name} takes {len(params)} arguments, the inputs file gives {len(args)}")

    def check_int(v, w, what):
        if isinstance(v, bool) or not isinstance(v, int):
            raise InputError(f"{path}: {what} must be an integer, got {json.dumps(v)}")
        ok = v in (0, 1) if w == 1 else -(1 << (w - 1)) <= v < (1 << w)
        if not ok:
            raise InputError(f"{path}: {what} = {v} does not fit {w} bits")

    for i, (p, v) in enumerate(zip(params, args, strict=True)):
        t = p.type
        if isinstance(t, MemRefType):
            shape = list(t.get_shape())
            n = 1
            for d in shape:
                n *= d
            if not isinstance(v, list):
                raise InputError(f"{path}: argument {i} ({t}) must be a flat list of {n} integers")
            if len(v) != n:
                raise InputError(f"{path}: argument {i} ({t}) needs {n} values, got {len(v)}")
            w = elem_width(t.get_element_type(), index_width)
            for k, x in enumerate(v):
                check_int(x, w, f"argument {i}[{k}]")
        else:
            try:
                w = elem_width(t, index_width)
            except LoweringError:
                raise InputError(f"{path}: argument {i} has unsupported type {t}") from None
            check_int(v, w, f"argument {i} ({t})")
    return args


def run_program(path: str, func: str | None, inputs: str, engine: str = "golden",
                index_width: int = DEFAULT_INDEX_WIDTH) -> dict:
    """Lower, run and compare; raises LoweringError / EngineUnavailable for bad input."""
    from lowering.lower_control import find_function
    from lowering.parse import parse_file
    from lowering.pipeline import lower_source
    from lowering.reference import run_source

    if engine not in ENGINES:
        raise EngineUnavailable(f"unknown engine {engine} (known: {', '.join(ENGINES)})")
    src = parse_file(path)
    fn = find_function(src, func)
    g = lower_source(src, fn.sym_name.data, index_width)
    args = load_inputs(inputs, fn, index_width)
    got = ENGINES[engine](g, dict(enumerate(args)))
    exp_ret, exp_mem = run_source(src, fn, args, index_width)
    out = {"status": "pass", "engine": engine, "returns": got.returns,
           "memrefs": {str(k): v for k, v in sorted(got.memrefs.items())}, "cycles": got.cycles, "message": ""}
    msgs = []
    if got.returns != exp_ret:
        msgs.append(f"returns {got.returns} != expected {exp_ret}")
    for pos, exp in sorted(exp_mem.items()):
        if got.memrefs.get(pos) != exp:
            bad = [k for k, (a, b) in enumerate(zip(got.memrefs.get(pos, []), exp, strict=False)) if a != b]
            msgs.append(f"memref argument {pos} differs at {bad[:8]}: got {got.memrefs.get(pos)} expected {exp}")
    msgs += got.problems
    if msgs:
        out["status"] = "fail"
        out["message"] = "; ".join(msgs)
    else:
        out["message"] = f"matches the source interpreter ({len(g.nodes)} nodes)"
    return out
