"""Escapes found by probing malformed inputs of issue 25's families (huge numbers in attributes, negative and
out-of-range views, options past what the simulators take): each is now one located error with exit 2, or
runs as it should."""

from __future__ import annotations

import json
import time

import pytest
from dfv_cli import check_one_line_error, run_dfv

from dfv.golden.memory.memory import MAX_DEPTH
from dfv.lowering.handshake_syntax import MAX_PORTS
from dfv.lowering.parse import MAX_INT_DIGITS
from dfv.sim.run import verilator_seed
from dfv.tb.kernel.bounds import MAX_MEM_LATENCY

GOOD = """func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  func.return %b : i32
}
"""


def _run(tmp_path, text: str, args: list, *extra: str, timeout: float = 120):
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    return run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), *extra, timeout=timeout)


VIEW = """func.func @f(%m: memref<8xi32>) -> i32 {{
  %s = {view} : memref<8xi32> to {vt}
  %c0 = arith.constant 0 : index
  %v = memref.load %s[{idx}] : {vt}
  func.return %v : i32
}}
"""


@pytest.mark.parametrize("view,vt,idx,needle", [
    # a negative offset ran with Python's negative indexing in the source interpreter: a wrong 'fail'
    ("memref.subview %m[-2] [4] [1]", "memref<4xi32, strided<[1], offset: -2>>", "%c0",
     "memref.subview: the view memref<4xi32, strided<[1], offset: -2>> reaches the elements -2..1 of %m : "
     "memref<8xi32>, which has the elements 0..7"),
    # past the end: 'the source program cannot be run on these inputs: Buffer length 0 ...'
    ("memref.subview %m[6] [4] [1]", "memref<4xi32, strided<[1], offset: 6>>", "%c0",
     "reaches the elements 6..9 of %m"),
    ("memref.reinterpret_cast %m to offset: [2], sizes: [4], strides: [2]",
     "memref<4xi32, strided<[2], offset: 2>>", "%c0", "reaches the elements 2..8 of %m"),
])
def test_view_outside_its_root(tmp_path, view, vt, idx, needle):
    proc = _run(tmp_path, VIEW.format(view=view, vt=vt, idx=idx), [[1, 2, 3, 4, 5, 6, 7, 8]])
    check_one_line_error(proc, "k.mlir:2:3:", needle)


def test_expand_shape_to_more_elements(tmp_path):
    """memref<8> expanded to 3x3 (9 elements) passed, reading past the array at [2, 2]."""
    text = ("func.func @f(%m: memref<8xi32>) -> i32 {\n  %s = memref.expand_shape %m [[0, 1]] output_shape [3, 3] : "
            "memref<8xi32> into memref<3x3xi32>\n  %c0 = arith.constant 0 : index\n"
            "  %v = memref.load %s[%c0, %c0] : memref<3x3xi32>\n  func.return %v : i32\n}\n")
    check_one_line_error(_run(tmp_path, text, [[1, 2, 3, 4, 5, 6, 7, 8]]), "k.mlir:2:3:",
                         "memref.expand_shape: the view memref<3x3xi32> reaches the elements 0..8 of %m")


def test_view_with_negative_stride_inside_runs(tmp_path):
    """A view walking its root backwards stays inside it: it runs and reads 8, 7, ..."""
    view = "memref.reinterpret_cast %m to offset: [7], sizes: [4], strides: [-1]"
    vt = "memref<4xi32, strided<[-1], offset: 7>>"
    proc = _run(tmp_path, VIEW.format(view=view, vt=vt, idx="%c0"), [[1, 2, 3, 4, 5, 6, 7, 8]], "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [8]


FORK = """handshake.func @f(%a: i32, %start: none) -> (i32, none) {{
  %x = {op} : i32
  return %x, %start : i32, none
}}
"""


@pytest.mark.parametrize("op,needle", [
    ("fork [99999999] %a", f"handshake.fork outputs 99999999 is more than {MAX_PORTS}"),  # was a hang
    ("lazy_fork [99999999] %a", f"handshake.lazy_fork outputs 99999999 is more than {MAX_PORTS}"),
    ("buffer [2000000000] seq %a", f"handshake.buffer slots 2000000000 is more than {MAX_DEPTH}"),  # ran on golden
    ("buffer [99999999999] fifo %a", f"handshake.buffer slots 99999999999 is more than {MAX_DEPTH}"),
])
def test_huge_counts_in_handshake_syntax(tmp_path, op, needle):
    start = time.monotonic()
    check_one_line_error(_run(tmp_path, FORK.format(op=op), [1]), "k.mlir:2:", needle)
    assert time.monotonic() - start < 60


def test_huge_memory_port_count(tmp_path):
    text = ("handshake.func @f(%a: i32, %start: none) -> (i32, none) {\n  %ld = memory [ld = 99999999, st = 0] () "
            "{id = 0 : i32} : memref<4xi32>, () -> ()\n  return %a, %start : i32, none\n}\n")
    check_one_line_error(_run(tmp_path, text, [1]), "k.mlir:2:22:", f"ld (ports) 99999999 is more than {MAX_PORTS}")


def test_integer_literal_too_long(tmp_path):
    """5,000 digits was 'malformed MLIR: Exceeds the limit (4300 digits) ...', with no location."""
    text = GOOD.replace("%b = arith.addi %a, %a : i32", "%c = arith.constant " + "9" * 5000 + " : i32\n"
                        "  %b = arith.addi %a, %c : i32")
    check_one_line_error(_run(tmp_path, text, [1]), "k.mlir:2:23:", "an integer literal of 5000 characters: no "
                         "supported type holds it")
    text = GOOD.replace("%b = arith.addi %a, %a : i32", "%c = arith.constant " + "9" * MAX_INT_DIGITS + " : i64\n"
                        "  %b = arith.addi %a, %a : i32")
    check_one_line_error(_run(tmp_path, text, [1]), "k.mlir:2:3:", "out of range for type i64")


def test_float_literal_with_a_long_whole_part(tmp_path):
    """A float constant of 5,000 digits before its point is infinity in f64 (it was the same unlocated error)."""
    text = ("func.func @f(%a: f64) -> f64 {\n  %c = arith.constant " + "9" * 5000 + ".0 : f64\n"
            "  %b = arith.addf %a, %c : f64\n  func.return %b : f64\n}\n")
    proc = _run(tmp_path, text, [1.0], "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == ["inf"]


def test_verilator_seed_in_range():
    """Verilator refuses a seed of 2^31 or more ('Command failed' for `dfv run --seed 4294967295`)."""
    assert [verilator_seed(s) for s in (0, 1, 2**31 - 2)] == [1, 2, 2**31 - 1]
    assert all(1 <= verilator_seed(s) < 2**31 for s in (2**31 - 1, 2**31, 2**32 - 1))


def test_largest_seed_runs_on_verilator(tmp_path):
    proc = _run(tmp_path, GOOD, [21], "--engine", "verilator", "--seed", str(2**32 - 1), "--json", timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [42]


@pytest.mark.parametrize("latency", [MAX_MEM_LATENCY + 1, 10**30])
def test_memory_latency_past_the_watchdog(tmp_path, latency):
    """A latency the watchdog would take for a deadlock (or a 32-bit signal cannot hold: a failed run, exit 1)
    is refused before anything is built."""
    proc = _run(tmp_path, GOOD, [1], "--engine", "verilator", "--mem-latency", str(latency))
    check_one_line_error(proc, f"memory read latency (--mem-latency) {latency} is not 1..{MAX_MEM_LATENCY}")
