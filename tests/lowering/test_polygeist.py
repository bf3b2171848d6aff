"""Programs as Polygeist/cgeist emits them (issue 25): module and function attributes, `func.call` inlined,
`affine` lowered to `scf`, memref arguments with dynamic sizes, nested-list inputs, `llvm.mlir.undef` and
`memref.cast` in its custom syntax. Every run is compared with the source interpreter, which runs the program
as written (calls and affine operations included); the affine semantics are also checked against exact
arithmetic computed here."""

from __future__ import annotations

import io
import json
import struct

import pytest
import yaml
from dfv_cli import check_one_line_error, run_dfv
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.printer import Printer

from dfv.golden.values import FloatValue
from dfv.lowering.mem_limits import DEFAULT_MAX_MEM, MemLimits
from dfv.lowering.parse import LoweringError, parse_text
from dfv.lowering.pipeline import lower_program
from dfv.lowering.prepare import UNDEF_WORD
from dfv.runner import run_program

ATTRS = ('module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<2xi32>>, '
         '#dlti.dl_entry<!llvm.ptr<270>, dense<32> : vector<4xi32>>, #dlti.dl_entry<"dlti.endianness", "little">>, '
         'llvm.data_layout = "e-m:e-i64:64", llvm.target_triple = "x86_64-unknown-linux-gnu", '
         '"polygeist.target-cpu" = "x86-64"}')


def run(tmp_path, text: str, args: list, engine: str = "golden", **kw) -> dict:
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    return run_program(str(tmp_path / "k.mlir"), kw.pop("func", None), str(tmp_path / "in.json"), engine, **kw)


def passes(tmp_path, text: str, args: list, **kw) -> dict:
    """Both golden engines pass (each compares with the source interpreter); the bounded run's result."""
    out = run(tmp_path, text, args, "golden-unbounded", **kw)
    assert out["status"] == "pass", out["message"]
    out = run(tmp_path, text, args, **kw)
    assert out["status"] == "pass", out["message"]
    return out


# ------------------------------------------------------------------ attributes
DOUBLE = """{attrs} {{
  func.func @f(%a: i32) -> i32 attributes {{llvm.linkage = #llvm.linkage<external>}} {{
    %b = arith.addi %a, %a : i32
    return %b : i32
  }}
}}
"""


@pytest.mark.parametrize("attrs", [
    ATTRS,
    'module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi64>, "dlti.endianness" = "little">}',
    "module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32 : i32>>}",
    "module attributes {llvm.emit_c_interface, polygeist.anything = 3}",
])
def test_host_attributes_are_ignored(tmp_path, attrs):
    """Both spellings of a data layout, the target, linkage and cgeist's attributes change nothing."""
    assert passes(tmp_path, DOUBLE.format(attrs=attrs), [21])["returns"] == [42]


def test_index_entry_must_match_the_index_width(tmp_path):
    text = DOUBLE.format(attrs="module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 64 : i32>>}")
    with pytest.raises(LoweringError, match="gives index 64 bits, but index is 32 bits on this run"):
        run(tmp_path, text, [1])
    assert passes(tmp_path, text, [1], index_width=64)["returns"] == [2]


def test_argument_hints_are_ignored(tmp_path):
    text = """func.func @f(%m: memref<4xi32> {llvm.noalias, llvm.nocapture}) -> (i32 {llvm.noundef}) {
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1] : memref<4xi32>
  return %v : i32
}
"""
    assert passes(tmp_path, text, [[5, 6, 7, 8]])["returns"] == [6]


# ------------------------------------------------------------------ calls
CALLS = """func.func private @sq(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>} {
  %y = arith.muli %x, %x : i32
  return %y : i32
}
func.func private @sumsq(%m: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %m[%i] : memref<?xi32>
    %s = func.call @sq(%v) : (i32) -> i32
    %t = arith.addi %acc, %s : i32
    scf.yield %t : i32
  }
  return %r : i32
}
func.func @top(%a: memref<6xi32>, %n: index) -> (i32, i32) {
  %cast = memref.cast %a : memref<6xi32> to memref<?xi32>
  %s = call @sumsq(%cast, %n) : (memref<?xi32>, index) -> i32
  %q = call @sq(%s) : (i32) -> i32
  return %s, %q : i32, i32
}
"""


@pytest.mark.parametrize("n", [0, 1, 6])
def test_calls_are_inlined(tmp_path, n):
    """Two levels of calls, one function called from two places; the default function is the one nobody calls."""
    a = [3, -1, 4, 1, -5, 9]
    s = sum(x * x for x in a[:n])
    assert passes(tmp_path, CALLS, [a, n])["returns"] == [s, s * s]


def test_inlined_operations_keep_their_locations():
    """An operation copied from a callee is located at the callee's text, and a loop made from affine.for is
    named as it."""
    text = CALLS.replace("%z = arith.constant 0 : i32", "%z = arith.constant 0 : i32\n  %u = llvm.mlir.undef : i32")
    g = lower_program(parse_text(text, "k.mlir")).g
    muli = [n for n in g.nodes.values() if n.op == "arith.muli"]
    assert muli and {n.loc for n in muli} == {"k.mlir:2:3"}
    g = lower_program(parse_text(AFFINE_IF, "a.mlir")).g
    assert g.sources[g.loops[next(iter(g.loops))]["loc"]] == "affine.for"


def test_too_many_inlined_operations(tmp_path, monkeypatch):
    """A call tree that grows past the bound is refused, naming the function and the count."""
    from dfv.lowering import inline

    monkeypatch.setattr(inline, "MAX_INLINED_OPS", 10)
    with pytest.raises(LoweringError, match=r"@top has \d+ operations with its calls inlined, more than 10"):
        lower_program(parse_text(CALLS, "k.mlir"), "top")


# ------------------------------------------------------------------ affine
APPLY = """func.func @f(%a: index, %b: index) -> index {{
  %r = affine.apply affine_map<(d0)[s0] -> ({expr})>(%a)[%b]
  return %r : index
}}
"""
EXPRS = {  # the map's text and the same function in exact arithmetic (Python's % and // round down, as MLIR's)
    "d0 mod 4": lambda a, b: a % 4,
    "d0 floordiv 3": lambda a, b: a // 3,
    "d0 ceildiv 3": lambda a, b: -(-a // 3),
    "d0 * 3 - s0 + 7": lambda a, b: 3 * a - b + 7,
    "(d0 - s0) floordiv 5 + (d0 + s0) mod 6": lambda a, b: (a - b) // 5 + (a + b) % 6,
    "-d0 + s0 * 2": lambda a, b: -a + 2 * b,
}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(EXPRS)), st.integers(-1000, 1000), st.integers(-1000, 1000))
def test_affine_expressions(tmp_path_factory, expr, a, b):
    """`mod` / `floordiv` / `ceildiv` of negative values as MLIR defines them, on the golden model (the lowering to
    arith) and in the source interpreter, against exact arithmetic."""
    out = passes(tmp_path_factory.mktemp("e"), APPLY.format(expr=expr), [a, b])
    assert out["returns"] == [EXPRS[expr](a, b)]


AFFINE_IF = """#set = affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 1 >= 0, d0 mod 2 == 0)>
#lb = affine_map<(d0) -> (d0, 1)>
#ub = affine_map<(d0)[s0] -> (d0 + 5, s0)>
func.func @f(%m: memref<?xi32>, %lo: index, %n: index) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = max #lb(%lo) to min #ub(%lo)[%n] step 2 iter_args(%acc = %z) -> (i32) {
    %k = affine.if #set(%i)[%n] -> i32 {
      %v = affine.load %m[%i - 1] : memref<?xi32>
      affine.yield %v : i32
    } else {
      %v = affine.load %m[symbol(%n) - %i - 1] : memref<?xi32>
      %w = arith.subi %z, %v : i32
      affine.yield %w : i32
    }
    %s = arith.addi %acc, %k : i32
    affine.yield %s : i32
  }
  %lo2 = affine.max affine_map<(d0) -> (d0 - 2, 0)>(%lo)
  %hi = affine.min affine_map<(d0)[s0] -> (d0 + 3, s0 - 1)>(%lo)[%n]
  affine.if affine_set<(d0, d1) : (d1 - d0 >= 0)>(%lo2, %hi) {
    affine.store %r, %m[(%lo2 + %hi) floordiv 2] : memref<?xi32>
  }
  return %r : i32
}
"""


def _affine_if_expected(m: list[int], lo: int, n: int) -> tuple[int, list[int]]:
    """AFFINE_IF in plain Python."""
    m, acc = list(m), 0
    for i in range(max(lo, 1), min(lo + 5, n), 2):
        acc += m[i - 1] if (i >= 2 and n - i - 1 >= 0 and i % 2 == 0) else -m[n - i - 1]
    lo2, hi = max(lo - 2, 0), min(lo + 3, n - 1)
    if hi >= lo2:
        m[(lo2 + hi) // 2] = acc
    return acc, m


@pytest.mark.parametrize("lo", [0, 1, 2, 3, 7])
def test_affine_for_if_min_max(tmp_path, lo):
    m = [10, -20, 30, -40, 50, -60, 70, -80, 90]
    out = passes(tmp_path, AFFINE_IF, [m, lo, len(m)])
    acc, final = _affine_if_expected(m, lo, len(m))
    assert out["returns"] == [acc] and out["memrefs"]["0"] == final


def test_affine_expression_overflowing_the_index_is_refused(tmp_path):
    text = APPLY.format(expr="d0 * 65536 + s0")
    with pytest.raises(LoweringError, match=r"k.mlir:2:3: affine.apply: .* outside the 32-bit index"):
        run(tmp_path, text, [65536, 0])
    assert passes(tmp_path, text, [65536, 0], index_width=64)["returns"] == [1 << 32]


def test_custom_syntax_prints_and_reads_back():
    """affine.if, affine.max and memref.cast print in MLIR's custom syntax and read back the same."""
    for text in (AFFINE_IF, CALLS):
        out = io.StringIO()
        Printer(stream=out).print_op(parse_text(text, "k.mlir").module)
        again = io.StringIO()
        Printer(stream=again).print_op(parse_text(out.getvalue(), "k2.mlir").module)
        assert again.getvalue() == out.getvalue()
        assert "affine.if affine_set" in out.getvalue() or "memref.cast %" in out.getvalue()


# ------------------------------------------------------------------ dynamic sizes, nested inputs
DYN = """func.func @f(%a: memref<?x?xi32>, %b: memref<?xi32>) -> (index, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xi32>
  %m = memref.dim %a, %c1 : memref<?x?xi32>
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %t = scf.for %j = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (i32) {
      %v = memref.load %a[%i, %j] : memref<?x?xi32>
      %w = arith.muli %v, %v : i32
      %u = arith.addi %acc2, %w : i32
      scf.yield %u : i32
    }
    %k = arith.remui %i, %m : index
    %x = memref.load %a[%i, %k] : memref<?x?xi32>
    memref.store %x, %b[%i] : memref<?xi32>
    scf.yield %t : i32
  }
  return %n, %m, %s : index, index, i32
}
"""


@pytest.mark.parametrize("shape", [(1, 1), (2, 3), (3, 2), (4, 5)])
def test_dynamic_sizes_from_nested_lists(tmp_path, shape):
    n, m = shape
    a = [[i * 10 + j for j in range(m)] for i in range(n)]
    out = passes(tmp_path, DYN, [a, [0] * n])
    assert out["returns"] == [n, m, sum(x * x for row in a for x in row)]
    assert out["memrefs"] == {"0": [x for row in a for x in row], "1": [a[i][i % m] for i in range(n)]}


def test_no_rows(tmp_path):
    """An empty list has no rows: both sizes of a memref<?x?xi32> are 0 (and the loops run no trip)."""
    out = passes(tmp_path, DYN, [[], []])
    assert out["returns"] == [0, 0, 0] and out["memrefs"] == {"0": [], "1": []}


def test_the_circuit_takes_the_sizes_as_arguments(tmp_path):
    """`dfv lower` needs no inputs: each dynamic size is an index argument after the function's, each memref with
    a dynamic size a memory of --max-mem elements (per argument with POS=N)."""
    (tmp_path / "k.mlir").write_text(DYN)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "--max-mem", "64", "--max-mem", "1=100", "-o",
                   str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    cfg = yaml.safe_load((tmp_path / "o" / "dfg.yaml").read_text())
    assert {g["position"]: g["size"] for g in cfg["groups"]} == {0: 64, 1: 100}
    assert [(a["position"], a["kind"], a["type"]) for a in cfg["args"] if a["kind"] == "scalar"] == \
        [(2, "scalar", "index"), (3, "scalar", "index"), (4, "scalar", "index")]
    top = (tmp_path / "o" / "top.sv").read_text()
    assert all(f"arg{i}_data" in top for i in (2, 3, 4))
    g = lower_program(parse_text(DYN, "k.mlir")).g
    assert {grp.size for grp in g.groups.values()} == {DEFAULT_MAX_MEM}


def test_flat_lists_keep_working(tmp_path):
    """A flat list gives a static memref's elements and the leading dynamic size; a nested one the same values."""
    text = """func.func @f(%a: memref<?x3xi32>, %b: memref<2x3xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %a, %c0 : memref<?x3xi32>
  %v = memref.load %b[%c0, %c2] : memref<2x3xi32>
  memref.store %v, %a[%c0, %c0] : memref<?x3xi32>
  return %n : index
}
"""
    flat = passes(tmp_path, text, [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6]])
    nested = passes(tmp_path, text, [[[1, 2, 3], [4, 5, 6], [7, 8, 9]], [[1, 2, 3], [4, 5, 6]]])
    assert flat == nested and flat["returns"] == [3] and flat["memrefs"]["0"][0] == 3


@pytest.mark.parametrize("args,needle", [
    ([[[1, 2], [3]], [0, 0]], "argument 0[1] (memref<?x?xi32>): dimension 1 has 1 values, the first list of this "
                              "level has 2"),
    ([[1, 2, 3, 4], [0]], "a flat list does not say its dynamic sizes"),
    ([[[[1]]], [0]], "nested deeper than the memref's 2 dimensions"),
    ([[[1], 2], [0]], "argument 0[1] (memref<?x?xi32>): dimension 1 must be a list"),
    ([[[1]], [[0]]], "argument 1 (memref<?xi32>) has one dimension"),
])
def test_mis_shaped_inputs_are_refused(tmp_path, args, needle):
    (tmp_path / "k.mlir").write_text(DYN)
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"))
    check_one_line_error(proc, "in.json", needle)


def test_static_memref_nested_and_mis_shaped(tmp_path):
    """The natural way to write a matrix works; a list with a row too short names the dimension."""
    from kernel_inputs import ROOT

    a = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    path = f"{ROOT}/kernels/matmul.mlir"
    (tmp_path / "in.json").write_text(json.dumps({"args": [a, a, [[0] * 4] * 4]}))
    out = run_program(path, "matmul", str(tmp_path / "in.json"), "golden")
    assert out["status"] == "pass", out["message"]
    assert out["memrefs"]["2"] == [sum(a[i][k] * a[k][j] for k in range(4)) for i in range(4) for j in range(4)]
    (tmp_path / "in.json").write_text(json.dumps({"args": [a, [*a[:3], [1, 2, 3]], [[0] * 4] * 4]}))
    proc = run_dfv("run", path, "--inputs", str(tmp_path / "in.json"))
    check_one_line_error(proc, "argument 1[3] (memref<4x4xi32>): dimension 1 has 3 values, the type says 4")


@pytest.mark.parametrize("options,needle", [
    ([], f"argument 1 (memref<?xi32>) has 5000 elements (shape 5000): its hardware memory holds {DEFAULT_MAX_MEM} "
         f"(--max-mem {DEFAULT_MAX_MEM}"),
    (["--max-mem", "100"], "argument 1 (memref<?xi32>) has 5000 elements (shape 5000): its hardware memory holds 100"),
    (["--max-mem", "8000", "--max-mem", "1=4999"], "holds 4999 (--max-mem 1=4999"),
])
def test_input_larger_than_its_memory_is_refused(tmp_path, options, needle):
    (tmp_path / "k.mlir").write_text(DYN)
    (tmp_path / "in.json").write_text(json.dumps({"args": [[[1]], [0] * 5000]}))
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), *options)
    check_one_line_error(proc, "in.json", needle)


def test_max_mem_per_argument_lets_it_run(tmp_path):
    out = passes(tmp_path, DYN, [[[1, 2]], [0] * 5000], limits=MemLimits.parse(["1=5000"]))
    assert out["returns"] == [1, 2, 5]


@pytest.mark.parametrize("value,needle", [("0", "at least 1"), ("x", "expected N or POS=N"),
                                          ("-1=4", "position at least 0")])
def test_bad_max_mem_option(tmp_path, value, needle):
    (tmp_path / "k.mlir").write_text(DYN)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), f"--max-mem={value}", "-o", str(tmp_path / "o"))
    check_one_line_error(proc, "--max-mem", needle)


def test_max_mem_beyond_the_index_is_refused(tmp_path):
    (tmp_path / "k.mlir").write_text(DYN)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "--index-width", "8", "--max-mem", "1000", "-o",
                   str(tmp_path / "o"))
    check_one_line_error(proc, "k.mlir:1:1", "has a memory of 1000 elements (--max-mem 1000)", "8-bit index")


def test_cast_to_a_static_size_is_checked_on_the_run(tmp_path):
    text = """func.func @f(%a: memref<?xi32>) -> i32 {
  %c = memref.cast %a : memref<?xi32> to memref<4xi32>
  %c3 = arith.constant 3 : index
  %v = memref.load %c[%c3] : memref<4xi32>
  return %v : i32
}
"""
    assert passes(tmp_path, text, [[1, 2, 3, 4]])["returns"] == [4]
    with pytest.raises(LoweringError, match="k.mlir:2:3: memref.cast to memref<4xi32>: dimension 0 is 5 on this run"):
        run(tmp_path, text, [[1, 2, 3, 4, 5]])


# ------------------------------------------------------------------ llvm.mlir.undef
UNDEF = """func.func @f(%n: i32) -> (i32, f32) {{
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %u = llvm.mlir.undef : i32
  %uf = llvm.mlir.undef : f32
  %r:3 = scf.while (%i = %z, %last = %u, %lf = %uf) : (i32, i32, f32) -> (i32, i32, f32) {{
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %last, %lf : i32, i32, f32
  }} do {{
  ^bb0(%i: i32, %last: i32, %lf: f32):
    %j = arith.addi %i, %one : i32
    %f = arith.sitofp %j : i32 to f32
    scf.yield %j, %j, %f : i32, i32, f32
  }}
  return %r#1, %r#2 : i32, f32
}}
"""


@pytest.mark.parametrize("n", [0, 3])
def test_undef_is_the_documented_value(tmp_path, n):
    """A zero-trip loop returns the undef values: UNDEF_WORD on the golden model and in the source interpreter."""
    out = passes(tmp_path, UNDEF.format(), [n])
    f32 = FloatValue("f32", UNDEF_WORD if n == 0 else struct.unpack("<I", struct.pack("<f", n))[0])
    assert out["returns"] == [UNDEF_WORD if n == 0 else n, f32]
