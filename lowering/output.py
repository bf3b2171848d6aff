"""Write every artifact of `dfv lower` into one directory.

With `--func F` (or a single function in the file): `dfg.yaml`, `top.sv`, `dfg.dot`, `dfg.svg`
(Graphviz), `dfg.mlir` (the DFG as generic handshake/dataflow MLIR). Without `--func` and several
functions with a body (declarations are skipped), `top.sv` holds one module per function, the other
artifacts describe the first function and each further function `G` gets `dfg.G.yaml`, `dfg.G.dot`,
`dfg.G.svg`, `dfg.G.mlir`.
"""

from __future__ import annotations

import os

from lowering.parse import LoweringError, parse_file
from lowering.pipeline import function_names, lower_source


def _write_one(g, outdir: str, stem: str, path: str) -> list[str]:
    from lowering.config import write_config
    from lowering.dot import write_dot
    from lowering.to_handshake import dfg_to_handshake

    files = [write_config(g, os.path.join(outdir, f"{stem}.yaml"), source=path)]
    files += write_dot(g, os.path.join(outdir, f"{stem}.dot"))
    mlir = os.path.join(outdir, f"{stem}.mlir")
    with open(mlir, "w", encoding="utf-8") as fh:
        fh.write(dfg_to_handshake(g, path))
    files.append(mlir)
    return files


def write_outputs(path: str, func: str | None, index_width: int, outdir: str):
    from lowering.topgen import write_top

    src = parse_file(path)
    names = function_names(src, func)
    graphs = [lower_source(src, n, index_width) for n in names]
    try:
        os.makedirs(outdir, exist_ok=True)
    except OSError as exc:
        raise LoweringError(f"cannot create {outdir}: {exc.strerror}") from None
    files = _write_one(graphs[0], outdir, "dfg", path)
    files.append(write_top(graphs, os.path.join(outdir, "top.sv")))
    for g in graphs[1:]:
        files += _write_one(g, outdir, f"dfg.{g.name}", path)
    return files, graphs[0]
