"""The lowered graph is held as MLIR (`Lowered.ir`, a `handshake.func` of this kit's dialect) and the graph
every artefact is made from is read back from it. Printed by xDSL with the dialect's assembly formats
(`dfg.mlir`), it reads back as the same graph, for every kernel and handshake fixture; and it runs."""

from __future__ import annotations

import json
import os

import pytest
from kernel_inputs import KERNELS, ROOT, gen

from dfv.lowering.config import graph_dict
from dfv.lowering.parse import parse_file, parse_text
from dfv.lowering.pipeline import lower_program
from dfv.lowering.to_handshake import dfg_to_handshake, ir_text
from dfv.runner import run_program

HS = os.path.join(ROOT, "kernels", "handshake")
FIXTURES = sorted(f.removesuffix(".mlir") for f in os.listdir(HS) if f.endswith(".mlir") and not f.endswith("_cf.mlir"))


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
    assert dfg_to_handshake(again.g, path) == dfg_to_handshake(prog.g, path)


def test_artefacts_are_derived_from_the_ir(monkeypatch):
    """What the IR says is what the graph, the top and the golden run get: an IR whose constant differs from
    the lowering's builder graph gives a graph, a top and a result with the IR's constant."""
    import dfv.lowering.to_handshake as th
    from dfv.golden.interpreter import Budget, Mode, RunawayError, run_dfg
    from dfv.lowering.topgen import gen_module

    path = _path("gcd")
    plain = lower_program(parse_file(path), "gcd")
    write = th.dfg_to_handshake

    def edited(g, source=""):
        text = write(g, source)
        assert text.count("= arith.subi ") == 2
        return text.replace("= arith.subi ", "= arith.addi ", 1)

    monkeypatch.setattr(th, "dfg_to_handshake", edited)
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
