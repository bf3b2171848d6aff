"""How large a memory may be: at most `MAX_DEPTH` elements (the one bound of every memref, an allocation, an
argument, a handshake program's memory), refused at the memref before anything is allocated; and a memref of
size 0, legal MLIR, which gets no memory when unused and is refused at any access (every access to it would be
out of range), never a `.DEPTH(0)`."""

from __future__ import annotations

import json
import time

import pytest
from dfv_cli import check_one_line_error, run_dfv

from dfv.golden.memory.memory import MAX_DEPTH, Memory

ALLOCA = """func.func @f(%a: i32, %i: index) -> i32 {{
  %m = memref.{alloc}() : memref<{shape}xi32>
  memref.store %a, %m[%i] : memref<{shape}xi32>
  %v = memref.load %m[%i] : memref<{shape}xi32>
  func.return %v : i32
}}
"""


def _write(tmp_path, text: str, args: list) -> tuple[str, str]:
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    return str(tmp_path / "k.mlir"), str(tmp_path / "in.json")


@pytest.mark.parametrize("alloc", ["alloca", "alloc"])
@pytest.mark.parametrize("size", [2**31, 2**40, MAX_DEPTH + 1])
def test_allocation_too_large(tmp_path, alloc, size):
    """2^31 elements took a MemoryError after 11-19 s; now it is refused at the allocation, at once."""
    k, inputs = _write(tmp_path, ALLOCA.format(alloc=alloc, shape=size), [3, 0])
    start = time.monotonic()
    proc = run_dfv("run", k, "--inputs", inputs, "--index-width", "64")
    check_one_line_error(proc, "k.mlir:2:3:", f"memref %m : memref<{size}xi32> has {size} elements, more than the "
                         f"{MAX_DEPTH} a memory may hold (dfv.golden.memory.memory.MAX_DEPTH)")
    assert time.monotonic() - start < 60


def test_two_dimensional_allocation_too_large(tmp_path):
    text = ("func.func @f(%a: i32) -> i32 {\n  %m = memref.alloca() : memref<65536x65536xi32>\n"
            "  func.return %a : i32\n}\n")
    (tmp_path / "k.mlir").write_text(text)
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o"), "--index-width", "64"),
                         "k.mlir:2:3:", "has 4294967296 elements, more than the")


def test_argument_too_large(tmp_path):
    text = (f"func.func @f(%m: memref<{MAX_DEPTH + 1}xi32>) -> i32 {{\n  %c0 = arith.constant 0 : index\n"
            f"  %v = memref.load %m[%c0] : memref<{MAX_DEPTH + 1}xi32>\n  func.return %v : i32\n}}\n")
    (tmp_path / "k.mlir").write_text(text)
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o")),
                         "k.mlir:1:1:", f"memref %m : memref<{MAX_DEPTH + 1}xi32> has {MAX_DEPTH + 1} elements")


def test_allocation_at_the_limit_runs(tmp_path):
    """MAX_DEPTH elements: lowered and run, the value stored at the last address read back."""
    k, inputs = _write(tmp_path, ALLOCA.format(alloc="alloca", shape=MAX_DEPTH), [-7, MAX_DEPTH - 1])
    proc = run_dfv("run", k, "--inputs", inputs, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [-7]


def test_golden_memory_bound():
    """The golden model's own guard: the one constant, MAX_DEPTH."""
    assert Memory(depth=MAX_DEPTH).depth == MAX_DEPTH
    with pytest.raises(ValueError, match=f"depth {MAX_DEPTH + 1} is more than MAX_DEPTH"):
        Memory(depth=MAX_DEPTH + 1)


HS_MEMORY = """handshake.func @f(%a: i32, %start: none) -> (i32, none) {{
  %ld, %done = memory [ld = 1, st = 0] (%addr) {{id = 0 : i32}} : memref<{size}xi32>, (index) -> (i32, none)
  %c = constant %start {{value = 0 : index}} : index
  %d, %addr = load [%c] %ld, %start : index, i32
  sink %d : i32
  return %a, %done : i32, none
}}
"""


@pytest.mark.parametrize("size,needle", [
    (0, "handshake.memory: the memref memref<0xi32> has no elements; a memory needs at least one"),
    (MAX_DEPTH + 1, f"handshake.memory: the memref memref<{MAX_DEPTH + 1}xi32> has {MAX_DEPTH + 1} elements, "
                    f"more than the {MAX_DEPTH}"),
])
def test_handshake_memory_size(tmp_path, size, needle):
    """A handshake program's memory of size 0 was `internal error: depth must be an integer >= 1`."""
    k, inputs = _write(tmp_path, HS_MEMORY.format(size=size), [3])
    check_one_line_error(run_dfv("run", k, "--inputs", inputs), "k.mlir:2:3:", needle)


def test_handshake_memory_of_one_element_runs(tmp_path):
    k, inputs = _write(tmp_path, HS_MEMORY.format(size=1), [3])
    proc = run_dfv("run", k, "--inputs", inputs, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [3]


UNUSED_ZERO = """func.func @f(%a: i32) -> i32 {
  %m = memref.alloca() : memref<0xi32>
  %n = memref.alloc() : memref<0x4xi32>
  memref.dealloc %n : memref<0x4xi32>
  func.return %a : i32
}
"""


def test_unused_zero_size_allocation_has_no_memory(tmp_path):
    """A zero-size allocation nothing accesses: no memory instance, no `.DEPTH(0)`; it runs."""
    k, inputs = _write(tmp_path, UNUSED_ZERO, [4])
    proc = run_dfv("lower", k, "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    top = (tmp_path / "o" / "top.sv").read_text()
    assert "handshake_memory" not in top and "DEPTH(0)" not in top
    assert "0 memory group(s)" in proc.stdout
    proc = run_dfv("run", k, "--inputs", inputs, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [4]


@pytest.mark.parametrize("where", ["allocation", "argument"])
def test_access_to_zero_size_memref(tmp_path, where):
    """Any access to a zero-size memref is out of range: refused at the access, even one that never runs."""
    if where == "allocation":
        text = ("func.func @f(%a: i32, %c: i1) -> i32 {\n  %m = memref.alloca() : memref<0xi32>\n  scf.if %c {\n"
                "    %c0 = arith.constant 0 : index\n    memref.store %a, %m[%c0] : memref<0xi32>\n  }\n"
                "  func.return %a : i32\n}\n")
        loc = "k.mlir:5:5:"
    else:
        text = ("func.func @f(%m: memref<0xi32>, %a: i32) -> i32 {\n  %c0 = arith.constant 0 : index\n"
                "  %v = memref.load %m[%c0] : memref<0xi32>\n  func.return %v : i32\n}\n")
        loc = "k.mlir:3:3:"
    (tmp_path / "k.mlir").write_text(text)
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o")), loc,
                         "memref %m : memref<0xi32> has no elements, so every access to it is out of range")


def test_unused_zero_size_argument_runs(tmp_path):
    """A zero-size memref argument nothing accesses: its inputs value is the empty list; it runs."""
    text = "func.func @f(%m: memref<0xi32>, %a: i32) -> i32 {\n  func.return %a : i32\n}\n"
    k, inputs = _write(tmp_path, text, [[], 9])
    proc = run_dfv("run", k, "--inputs", inputs, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.splitlines()[-1])
    assert out["returns"] == [9] and out["memrefs"] == {"0": []}
