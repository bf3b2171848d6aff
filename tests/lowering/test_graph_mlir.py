"""`dfg.mlir`: a lowered graph written as a handshake program (`lowering.to_handshake`) reads back as the
same graph (`lowering.from_handshake`), for every kernel and handshake fixture; and it runs."""

from __future__ import annotations

import json
import os

import pytest
from kernel_inputs import KERNELS, ROOT, gen

from dfv.runner import run_program
from lowering.config import graph_dict
from lowering.parse import parse_file, parse_text
from lowering.pipeline import lower_program
from lowering.to_handshake import dfg_to_handshake

HS = os.path.join(ROOT, "kernels", "handshake")
FIXTURES = sorted(f.removesuffix(".mlir") for f in os.listdir(HS) if f.endswith(".mlir") and not f.endswith("_cf.mlir"))


def _path(name: str) -> str:
    return os.path.join(HS, f"{name[3:]}.mlir") if name.startswith("hs/") else os.path.join(ROOT, "kernels",
                                                                                             f"{name}.mlir")


@pytest.mark.parametrize("name", KERNELS + [f"hs/{n}" for n in FIXTURES])
def test_round_trip(name):
    path = _path(name)
    g = lower_program(parse_file(path), None if name.startswith("hs/") else name).g
    text = dfg_to_handshake(g, path)
    again = lower_program(parse_text(text, "dfg.mlir")).g
    assert graph_dict(again) == graph_dict(g)
    assert dfg_to_handshake(again, path) == text


@pytest.mark.parametrize("name", ["dot_product", "bubble_sort", "gcd"])
def test_written_graph_runs(tmp_path, name):
    """`dfv run dfg.mlir` gives what `dfv run prog.mlir` gives (the golden run of the same graph)."""
    path = _path(name)
    g = lower_program(parse_file(path), name).g
    (tmp_path / "dfg.mlir").write_text(dfg_to_handshake(g, path))
    (tmp_path / "in.json").write_text(json.dumps({"args": gen(name, 1)}))
    want = run_program(path, name, str(tmp_path / "in.json"), "golden")
    got = run_program(str(tmp_path / "dfg.mlir"), None, str(tmp_path / "in.json"), "golden")
    assert want["status"] == got["status"] == "pass", (want["message"], got["message"])
    assert (got["returns"], got["memrefs"]) == (want["returns"], want["memrefs"])
