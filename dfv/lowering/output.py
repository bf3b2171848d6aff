"""Write every artifact of `dfv lower` into one directory.

With `--func F` (or a single function in the file): `dfg.yaml`, `top.sv`, `dfg.dot`, `dfg.svg` (Graphviz,
`dfv.lowering.dot.draw`), `dfg.mlir` (the lowered graph as it is held: a `handshake.func` printed by xDSL).
Without `--func` and several functions with a body (declarations are skipped), `top.sv` holds one module per
function, the other artifacts describe the default function (the first that no function calls) and each further
function `G` gets `dfg.S.yaml`, `dfg.S.dot`, `dfg.S.svg`, `dfg.S.mlir`, where `S` is `G` when it is a plain file
name and a short name with a hash of `G` otherwise (`dfv.lowering.names.file_stem`). A file that cannot be written
is a LoweringError naming it (`dfv.lowering.files.write_text`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from dfv.lowering.config import dump_config
from dfv.lowering.dfg import DFG
from dfv.lowering.dot import draw, to_dot
from dfv.lowering.files import make_folder, write_text
from dfv.lowering.graph_ir import ir_text
from dfv.lowering.mem_limits import DEFAULT_LIMITS, MemLimits
from dfv.lowering.names import file_stem
from dfv.lowering.parse import parse_file
from dfv.lowering.pipeline import Lowered, function_names, lower_program
from dfv.lowering.timing_plan import ClockTarget
from dfv.lowering.topgen import gen_top


@dataclass
class Outputs:
    """What `write_outputs` wrote: the files, the first function's graph, and notes for the user (a picture
    not drawn, and why; what a clock target's buffering did)."""

    files: list[str]
    g: DFG
    notes: list[str] = field(default_factory=list)


def _write_one(prog: Lowered, outdir: str, stem: str, path: str, out: Outputs) -> None:
    out.files.append(write_text(os.path.join(outdir, f"{stem}.yaml"), dump_config(prog.g, path)))
    dot = write_text(os.path.join(outdir, f"{stem}.dot"), to_dot(prog.g))
    out.files.append(dot)
    picture = draw(dot, len(prog.g.nodes))
    if picture.svg is not None:
        out.files.append(picture.svg)
    if picture.note is not None:
        out.notes.append(picture.note)
    out.files.append(write_text(os.path.join(outdir, f"{stem}.mlir"), ir_text(prog.ir)))


def write_outputs(path: str, func: str | None, index_width: int, outdir: str,
                  limits: MemLimits = DEFAULT_LIMITS, target_mhz: ClockTarget | None = None) -> Outputs:
    src = parse_file(path)
    names = function_names(src, func)
    progs = [lower_program(src, n, index_width, limits, target_mhz) for n in names]
    top = gen_top([p.g for p in progs])
    make_folder(outdir)
    out = Outputs([], progs[0].g)
    out.notes += [f"@{p.g.name}: {p.timing.describe()}" for p in progs if p.timing is not None]
    _write_one(progs[0], outdir, "dfg", path, out)
    out.files.append(write_text(os.path.join(outdir, "top.sv"), top))
    for p in progs[1:]:
        _write_one(p, outdir, f"dfg.{file_stem(p.g.name)}", path, out)
    return out
