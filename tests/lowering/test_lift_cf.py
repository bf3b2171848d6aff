"""Lifting `cf` functions to `scf` (dfv/lowering/lift_cf.py): the shape of the lifted IR for each pattern,
what is refused (an irreducible graph with its blocks named), the source interpreter on the original
`cf` program (a wrong lifting is caught), and the trip budget of `cf` loops.

Every shape test also runs the original and the lifted function on xDSL's interpreter and checks both
against a result computed here in Python."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from dfv_cli import check_one_line_error, run_dfv

from dfv.lowering import lift_cf
from dfv.lowering.lift_cf import lift_function
from dfv.lowering.lower_control import find_function
from dfv.lowering.parse import LoweringError, parse_text
from dfv.lowering.pipeline import lower_program
from dfv.lowering.reference import run_source
from dfv.runner import run_program

SUM = """func.func @sum(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  cf.br ^hdr(%c0, %z : index, i32)
^hdr(%i: index, %acc: i32):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %ii = arith.index_cast %i : index to i32
  %a = arith.addi %acc, %ii : i32
  %i1 = arith.addi %i, %c1 : index
  cf.br ^hdr(%i1, %a : index, i32)
^exit:
  return %acc : i32
}
"""

ABSDIFF = """func.func @absdiff(%a: i32, %b: i32) -> i32 {
  %lt = arith.cmpi slt, %a, %b : i32
  cf.cond_br %lt, ^t, ^f
^t:
  %d1 = arith.subi %b, %a : i32
  cf.br ^j(%d1 : i32)
^f:
  %d2 = arith.subi %a, %b : i32
  cf.br ^j(%d2 : i32)
^j(%r: i32):
  return %r : i32
}
"""

IF_NO_ELSE = """func.func @f(%m: memref<2xi32>, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %neg = arith.cmpi slt, %a, %z : i32
  cf.cond_br %neg, ^store, ^join
^store:
  memref.store %a, %m[%c0] : memref<2xi32>
  cf.br ^join
^join:
  return %a : i32
}
"""

SELECT = """func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^j(%a : i32), ^j(%b : i32)
^j(%r: i32):
  return %r : i32
}
"""

DO_WHILE = """func.func @f(%n: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  cf.br ^body(%z, %z : i32, i32)
^body(%i: i32, %acc: i32):
  %m = arith.muli %i, %i : i32
  %a = arith.addi %acc, %m : i32
  %i1 = arith.addi %i, %c1 : i32
  %c = arith.cmpi slt, %i1, %n : i32
  cf.cond_br %c, ^body(%i1, %a : i32, i32), ^exit
^exit:
  return %a, %m : i32, i32
}
"""

MID_TEST = """func.func @f(%x: i32, %y: i32) -> i32 {
  %z = arith.constant 0 : i32
  cf.br ^top(%x, %y : i32, i32)
^top(%a: i32, %b: i32):
  %r = arith.remsi %a, %b : i32
  cf.br ^test
^test:
  %nz = arith.cmpi ne, %r, %z : i32
  cf.cond_br %nz, ^step, ^out
^step:
  cf.br ^top(%b, %r : i32, i32)
^out:
  return %b : i32
}
"""

NESTED = """func.func @f(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  cf.br ^outer(%c0, %z : index, i32)
^outer(%i: index, %s: i32):
  %ci = arith.cmpi slt, %i, %n : index
  cf.cond_br %ci, ^pre, ^done
^pre:
  cf.br ^inner(%c0, %s : index, i32)
^inner(%j: index, %t: i32):
  %cj = arith.cmpi slt, %j, %i : index
  cf.cond_br %cj, ^body, ^inner_done
^body:
  %jj = arith.index_cast %j : index to i32
  %odd = arith.trunci %jj : i32 to i1
  cf.cond_br %odd, ^add, ^skip(%t : i32)
^add:
  %t2 = arith.addi %t, %jj : i32
  cf.br ^skip(%t2 : i32)
^skip(%t3: i32):
  %j1 = arith.addi %j, %c1 : index
  cf.br ^inner(%j1, %t3 : index, i32)
^inner_done:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^outer(%i1, %t : index, i32)
^done:
  return %s : i32
}
"""

SEARCH = """func.func @f(%a: memref<8xi32>, %n: index, %key: i32) -> (index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1 : i32
  cf.br ^hdr(%c0 : index)
^hdr(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^notfound
^body:
  %v = memref.load %a[%i] : memref<8xi32>
  %eq = arith.cmpi eq, %v, %key : i32
  cf.cond_br %eq, ^found, ^next
^next:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^hdr(%i1 : index)
^found:
  return %i, %v : index, i32
^notfound:
  return %n, %m1 : index, i32
}
"""

SWITCH = """func.func @f(%x: i32, %k: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.switch %x : i32, [
    default: ^j(%x : i32),
    0: ^zero,
    -3: ^j(%k : i32)
  ]
^zero:
  %y = arith.addi %k, %c1 : i32
  cf.br ^j(%y : i32)
^j(%r: i32):
  return %r : i32
}
"""

UNREACHABLE = """func.func @f(%a: i32) -> i32 {
  cf.br ^live
^dead:
  %b = arith.ceildivsi %a, %a : i32
  cf.br ^live
^live:
  return %a : i32
}
"""


def _lifted(text: str):
    src = parse_text(text, "k.mlir")
    fn = find_function(src, None)
    out = lift_function(src, fn)
    return src, fn, out, find_function(out, None)


def _names(block) -> list[str]:
    return [op.name for op in block.ops]


def _top(fn) -> list[str]:
    return _names(fn.body.blocks[0])


def _both(text: str, args: list) -> tuple:
    """The results of the original and the lifted function on `args` (xDSL's interpreter)."""
    src, fn, out, lfn = _lifted(text)
    return run_source(src, fn, list(args), 32), run_source(out, lfn, list(args), 32)


def _ops(fn, name: str) -> list:
    return [op for op in fn.walk() if op.name == name]


def test_top_tested_loop_is_the_hand_written_while():
    _, _, out, fn = _lifted(SUM)
    assert _top(fn) == ["arith.constant"] * 3 + ["scf.while", "func.return"]
    (loop,) = _ops(fn, "scf.while")
    assert _names(loop.before_region.block) == ["arith.cmpi", "scf.condition"]
    assert _names(loop.after_region.block) == ["arith.index_cast", "arith.addi", "arith.addi", "scf.yield"]
    assert len(loop.results) == 2 and not _ops(fn, "scf.if")
    assert out.loc(loop) == "k.mlir:6:1" and out.op_name(loop) == "loop ^hdr (lifted to scf.while)"
    for n in (0, 1, 7):
        ref, got = _both(SUM, [n])
        assert ref == got == ([n * (n - 1) // 2], {})


def test_join_with_an_argument_is_an_if_with_a_result():
    _, _, _, fn = _lifted(ABSDIFF)
    assert _top(fn) == ["arith.cmpi", "scf.if", "func.return"]
    (if_op,) = _ops(fn, "scf.if")
    assert len(if_op.results) == 1 and if_op.false_region.blocks
    for a, b in ((3, 10), (10, 3), (-5, -5)):
        ref, got = _both(ABSDIFF, [a, b])
        assert ref == got == ([abs(a - b)], {})


def test_branch_without_else():
    _, _, _, fn = _lifted(IF_NO_ELSE)
    (if_op,) = _ops(fn, "scf.if")
    assert not if_op.results and not if_op.false_region.blocks
    assert _names(if_op.true_region.block) == ["memref.store", "scf.yield"]
    for a in (-4, 4):
        ref, got = _both(IF_NO_ELSE, [[7, 7], a])
        assert ref == got == ([a], {0: [a if a < 0 else 7, 7]})


def test_two_edges_to_one_block_are_a_select():
    _, _, _, fn = _lifted(SELECT)
    assert _top(fn) == ["arith.select", "func.return"]
    for c in (0, 1):
        ref, got = _both(SELECT, [c, 5, 9])
        assert ref == got == ([5 if c else 9], {})


def test_bottom_tested_loop_is_a_do_while():
    _, _, _, fn = _lifted(DO_WHILE)
    (loop,) = _ops(fn, "scf.while")
    before = loop.before_region.block
    assert _names(before) == ["arith.muli", "arith.addi", "arith.addi", "arith.cmpi", "scf.condition"]
    assert before.last_op.condition.owner.name == "arith.cmpi"  # the source's own test, no selector
    assert _names(loop.after_region.block) == ["scf.yield"]
    for n in (-3, 1, 6):
        last = max(n, 1) - 1
        ref, got = _both(DO_WHILE, [n])
        assert ref == got == ([sum(i * i for i in range(last + 1)), last * last], {})


def test_test_in_the_body_goes_to_the_before_region():
    _, _, _, fn = _lifted(MID_TEST)
    (loop,) = _ops(fn, "scf.while")
    assert _names(loop.before_region.block) == ["arith.remsi", "arith.cmpi", "scf.condition"]
    assert _names(loop.after_region.block) == ["scf.yield"]
    for x, y in ((48, 18), (7, 13), (5, 5)):
        ref, got = _both(MID_TEST, [x, y])
        a, b = x, y
        while a % b:
            a, b = b, a % b
        assert ref == got == ([b], {})


def test_nested_loops_with_an_if_inside():
    _, _, _, fn = _lifted(NESTED)
    outer, inner = _ops(fn, "scf.while")
    assert inner.parent_op() is outer and inner.parent_block() is outer.after_region.block
    (if_op,) = _ops(fn, "scf.if")
    assert if_op.parent_block() is inner.after_region.block and len(if_op.results) == 1
    for n in (0, 1, 5):
        ref, got = _both(NESTED, [n])
        assert ref == got == ([sum(j for i in range(n) for j in range(i) if j % 2)], {})


def test_two_exits_use_a_selector():
    _, _, _, fn = _lifted(SEARCH)
    (loop,) = _ops(fn, "scf.while")
    selectors = [t for t in loop.result_types if str(t) == "i8"]
    assert len(selectors) == 1  # which of ^found / ^notfound the loop left for
    a = [4, 8, 15, 16, 23, 42, 8, 1]
    for n, key in ((8, 8), (8, 5), (0, 4), (3, 15)):
        i = next((i for i in range(n) if a[i] == key), None)
        ref, got = _both(SEARCH, [a, n, key])
        assert ref == got == ([i, key] if i is not None else [n, -1], {0: a})


def test_switch_picks_its_case():
    _, _, _, fn = _lifted(SWITCH)
    cases = sorted(op.value.value.data for op in _ops(fn, "arith.constant") if str(op.result.type) == "i32")
    assert cases == [-3, 0, 1]  # the case values and the source's own constant
    assert len(_ops(fn, "arith.cmpi")) == 2
    for x in (0, -3, 5):
        ref, got = _both(SWITCH, [x, 10])
        assert ref == got == ([{0: 11, -3: 10}.get(x, x)], {})


def test_a_switch_of_many_cases_stays_flat():
    """100 cases, each a block of its own: one scf.if per case one after the other, not 100 nested."""
    cases = ",\n".join(f"    {v}: ^b{v}" for v in range(100))
    blocks = "".join(f"^b{v}:\n  %k{v} = arith.constant {v} : i32\n  %y{v} = arith.addi %x, %k{v} : i32\n"
                     f"  cf.br ^j(%y{v} : i32)\n" for v in range(100))
    text = (f"func.func @f(%x: i32) -> i32 {{\n  cf.switch %x : i32, [\n    default: ^j(%x : i32),\n{cases}\n  ]\n"
            f"{blocks}^j(%r: i32):\n  return %r : i32\n}}\n")
    _, _, _, fn = _lifted(text)
    assert lift_cf.nesting(fn) == 2 and len(_ops(fn, "scf.if")) == 100
    for x in (0, 57, 99, 100, -1):
        ref, got = _both(text, [x])
        assert ref == got == ([2 * x if 0 <= x < 100 else x], {})


def test_value_used_after_its_loop_is_a_result():
    """`return %acc` in ^exit uses the header's argument directly: the scf.while gives it as a result."""
    _, _, _, fn = _lifted(SUM)
    (loop,) = _ops(fn, "scf.while")
    assert fn.body.blocks[0].last_op.operands[0] in loop.results


def test_unreachable_blocks_are_dropped():
    _, _, _, fn = _lifted(UNREACHABLE)
    assert _top(fn) == ["func.return"]


@pytest.mark.parametrize("name,text,args", [("sum", SUM, [6]), ("search", SEARCH, [[1, 2, 3, 4, 5, 6, 7, 8], 8, 6]),
                                            ("nested", NESTED, [4]), ("switch", SWITCH, [-3, 2])])
def test_lowered_cf_runs_on_golden(tmp_path, name, text, args):
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    res = run_program(str(tmp_path / "k.mlir"), None, str(tmp_path / "in.json"), "golden")
    assert res["status"] == "pass", res["message"]


CALLS_CF = ABSDIFF + SUM.replace("@sum", "@tri") + """func.func @main(%a: i32, %b: i32) -> i32 {
  %d = func.call @absdiff(%a, %b) : (i32, i32) -> i32
  %n = arith.index_cast %d : i32 to index
  %t = func.call @tri(%n) : (index) -> i32
  %lt = arith.cmpi slt, %t, %a : i32
  cf.cond_br %lt, ^small, ^big
^small:
  return %a : i32
^big:
  %s = func.call @absdiff(%t, %b) : (i32, i32) -> i32
  return %s : i32
}
"""


@pytest.mark.parametrize("a,b", [(3, 7), (7, 3), (5, 5), (-2, 4), (40, 1)])
def test_called_cf_functions_are_lifted_then_inlined(tmp_path, a, b):
    """`cf` callees (one called twice) of a `cf` caller: each lifted before the calls are inlined, and the
    circuit gives what the `cf` program as written gives (here computed in Python too)."""
    (tmp_path / "k.mlir").write_text(CALLS_CF)
    (tmp_path / "in.json").write_text(json.dumps({"args": [a, b]}))
    res = run_program(str(tmp_path / "k.mlir"), "main", str(tmp_path / "in.json"), "golden")
    assert res["status"] == "pass", res["message"]
    t = sum(range(abs(a - b)))
    assert res["returns"] == [a if t < a else abs(t - b)]


SUM_SCF = """func.func @sum(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r:2 = scf.while (%i = %c0, %acc = %z) : (index, i32) -> (index, i32) {
    %lt = arith.cmpi slt, %i, %n : index
    scf.condition(%lt) %i, %acc : index, i32
  } do {
  ^bb0(%i2: index, %acc2: i32):
    %ii = arith.index_cast %i2 : index to i32
    %a = arith.addi %acc2, %ii : i32
    %i1 = arith.addi %i2, %c1 : index
    scf.yield %i1, %a : index, i32
  }
  return %r#1 : i32
}
"""

MID_TEST_SCF = """func.func @f(%x: i32, %y: i32) -> i32 {
  %z = arith.constant 0 : i32
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %r = arith.remsi %a, %b : i32
    %nz = arith.cmpi ne, %r, %z : i32
    scf.condition(%nz) %b, %r : i32, i32
  } do {
  ^bb0(%b2: i32, %r2: i32):
    scf.yield %b2, %r2 : i32, i32
  }
  return %r#0 : i32
}
"""


@pytest.mark.parametrize("cf_text,scf_text", [(SUM, SUM_SCF), (MID_TEST, MID_TEST_SCF)])
def test_lifted_loop_lowers_to_the_graph_of_the_hand_written_one(cf_text, scf_text):
    """The same nodes and channels, so the same hardware and cycles (docs/lowering.md has the figures)."""

    def shape(text):
        g = lower_program(parse_text(text, "k.mlir")).g
        return Counter(n.op for n in g.nodes.values()), Counter(c.type for c in g.channels)

    assert shape(cf_text) == shape(scf_text)


def test_reference_runs_the_original_cf_program():
    prog = lower_program(parse_text(SUM, "k.mlir"))
    assert len(prog.fn.body.blocks) == 4  # the function as written, not the lifted one
    assert prog.reference([9]) == ([36], {})


def test_a_wrong_lifting_is_caught(tmp_path, monkeypatch):
    """Swap the sides of every lifted scf.if: the golden run then differs from the source interpreter,
    which runs the cf program as written."""
    swap = lift_cf.Lifter.if_op
    monkeypatch.setattr(lift_cf.Lifter, "if_op", lambda self, c, t, o, s, w: swap(self, c, o, t, s, w))
    (tmp_path / "k.mlir").write_text(ABSDIFF)
    (tmp_path / "in.json").write_text(json.dumps({"args": [3, 10]}))
    res = run_program(str(tmp_path / "k.mlir"), None, str(tmp_path / "in.json"), "golden")
    assert res["status"] == "fail" and res["returns"] == [-7]
    assert "source interpreter" in res["message"]


IRREDUCIBLE = """func.func @f(%c: i1, %n: i32) -> i32 {
  cf.cond_br %c, ^bb1(%n : i32), ^bb2(%n : i32)
^bb1(%x: i32):
  %z = arith.constant 0 : i32
  %p = arith.cmpi sgt, %x, %z : i32
  cf.cond_br %p, ^bb2(%x : i32), ^bb3(%x : i32)
^bb2(%y: i32):
  %one = arith.constant 1 : i32
  %y1 = arith.subi %y, %one : i32
  cf.br ^bb1(%y1 : i32)
^bb3(%r: i32):
  return %r : i32
}
"""

# a reducible loop (^outer) holding an irreducible cycle (^a, ^b entered from ^outer and from ^side)
IRREDUCIBLE_INSIDE = """func.func @f(%c: i1, %n: i32) -> i32 {
  cf.br ^outer(%n : i32)
^outer(%x: i32):
  cf.cond_br %c, ^a(%x : i32), ^side(%x : i32)
^side(%s: i32):
  cf.br ^b(%s : i32)
^a(%y: i32):
  cf.cond_br %c, ^b(%y : i32), ^latch(%y : i32)
^b(%w: i32):
  cf.cond_br %c, ^a(%w : i32), ^latch(%w : i32)
^latch(%v: i32):
  cf.cond_br %c, ^outer(%v : i32), ^out(%v : i32)
^out(%r: i32):
  return %r : i32
}
"""

NO_EXIT = """func.func @f(%c: i1, %n: i32) -> i32 {
  cf.cond_br %c, ^spin(%n : i32), ^out
^spin(%x: i32):
  cf.br ^spin(%x : i32)
^out:
  return %n : i32
}
"""

MEMREF_ARG = """func.func @f(%m: memref<4xi32>) -> i32 {
  cf.br ^use(%m : memref<4xi32>)
^use(%v: memref<4xi32>):
  %c0 = arith.constant 0 : index
  %x = memref.load %v[%c0] : memref<4xi32>
  return %x : i32
}
"""

MEMREF_OUT = """func.func @f(%m: memref<4xi32>, %n: i32) -> i32 {
  %z = arith.constant 0 : i32
  cf.br ^hdr(%n : i32)
^hdr(%x: i32):
  %v = "memref.cast"(%m) : (memref<4xi32>) -> memref<?xi32>
  %c = arith.cmpi sgt, %x, %z : i32
  cf.cond_br %c, ^body, ^out
^body:
  %one = arith.constant 1 : i32
  %x1 = arith.subi %x, %one : i32
  cf.br ^hdr(%x1 : i32)
^out:
  %c0 = arith.constant 0 : index
  %r = memref.load %v[%c0] : memref<?xi32>
  return %r : i32
}
"""

BAD_TERMINATOR = """func.func @f(%a: i32) -> i32 {
  cf.br ^x
^x:
  llvm.unreachable
}
"""

ASSERT = """func.func @f(%a: i32) -> i32 {
  %z = arith.constant 0 : i32
  %c = arith.cmpi ne, %a, %z : i32
  cf.assert %c, "zero"
  cf.br ^x
^x:
  return %a : i32
}
"""

VECTOR_ARG = """func.func @f(%a: i32) -> i32 {
  %v = arith.constant dense<1> : vector<4xi32>
  cf.br ^use(%v : vector<4xi32>)
^use(%w: vector<4xi32>):
  return %a : i32
}
"""


def _nested_diamonds(depth: int) -> str:
    """`depth` branches each nested in the previous one's then side, joining in reverse order."""
    lines = ["func.func @f(%a: i32, %c: i1) -> i32 {", "  %one = arith.constant 1 : i32", "  cf.br ^d0(%a : i32)"]
    for i in range(depth):
        lines += [f"^d{i}(%x{i}: i32):", f"  cf.cond_br %c, ^d{i + 1}(%x{i} : i32), ^j{i}(%x{i} : i32)"]
    lines += [f"^d{depth}(%x{depth}: i32):", f"  cf.br ^j{depth - 1}(%x{depth} : i32)"]
    for i in reversed(range(depth)):
        lines += [f"^j{i}(%z{i}: i32):", f"  %w{i} = arith.addi %z{i}, %one : i32",
                  f"  cf.br ^j{i - 1}(%w{i} : i32)" if i else f"  return %w{i} : i32"]
    return "\n".join([*lines, "}", ""])


REFUSED = {
    "irreducible": (IRREDUCIBLE, ["k.mlir:3:1:", "irreducible control flow: blocks ^bb1, ^bb2 form a cycle entered at "
                                 "^bb1 (from the entry block) and ^bb2 (from the entry block)"]),
    "irreducible_inside_a_loop": (IRREDUCIBLE_INSIDE, ["k.mlir:7:1:", "irreducible control flow: blocks ^a, ^b form a "
                                                       "cycle entered at ^a (from ^outer) and ^b (from ^side)"]),
    "no_exit": (NO_EXIT, ["k.mlir:3:1:", "the loop at ^spin (blocks ^spin) never exits"]),
    "memref_block_argument": (MEMREF_ARG, ["k.mlir:3:1:", "block ^use takes a memref (memref<4xi32>): a memref "
                                           "cannot be passed from block to block"]),
    "memref_out_of_a_loop": (MEMREF_OUT, ["k.mlir:5:3:", "a value defined in the loop at ^hdr and used after it "
                                          "is a memref (memref<?xi32>)"]),
    "bad_terminator": (BAD_TERMINATOR, ["k.mlir:4:3:", "^x ends with llvm.unreachable", "cf.br, cf.cond_br, "
                                        "cf.switch or func.return"]),
    "cf_assert": (ASSERT, ["k.mlir:4:3:", "unsupported operation cf.assert"]),
    "vector_block_argument": (VECTOR_ARG, ["k.mlir:4:1:", "block ^use takes a value of type vector<4xi32>"]),
    "nested_too_deep": (_nested_diamonds(80), ["k.mlir:1:1:", "lifted to scf, the control flow of @f nests 80 levels "
                                               "deep, more than the 64 the lowering takes"]),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
@pytest.mark.parametrize("cmd", ["lower", "run"])
def test_refused(tmp_path, case, cmd):
    text, needles = REFUSED[case]
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": [1, 2]}))
    if cmd == "lower":
        proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    else:
        proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--engine", "golden")
    check_one_line_error(proc, *needles)


def test_a_long_chain_of_blocks_is_lifted_flat():
    """3000 blocks each branching to the next: one straight block, not 3000 nested calls."""
    lines = ["func.func @f(%a: i32) -> i32 {", "  %one = arith.constant 1 : i32", "  cf.br ^b0(%a : i32)"]
    for i in range(3000):
        lines += [f"^b{i}(%x{i}: i32):", f"  %y{i} = arith.addi %x{i}, %one : i32", f"  cf.br ^b{i + 1}(%y{i} : i32)"]
    text = "\n".join([*lines, "^b3000(%r: i32):", "  return %r : i32", "}", ""])
    src, fn, out, lifted = _lifted(text)
    assert _top(lifted) == ["arith.constant"] + ["arith.addi"] * 3000 + ["func.return"]
    assert run_source(out, lifted, [4], 32) == run_source(src, fn, [4], 32) == ([3004], {})


def test_nesting_far_too_deep_is_refused_not_a_recursion_error():
    """300 nested branches: the lifting's recursion gives up long before the lifted nesting could be measured;
    that is the same located refusal, not a RecursionError."""
    with pytest.raises(LoweringError, match=r"^k.mlir:1:1: the control flow of @f nests too deeply to be lifted to scf "
                                            r"\(more than 64 levels\)$"):
        _lifted(_nested_diamonds(300))


def test_nesting_within_the_limit_is_lifted():
    """60 branches: the body, 59 nested scf.if and a select (the innermost branch makes no code)."""
    _, _, _, fn = _lifted(_nested_diamonds(60))
    assert lift_cf.nesting(fn) == 60


def test_irreducible_refusal_needs_two_entries():
    """The same cycle entered at ^bb1 only (the entry block no longer branches to ^bb2) is a loop."""
    text = IRREDUCIBLE.replace("cf.cond_br %c, ^bb1(%n : i32), ^bb2(%n : i32)", "cf.br ^bb1(%n : i32)")
    ref, got = _both(text, [1, 3])
    assert ref == got == ([0], {})
    with pytest.raises(LoweringError, match="irreducible"):
        _lifted(IRREDUCIBLE)


SPIN = """func.func @f(%n: i32) -> i32 {
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  cf.br ^h(%n : i32)
^h(%x: i32):
  %c = arith.cmpi ne, %x, %z : i32
  cf.cond_br %c, ^b, ^e
^b:
  %y = arith.subi %x, %two : i32
  cf.br ^h(%y : i32)
^e:
  return %x : i32
}
"""

# the outer loop never ends for an odd n; each of its trips runs the inner loop three times
SPIN_OUTER = """func.func @f(%n: i32) -> i32 {
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^outer(%n : i32)
^outer(%x: i32):
  %c = arith.cmpi ne, %x, %z : i32
  cf.cond_br %c, ^pre, ^e
^pre:
  cf.br ^inner(%z : i32)
^inner(%k: i32):
  %more = arith.cmpi slt, %k, %c3 : i32
  cf.cond_br %more, ^step, ^next
^step:
  %k1 = arith.addi %k, %c1 : i32
  cf.br ^inner(%k1 : i32)
^next:
  %y = arith.subi %x, %two : i32
  cf.br ^outer(%y : i32)
^e:
  return %x : i32
}
"""


@pytest.mark.parametrize("text,needles", [
    (SPIN, ["k.mlir:5:1:", "cf loop ^h does not finish: the source interpreter's budget of 500 loop trips ran out "
                           "after 500 trips of this loop"]),
    (SPIN_OUTER, ["k.mlir:7:1:", "cf loop ^outer does not finish", "ran out after 125 trips of this loop"]),
])
def test_runaway_cf_loop_is_named(tmp_path, text, needles):
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": [7]}))
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--engine", "golden",
                   "--max-trips", "500")
    check_one_line_error(proc, *needles)


# a first loop of 100 trips that ends, then one that never ends for an odd n
TWO_LOOPS = """func.func @f(%n: i32) -> i32 {
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %c100 = arith.constant 100 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^first(%z : i32)
^first(%k: i32):
  %more = arith.cmpi slt, %k, %c100 : i32
  cf.cond_br %more, ^step, ^h(%n : i32)
^step:
  %k1 = arith.addi %k, %c1 : i32
  cf.br ^first(%k1 : i32)
^h(%x: i32):
  %c = arith.cmpi ne, %x, %z : i32
  cf.cond_br %c, ^b, ^e
^b:
  %y = arith.subi %x, %two : i32
  cf.br ^h(%y : i32)
^e:
  return %x : i32
}
"""


def test_a_finished_cf_loop_is_not_named():
    """The budget names the running loop with the most trips: the first loop (100 trips) has ended when
    the second runs away after 50."""
    src = parse_text(TWO_LOOPS, "k.mlir")
    fn = find_function(src, None)
    assert run_source(src, fn, [8], 32, max_trips=104) == ([0], {})
    with pytest.raises(LoweringError, match=r"k.mlir:13:1: cf loop \^h does not finish: .* ran out after 50 trips"):
        run_source(src, fn, [7], 32, max_trips=150)
