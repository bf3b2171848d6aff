"""`dfv run --traffic full|random|bursty` and `--max-cycles` on an RTL engine: the traffic changes the cycles a
run takes, never its results (full traffic is the fastest); a run past its cycle bound is stopped and
reported with the bound; bad values of either are one `dfv: error:` line and exit 2."""

from __future__ import annotations

import json

import pytest
from dfv_cli import check_one_line_error, run_dfv

N = 32
VADD = f"""func.func @vadd(%a: memref<{N}xi32>, %b: memref<{N}xi32>, %c: memref<{N}xi32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {N} : index
  scf.for %i = %c0 to %n step %c1 {{
    %x = memref.load %a[%i] : memref<{N}xi32>
    %y = memref.load %b[%i] : memref<{N}xi32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %c[%i] : memref<{N}xi32>
  }}
  return
}}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    folder = tmp_path_factory.mktemp("traffic")
    (folder / "vadd.mlir").write_text(VADD)
    (folder / "in.json").write_text(json.dumps({"args": [list(range(N)), [3 * i for i in range(N)], [0] * N]}))
    return folder


def run(program, *extra: str):
    proc = run_dfv("run", str(program / "vadd.mlir"), "--inputs", str(program / "in.json"), "--engine", "verilator",
                   "--mem-latency", "1", "--json", *extra, timeout=600)
    return proc, json.loads(proc.stdout.splitlines()[-1])


def test_traffic_changes_the_cycles_and_never_the_results(program):
    got = {t: run(program, "--traffic", t) for t in ("full", "random", "bursty")}
    for traffic, (proc, res) in got.items():
        assert proc.returncode == 0 and res["status"] == "pass", (traffic, res["message"])
        assert res["memrefs"]["2"] == [4 * i for i in range(N)], traffic
    cycles = {t: res["cycles"] for t, (_, res) in got.items()}
    assert cycles["full"] < cycles["random"] and cycles["full"] < cycles["bursty"], cycles
    assert cycles["full"] <= N + 30, cycles  # a pipelined loop at full rate: about one element per cycle


def test_a_run_past_its_cycle_bound_is_stopped_naming_it(program):
    proc, res = run(program, "--traffic", "full", "--max-cycles", "20")
    assert proc.returncode == 1 and res["status"] == "fail"
    assert "still running after 20 cycles" in res["message"], res["message"]


@pytest.mark.parametrize("option, value, needle", [("--traffic", "steady", "invalid choice: 'steady'"),
                                                   ("--max-cycles", "0", "cycle bound must be 1..")])
def test_bad_values_are_one_line_errors(program, option, value, needle):
    proc = run_dfv("run", str(program / "vadd.mlir"), "--inputs", str(program / "in.json"), option, value)
    check_one_line_error(proc, needle)
