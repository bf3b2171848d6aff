"""Write every artifact of `dfv lower` into one directory.

With `--func F` (or a single function in the file): `dfg.yaml`, `top.sv`, `dfg.dot`, `dfg.svg`
(Graphviz), `dfg.mlir` (the lowered graph as it is held: a `handshake.func` printed by xDSL). Without
`--func` and several functions with a body (declarations are skipped), `top.sv` holds one module per function, the other
artifacts describe the default function (the first that no function calls) and each further function `G` gets
`dfg.G.yaml`, `dfg.G.dot`, `dfg.G.svg`, `dfg.G.mlir`.
"""

from __future__ import annotations

import os

from dfv.lowering.config import write_config
from dfv.lowering.dot import write_dot
from dfv.lowering.graph_ir import ir_text
from dfv.lowering.mem_limits import DEFAULT_LIMITS, MemLimits
from dfv.lowering.parse import LoweringError, parse_file
from dfv.lowering.pipeline import function_names, lower_program
from dfv.lowering.topgen import write_top


def _write_one(prog, outdir: str, stem: str, path: str) -> list[str]:
    files = [write_config(prog.g, os.path.join(outdir, f"{stem}.yaml"), source=path)]
    files += write_dot(prog.g, os.path.join(outdir, f"{stem}.dot"))
    mlir = os.path.join(outdir, f"{stem}.mlir")
    with open(mlir, "w", encoding="utf-8") as fh:
        fh.write(ir_text(prog.ir))
    files.append(mlir)
    return files


def write_outputs(path: str, func: str | None, index_width: int, outdir: str, limits: MemLimits = DEFAULT_LIMITS):
    src = parse_file(path)
    names = function_names(src, func)
    progs = [lower_program(src, n, index_width, limits) for n in names]
    try:
        os.makedirs(outdir, exist_ok=True)
    except OSError as exc:
        raise LoweringError(f"cannot create {outdir}: {exc.strerror}") from None
    files = _write_one(progs[0], outdir, "dfg", path)
    files.append(write_top([p.g for p in progs], os.path.join(outdir, "top.sv")))
    for p in progs[1:]:
        files += _write_one(p, outdir, f"dfg.{p.g.name}", path)
    return files, progs[0].g
