"""The xDSL `dataflow` dialect: verifiers for every 000/001 constraint; operand types of the `handshake`
dialect's operations (`dfg.mlir` reading back is tests/lowering/test_graph_mlir.py)."""

from __future__ import annotations

import pytest

from dfv.lowering.parse import LoweringError, parse_text


def _fn(body: str, args: str = "") -> str:
    return f"func.func @f({args}) {{\n{body}\n  func.return\n}}\n"


GOOD_TAGGED = ["i1", "i8", "i16", "i32", "i64", "bf16", "f16", "f32", "f64", "index"]


@pytest.mark.parametrize("value", GOOD_TAGGED)
@pytest.mark.parametrize("tag", ["i1", "i5", "i16"])
def test_tagged_allowed(value, tag):
    src = _fn(f'  %o = "dataflow.carry"(%d, %a, %a) : (i1, !dataflow.tagged<{value}, {tag}>, '
              f"!dataflow.tagged<{value}, {tag}>) -> !dataflow.tagged<{value}, {tag}>",
              f"%d: i1, %a: !dataflow.tagged<{value}, {tag}>")
    parse_text(src, "t.mlir")


@pytest.mark.parametrize("ty,needle", [
    ("!dataflow.tagged<memref<4xi32>, i4>", "memref<4xi32>"),
    ("!dataflow.tagged<vector<4xi32>, i4>", "vector<4xi32>"),
    ("!dataflow.tagged<tensor<4xi32>, i4>", "tensor<4xi32>"),
    ("!dataflow.tagged<complex<f32>, i4>", "complex<f32>"),
    ("!dataflow.tagged<i7, i4>", "i7"),
    ("!dataflow.tagged<i32, i17>", "i17"),
    ("!dataflow.tagged<i32, i0>", "i0"),
    ("!dataflow.tagged<i32, si4>", "si4"),
    ("!dataflow.tagged<i32, index>", "index"),
    ("!dataflow.tagged<!dataflow.tagged<i32, i2>, i4>", "tagged"),
])
def test_tagged_rejected(ty, needle):
    with pytest.raises(LoweringError) as e:
        parse_text(_fn("", f"%a: {ty}"), "t.mlir")
    assert "t.mlir:1:" in str(e.value) and needle in str(e.value)


def _stream(step_op="+=", cont="<", types="(index, index, index) -> (index, i1)", args="%a, %a, %a"):
    return _fn(f'  %i, %c = "dataflow.stream"({args}) {{step_op = "{step_op}", cont_cond = "{cont}"}} : {types}',
               "%a: index, %x: i32")


@pytest.mark.parametrize("step_op", ["+=", "-=", "*=", "/=", "<<=", ">>="])
@pytest.mark.parametrize("cont", ["<", "<=", ">", ">=", "!=", "sign"])
def test_stream_attrs_ok(step_op, cont):
    parse_text(_stream(step_op, cont), "t.mlir")


@pytest.mark.parametrize("src,needle", [
    (_stream(step_op="%="), "step_op"),
    (_stream(step_op="+"), "step_op"),
    (_stream(cont="=="), "cont_cond"),
    (_stream(types="(i32, index, index) -> (index, i1)", args="%x, %a, %a"), "start must be index"),
    (_stream(types="(index, index, index) -> (index, i32)"), "cont must be i1"),
    (_stream(types="(index, index, index) -> (i32, i1)"), "idx must be index"),
])
def test_stream_rejected(src, needle):
    with pytest.raises(LoweringError) as e:
        parse_text(src, "t.mlir")
    assert needle in str(e.value) and "t.mlir:" in str(e.value)


@pytest.mark.parametrize("body,needle", [
    ('  %o = "dataflow.carry"(%x, %x, %x) : (i32, i32, i32) -> i32', "d must be i1"),
    ('  %o = "dataflow.carry"(%d, %x, %y) : (i1, i32, i64) -> i32', "types must match"),
    ('  %o = "dataflow.invariant"(%d, %x) : (i1, i32) -> i64', "types must match"),
    ('  %o = "dataflow.invariant"(%x, %x) : (i32, i32) -> i32', "d must be i1"),
    ('  %v, %c = "dataflow.gate"(%x, %x) : (i32, i32) -> (i32, i1)', "before_cond must be i1"),
    ('  %v, %c = "dataflow.gate"(%x, %d) : (i32, i1) -> (i64, i1)', "types must match"),
    ('  %v, %c = "dataflow.gate"(%x, %d) : (i32, i1) -> (i32, i32)', "after_cond must be i1"),
    ('  %o = "dataflow.invariant"(%d, %m) : (i1, memref<4xi32>) -> memref<4xi32>', "memref"),
])
def test_operand_types_rejected(body, needle):
    with pytest.raises(LoweringError) as e:
        parse_text(_fn(body, "%d: i1, %x: i32, %y: i64, %m: memref<4xi32>"), "t.mlir")
    assert needle in str(e.value)


def test_dataflow_ops_ok():
    parse_text(_fn('  %o = "dataflow.carry"(%d, %x, %x) : (i1, i32, i32) -> i32\n'
                   '  %p = "dataflow.invariant"(%d, %x) : (i1, i32) -> i32\n'
                   '  %v, %c = "dataflow.gate"(%x, %d) : (i32, i1) -> (i32, i1)\n'
                   '  %n = "dataflow.invariant"(%d, %k) : (i1, none) -> none', "%d: i1, %x: i32, %k: none"),
               "t.mlir")


HANDSHAKE_REJECTED = [
    ("  %o = mux %d [%x, %y] : i1, i32", "operand is used with type i32, but has been previously used or defined "
                                         "with type i64"),
    ("  %o = mux %x [%x, %x] : !handshake.control, i32", "operand is used with type !handshake.control"),
    ("  %t, %f = cond_br %x, %x : i32", "operand is used with type i1, but has been previously used or defined "
                                        "with type i32"),
    ("  %o:2 = fork [2] %x : i32\n  %p = merge %o#0, %o#1, %d : i32", "with type i1"),
]


@pytest.mark.parametrize("body,needle", HANDSHAKE_REJECTED)
def test_handshake_operand_types_rejected(body, needle):
    text = f"handshake.func @f(%d: i1, %x: i32, %y: i64, %s: none) -> (none) {{\n{body}\n  return %s : none\n}}\n"
    with pytest.raises(LoweringError) as e:
        parse_text(text, "t.mlir")
    assert "t.mlir:" in str(e.value) and needle in str(e.value), str(e.value)


SPEC_SYNTAX = """func.func @f(%d: i1, %a: i32, %b: i32, %s: index, %t: !dataflow.tagged<f32, i5>) {
  %o = dataflow.carry %d, %a, %b : i1, i32, i32 -> i32
  %p = dataflow.invariant %d, %a : i1, i32 -> i32
  %v, %c = dataflow.gate %a, %d : i32, i1 -> i32, i1
  %i, %k = dataflow.stream %s, %s, %s
  %i2, %k2 = dataflow.stream %s, %s, %s {step_op = "+=", cont_cond = "<"} : (index, index, index) -> (index, i1)
  %q = dataflow.invariant %d, %t : i1, !dataflow.tagged<f32, i5> -> !dataflow.tagged<f32, i5>
  func.return
}
"""


def test_spec_syntax_round_trip():
    """The 000/001 custom syntax parses, prints and parses again."""
    mod = parse_text(SPEC_SYNTAX, "s.mlir").module
    text = str(mod)
    assert "dataflow.carry %d, %a, %b : i1, i32, i32 -> i32" in text
    parse_text(text, "s2.mlir")


@pytest.mark.parametrize("line,needle", [
    ("  %x = dataflow.carry %a, %a, %b : i32, i32, i32 -> i32", "d must be i1"),
    ("  %x = dataflow.carry %d, %a, %b : i1, i32, i64 -> i32", "i64"),
    ('  %x, %y = dataflow.stream %s, %s, %s {step_op = "^="}', "step_op"),
    ('  %x, %y = dataflow.stream %s, %s, %s {cont_cond = "=="}', "cont_cond"),
])
def test_spec_syntax_rejected(line, needle):
    with pytest.raises(LoweringError) as e:
        parse_text(SPEC_SYNTAX.replace("  func.return", line + "\n  func.return"), "s.mlir")
    assert needle in str(e.value) and "s.mlir:" in str(e.value)
