"""The lowered graph is held as MLIR (`Lowered.ir`, a `handshake.func` of this kit's dialect) and the graph
every artefact is made from is read back from it. Printed by xDSL with the dialect's assembly formats
(`dfg.mlir`), it reads back as the same graph, for every kernel and handshake fixture; and it runs."""

from __future__ import annotations

import json
import os

import pytest
from kernel_inputs import KERNELS, ROOT, gen
from xdsl.rewriter import Rewriter

from dfv.lowering.config import graph_dict
from dfv.lowering.graph_ir import graph_ir, ir_text
from dfv.lowering.parse import parse_file, parse_text
from dfv.lowering.pipeline import lower_program
from dfv.runner import run_program

HS = os.path.join(ROOT, "kernels", "handshake")
FIXTURES = sorted(f.removesuffix(".mlir") for f in os.listdir(HS)
                  if f.endswith(".mlir") and not f.endswith(("_cf.mlir", "_hs.mlir")))  # not CIRCT's inputs


def _path(name: str) -> str:
    return os.path.join(HS, f"{name[3:]}.mlir") if name.startswith("hs/") else os.path.join(ROOT, "kernels",
                                                                                             f"{name}.mlir")


@pytest.mark.parametrize("name", KERNELS + [f"hs/{n}" for n in FIXTURES])
def test_round_trip(name):
    path = _path(name)
    prog = lower_program(parse_file(path), None if name.startswith("hs/") else name)
    text = ir_text(prog.ir)
    again = lower_program(parse_text(text, "dfg.mlir"))
    assert graph_dict(again.g) == graph_dict(prog.g)
    assert ir_text(graph_ir(again.g, path)) == ir_text(graph_ir(prog.g, path))


def test_artefacts_are_derived_from_the_ir(monkeypatch):
    """What the IR says is what the graph, the top and the golden run get: an IR whose first subtraction is
    turned into an addition gives a graph, a top and a result with the addition."""
    import dfv.lowering.pipeline as pipeline
    from dfv.golden.interpreter import Budget, Mode, RunawayError, run_dfg
    from dfv.lowering.handshake_arith import ARITH_OPS
    from dfv.lowering.topgen import gen_module

    path = _path("gcd")
    plain = lower_program(parse_file(path), "gcd")
    build = pipeline.graph_ir
    addi = next(cls for cls in ARITH_OPS if cls.name == "arith.addi")

    def edited(g, source=""):
        ir = build(g, source)
        subs = [op for op in ir.module.walk() if op.name == "arith.subi"]
        assert len(subs) == 2
        new = addi.create(operands=list(subs[0].operands), result_types=[r.type for r in subs[0].results],
                          attributes=dict(subs[0].attributes))
        Rewriter.replace_op(subs[0], new)
        return ir

    monkeypatch.setattr(pipeline, "graph_ir", edited)
    prog = lower_program(parse_file(path), "gcd")
    ops = [n.op for n in prog.g.nodes.values()]
    assert ops.count("arith.addi") == 1 and ops.count("arith.subi") == 1
    assert "= arith.addi " in ir_text(prog.ir)
    assert gen_module(prog.g) != gen_module(plain.g) and "OP(0)" in gen_module(prog.g)
    assert run_dfg(plain.g, {0: 12, 1: 8}, Budget(100), Mode.UNBOUNDED).results == [[4]]
    with pytest.raises(RunawayError, match="scf.while"):  # a - b became a + b: gcd no longer ends
        run_dfg(prog.g, {0: 12, 1: 8}, Budget(100), Mode.UNBOUNDED)


@pytest.mark.parametrize("name", ["dot_product", "bubble_sort", "gcd"])
def test_written_graph_runs(tmp_path, name):
    """`dfv run dfg.mlir` gives what `dfv run prog.mlir` gives (the golden run of the same graph)."""
    path = _path(name)
    (tmp_path / "dfg.mlir").write_text(ir_text(lower_program(parse_file(path), name).ir))
    (tmp_path / "in.json").write_text(json.dumps({"args": gen(name, 1)}))
    want = run_program(path, name, str(tmp_path / "in.json"), "golden")
    got = run_program(str(tmp_path / "dfg.mlir"), None, str(tmp_path / "in.json"), "golden")
    assert want["status"] == got["status"] == "pass", (want["message"], got["message"])
    assert (got["returns"], got["memrefs"]) == (want["returns"], want["memrefs"])
