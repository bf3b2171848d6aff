"""Every kernel of kernels/ on the golden engine, several seeded inputs, against xDSL's interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_inputs import KERNELS, ROOT, SEEDS, gen

from dfv.runner import run_program


def _run(tmp_path, name, args, **kw):
    inp = tmp_path / "in.json"
    inp.write_text(json.dumps({"args": args}))
    return run_program(os.path.join(ROOT, "kernels", f"{name}.mlir"), name, str(inp), "golden", **kw)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", KERNELS)
def test_kernel_golden(tmp_path, name, seed):
    res = _run(tmp_path, name, gen(name, seed))
    assert res["status"] == "pass", res["message"]


@pytest.mark.parametrize("n", [0, 1, 2, 8])
def test_dot_product_trip_counts(tmp_path, n):
    a, b = list(range(1, 9)), [3, -1, 4, 1, -5, 9, 2, -6]
    res = _run(tmp_path, "dot_product", [a, b, n])
    assert res["status"] == "pass", res["message"]
    assert res["returns"] == [sum(x * y for x, y in zip(a[:n], b[:n], strict=True))]


def test_for_zero_one_many(tmp_path):
    for lb, ub, stp, trips in ((4, 4, 1, 0), (9, 2, 1, 0), (0, 1, 5, 1), (-3, 27, 2, 15)):
        res = _run(tmp_path, "for_trip_args", [lb, ub, stp, [0] * 16, 7])
        assert res["status"] == "pass", res["message"]
        assert res["returns"][1] == trips


def test_while_zero_iterations(tmp_path):
    res = _run(tmp_path, "while_zero", [100, 5])
    assert res["status"] == "pass", res["message"]
    assert res["returns"] == [100, 0]
    res = _run(tmp_path, "gcd", [12, 12])
    assert res["status"] == "pass" and res["returns"] == [12]


def test_index_width_flag(tmp_path):
    res = _run(tmp_path, "i1_index_args", [1, 100, 7], index_width=64)
    assert res["status"] == "pass", res["message"]
    res = _run(tmp_path, "dot_product", [[1] * 8, [2] * 8, 5], index_width=16)
    assert res["status"] == "pass", res["message"]
    assert res["returns"] == [10]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(-2**31, 2**31 - 1), min_size=8, max_size=8),
       st.lists(st.integers(-2**31, 2**31 - 1), min_size=8, max_size=8), st.integers(0, 8))
def test_dot_product_property(tmp_path_factory, a, b, n):
    res = _run(tmp_path_factory.mktemp("p"), "dot_product", [a, b, n])
    assert res["status"] == "pass", res["message"]


def test_cli_run_json_last_line(tmp_path):
    inp = tmp_path / "in.json"
    inp.write_text(json.dumps({"args": gen("histogram", 4)}))
    proc = subprocess.run([sys.executable, "-m", "dfv.cli", "run", os.path.join(ROOT, "kernels", "histogram.mlir"),
                           "--func", "histogram", "--inputs", str(inp), "--engine", "golden", "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    obj = json.loads(proc.stdout.strip().splitlines()[-1])
    assert obj["status"] == "pass" and obj["engine"] == "golden" and obj["cycles"] is None
    assert obj["sim_seconds"] is None
    assert set(obj) == {"status", "engine", "returns", "memrefs", "cycles", "sim_seconds", "message"}
    assert list(obj["memrefs"]) == ["0", "1"] and len(obj["memrefs"]["1"]) == 8


def test_stranded_token_without_zero_trip_guard(tmp_path):
    """Lowered naively (no zero-trip guard) a zero-trip loop strands a token: the run names it."""
    from dfv.golden.interpreter import run_dfg
    from dfv.lowering.lower_control import Lowerer, find_function
    from dfv.lowering.materialize import materialize
    from dfv.lowering.parse import parse_file

    src = parse_file(os.path.join(ROOT, "kernels", "dot_product.mlir"))
    g = materialize(Lowerer(src, find_function(src, "dot_product"), 32, zero_trip_guard=False).lower())
    ok = run_dfg(g, {0: [1] * 8, 1: [1] * 8, 2: 3})
    assert ok.clean and ok.results == [[3]]
    bad = run_dfg(g, {0: [1] * 8, 1: [1] * 8, 2: 0})
    assert not bad.clean
    text = "; ".join(bad.problems())
    assert "stranded in channel" in text and "scf.for at" in text and "dot_product.mlir:" in text
