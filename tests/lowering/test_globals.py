"""`memref.global` tables (issue 25): read as front ends print them, run by the source interpreter, lowered to an
initialised internal memory (carried by `dfg.mlir`, `dfg.yaml` and the top's `INIT`), and refused with one located
line where they are not supported. Expected values are computed here from the tables' literals, not by dfv."""

from __future__ import annotations

import json
import struct

import pytest
from dfv_cli import check_one_line_error, run_dfv

from dfv.golden.catalogue import init_literal
from dfv.lowering.graph_ir import ir_text
from dfv.lowering.parse import parse_text
from dfv.lowering.pipeline import lower_program
from dfv.lowering.topgen import gen_module
from dfv.runner import run_program

TABLE = [1, 2, 3, 5, 8, 13, 21, 34]

READ = """memref.global "private" constant @table : memref<8xi32> = dense<[1, 2, 3, 5, 8, 13, 21, 34]> \
{alignment = 64 : i64}
func.func @f(%i: index, %j: index) -> i32 {
  %t = memref.get_global @table : memref<8xi32>
  %u = memref.get_global @table : memref<8xi32>
  %a = memref.load %t[%i] : memref<8xi32>
  %b = memref.load %u[%j] : memref<8xi32>
  %s = arith.addi %a, %b : i32
  return %s : i32
}
"""

# a mutable global: two get_globals of one symbol, a helper storing through its own (inlined), reads after
MUTABLE = """memref.global @acc : memref<2x3xi16> = dense<[[1, -2, 3], [4, 5, -6]]>
memref.global "private" @zero : memref<4xi8> = uninitialized
func.func private @bump(%r: index, %c: index, %d: i16) {
  %a = memref.get_global @acc : memref<2x3xi16>
  %v = memref.load %a[%r, %c] : memref<2x3xi16>
  %s = arith.addi %v, %d : i16
  memref.store %s, %a[%r, %c] : memref<2x3xi16>
  return
}
func.func @f(%r: index, %c: index, %d: i16, %k: index) -> (i16, i16, i8) {
  call @bump(%r, %c, %d) : (index, index, i16) -> ()
  call @bump(%r, %c, %d) : (index, index, i16) -> ()
  %c0 = arith.constant 0 : index
  %a = memref.get_global @acc : memref<2x3xi16>
  %v = memref.load %a[%r, %c] : memref<2x3xi16>
  %w = memref.load %a[%c0, %c0] : memref<2x3xi16>
  %z = memref.get_global @zero : memref<4xi8>
  %x = memref.load %z[%k] : memref<4xi8>
  return %v, %w, %x : i16, i16, i8
}
"""

FLOATS = """memref.global "private" constant @h : memref<3xf16> = dense<[0.1, 2.5, -1.0]>
memref.global "private" constant @b : memref<2xbf16> = dense<[0.1, -3.0]>
memref.global "private" constant @s : memref<2x2xf32> = dense<0.1>
memref.global "private" constant @d : memref<2xf64> = dense<[0.1, 1.0e300]>
func.func @f(%i: index) -> (f16, bf16, f32, f64) {
  %h = memref.get_global @h : memref<3xf16>
  %b = memref.get_global @b : memref<2xbf16>
  %s = memref.get_global @s : memref<2x2xf32>
  %d = memref.get_global @d : memref<2xf64>
  %0 = memref.load %h[%i] : memref<3xf16>
  %1 = memref.load %b[%i] : memref<2xbf16>
  %2 = memref.load %s[%i, %i] : memref<2x2xf32>
  %3 = memref.load %d[%i] : memref<2xf64>
  return %0, %1, %2, %3 : f16, bf16, f32, f64
}
"""


def _run(tmp_path, text: str, args: list, engine: str = "golden") -> dict:
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    return run_program(str(tmp_path / "k.mlir"), "f", str(tmp_path / "in.json"), engine)


@pytest.mark.parametrize(("i", "j"), [(0, 0), (3, 7), (7, 2)])
def test_constant_table(tmp_path, i, j):
    res = _run(tmp_path, READ, [i, j])
    assert res["status"] == "pass", res["message"]
    assert res["returns"] == [TABLE[i] + TABLE[j]]


def test_mutable_global_is_one_buffer(tmp_path):
    acc = [[1, -2, 3], [4, 5, -6]]
    for r, c, d, k in ((1, 2, 7, 3), (0, 0, -5, 0)):
        res = _run(tmp_path, MUTABLE, [r, c, d, k])
        assert res["status"] == "pass", res["message"]
        after = [row[:] for row in acc]
        after[r][c] += 2 * d  # every run starts from the initial value
        assert res["returns"] == [after[r][c], after[0][0], 0]


def _word(fmt: str, x: float) -> int:
    return struct.unpack("<H", struct.pack("<e", x))[0] if fmt == "f16" else \
        struct.unpack("<I", struct.pack("<f", x))[0] if fmt == "f32" else struct.unpack("<Q", struct.pack("<d", x))[0]


def test_float_tables_are_exact_words(tmp_path):
    """Each element is the word its decimal text rounds to in the element's format (f16 0.1 = 0x2e66, bf16 0.1 =
    0x3dcd: the nearest, not 0.1 rounded to a double first where that differs), splats repeated."""
    prog = lower_program(parse_text(FLOATS, "k.mlir"), "f")
    init = {g.root: list(g.init) for g in prog.g.groups.values()}
    assert init["@h"] == [_word("f16", 0.1), _word("f16", 2.5), _word("f16", -1.0)]
    f32 = struct.unpack("<I", struct.pack("<f", 0.1))[0]
    assert init["@b"] == [f32 >> 16 if f32 & 0xFFFF < 0x8000 else (f32 >> 16) + 1, 0xC040]  # 0.1 rounded to bf16
    assert init["@s"] == [_word("f32", 0.1)] * 4
    assert init["@d"] == [_word("f64", 0.1), _word("f64", 1.0e300)]
    res = _run(tmp_path, FLOATS, [1])
    assert res["status"] == "pass", res["message"]


def test_init_travels_to_every_artefact():
    """`dfg.mlir` holds the table (`init`), reads back to the same contents; `dfg.yaml`'s memory node has them as
    the golden model's `contents`; the top gives them to `handshake_memory` as `INIT` (RELOAD only with stores)."""
    prog = lower_program(parse_text(READ, "k.mlir"), "f")
    text = ir_text(prog.ir)
    assert "init = dense<[1, 2, 3, 5, 8, 13, 21, 34]> : tensor<8xi32>" in text
    again = lower_program(parse_text(text, "dfg.mlir"))
    mem = next(n for n in again.g.nodes.values() if n.op == "handshake.memory")
    assert mem.params["contents"] == TABLE
    top = gen_module(again.g)
    literal = "256'h" + "".join(f"{v:08x}" for v in reversed(TABLE))
    assert f".INIT({literal}), .RELOAD(0)" in top
    assert init_literal(TABLE, 32, 8) == literal
    mutable = lower_program(parse_text(MUTABLE, "k.mlir"), "f")
    assert ".RELOAD(1)" in gen_module(mutable.g)


def test_bad_written_init(tmp_path):
    """A hand-edited `dfg.mlir` whose `init` does not fit the memory is refused at the memory."""
    text = ir_text(lower_program(parse_text(READ, "k.mlir"), "f").ir)
    for old, new, needle in (("34]> : tensor<8xi32>", "34, 55]> : tensor<9xi32>", "tensor<8xiW>"),
                             ("dense<[1, 2, 3, 5, 8, 13, 21, 34]> : tensor<8xi32>",
                              "dense<[1, 2, 3, 5, 8, 13, 21, 34]> : tensor<8xi16>", "32-bit words")):
        (tmp_path / "dfg.mlir").write_text(text.replace(old, new))
        proc = run_dfv("lower", str(tmp_path / "dfg.mlir"), "-o", str(tmp_path / "out"))
        check_one_line_error(proc, "dfg.mlir:", needle)


GET = "func.func @f(%i: index) -> i32 {\n  %t = memref.get_global @g : memref<4xi32>\n" \
      "  %v = memref.load %t[%i] : memref<4xi32>\n  return %v : i32\n}\n"

BAD = {
    "unknown_symbol": (GET, ["k.mlir:2:3:", "no memref.global @g"]),
    "index_elements": ("memref.global @g : memref<4xindex> = dense<0>\n" + GET.replace("xi32", "xindex")
                       .replace("-> i32", "-> index").replace("%v : i32", "%v : index"),
                       ["k.mlir:3:3:", "element type index is not supported"]),
    "too_large": ("memref.global @g : memref<2000000xi32> = dense<0>\n" + GET.replace("4xi32", "2000000xi32"),
                  ["k.mlir:3:3:", "2000000 elements", "MAX_DEPTH"]),
    "type_mismatch": ("memref.global @g : memref<8xi32> = dense<0>\n" + GET, ["k.mlir:3:3:", "not the global's"]),
    "declaration_only": ("memref.global @g : memref<4xi32>\n" + GET, ["k.mlir:", "without an initial value"]),
    "shape_mismatch": ("memref.global @g : memref<4xi32> = dense<[1, 2]>\n" + GET, ["k.mlir:1:36:", "Shape mismatch"]),
    "not_dense": ('memref.global @g : memref<4xi32> = "x"\n' + GET, ["k.mlir:1:", "uninitialized` or `dense"]),
    "store_to_constant": ("memref.global constant @g : memref<4xi32> = dense<1>\n" + GET.replace(
        "  return", "  memref.store %v, %t[%i] : memref<4xi32>\n  return"),
        ["k.mlir:5:3:", "memref.store to the constant memref.global @g"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_refused(tmp_path, case):
    text, needles = BAD[case]
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": [1]}))
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--func", "f", "--inputs", str(tmp_path / "in.json"),
                   "--engine", "golden")
    check_one_line_error(proc, *needles)
