"""CIRCT's text as CIRCT prints it (issue 25, item 3): other tools' discardable attributes read past with a
note, numeric block labels, `sync`, `pack` / `unpack`. Expected values are computed here (|a - b|, ...)."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from dfv_cli import check_one_line_error, run_dfv
from kernel_inputs import ROOT

HS = os.path.join(ROOT, "kernels", "handshake")
LINKAGE = os.path.join(HS, "linkage.mlir")  # CIRCT keeps a Polygeist function's llvm.linkage
PAIRS = [(3, 10), (-7, 5), (4, 4)]


def _absdiff(a: int, b: int) -> int:
    return ((b - a if a < b else a - b) + 2**31) % 2**32 - 2**31


def _run(tmp_path, path: str, args: list, engine: str) -> tuple[dict, list[str]]:
    """`dfv run --json`: the result object and the stderr lines."""
    if engine == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    proc = run_dfv("run", path, "--inputs", str(tmp_path / "in.json"), "--engine", engine, "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout.splitlines()[-1]), [ln for ln in proc.stderr.splitlines() if ln.strip()]


# ------------------------------------------------------------------ discardable attributes of other tools
NOTE = "another tool's annotation, which does not change what the circuit computes"


@pytest.mark.parametrize("engine", ["golden", "verilator"])
def test_llvm_linkage_is_read_past_with_a_note(tmp_path, engine):
    assert "llvm.linkage = #llvm.linkage<external>" in open(LINKAGE).read()
    for a, b in PAIRS[:2]:
        out, notes = _run(tmp_path, LINKAGE, [a, b], engine)
        assert out["status"] == "pass" and out["returns"] == [_absdiff(a, b)], out
        assert notes == [f"dfv: note: {LINKAGE}:3:3: attribute 'llvm.linkage' ignored on handshake.func: {NOTE}"]


def _dynamatic(text: str) -> str:
    """absdiff.mlir as Dynamatic annotates its operations: `handshake.name` and `handshake.bb` on each."""
    k = iter(range(1000))

    def annotate(m: re.Match) -> str:
        i = next(k)
        return f'{m.group(1)} {{handshake.bb = {i % 2} : ui32, handshake.name = "op{i}"}} : '

    return re.sub(r"^(\s+%\S+ = (?:fork|buffer|merge|mux|cond_br|arith\.\w+)[^:{]*) : ", annotate, text, flags=re.M)


@pytest.mark.parametrize("engine", ["golden", "icarus"])
def test_dynamatic_attributes_are_read_past_with_a_note(tmp_path, engine):
    text = _dynamatic(open(os.path.join(HS, "absdiff.mlir")).read())
    n = text.count("handshake.name")
    assert n > 5
    (tmp_path / "k.mlir").write_text(text)
    a, b = PAIRS[0]
    out, notes = _run(tmp_path, str(tmp_path / "k.mlir"), [a, b], engine)
    assert out["status"] == "pass" and out["returns"] == [_absdiff(a, b)], out
    assert len(notes) == 2, notes  # one per attribute name, with how many operations carry it
    assert all(ln.startswith(f"dfv: note: {tmp_path}/k.mlir:") and NOTE in ln for ln in notes)
    assert f"attribute 'handshake.name' ignored on {n} operations (" in notes[1]
    assert "attribute 'handshake.bb' ignored on" in notes[0]


@pytest.mark.parametrize("attr, needle", [("foo = 1", "handshake.fork: unknown attribute 'foo'"),
                                          ('dfv.bogus = "x"', "handshake.fork: unknown attribute 'dfv.bogus'")])
def test_unknown_attributes_of_its_own_are_refused(tmp_path, attr, needle):
    """An attribute with no dialect prefix may be a misspelt one of the operation, and dfv's own are
    dfv's: both are refused, not ignored."""
    (tmp_path / "k.mlir").write_text("handshake.func @f(%a: i32, %s: none) -> (none) {\n"
                                     f"  %x:2 = fork [2] %a {{{attr}}} : i32\n  sink %x#0 : i32\n  sink %x#1 : i32\n"
                                     "  return %s : none\n}\n")
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out")), "k.mlir:2:", needle)


# ------------------------------------------------------------------ numeric block labels
def test_numeric_block_labels_parse():
    """`^1:` is MLIR (CIRCT and Polygeist print them): the blocks are those of the same function with
    `^bbN` labels."""
    from dfv.lowering.parse import parse_file, parse_text

    path = os.path.join(HS, "linkage_cf.mlir")
    text = open(path).read()
    assert "^1:" in text and "cf.br ^3(" in text
    numeric = parse_file(path).module
    named = parse_text(re.sub(r"\^(\d)\b", r"^bb\1", text), "k.mlir").module
    assert str(numeric) == str(named)
    assert len(next(iter(numeric.ops)).body.blocks) == 4


@pytest.mark.parametrize("body, needle", [
    ("  cf.br ^7(%a : i32)\n^1(%x: i32):\n  return %x : i32\n", "k.mlir:2:9: block ^7 is used but not defined"),
    ("  cf.br ^1(%a : i32)\n^1(%x: i32):\n  cf.br ^1(%x : i32)\n^1(%y: i32):\n  return %y : i32\n",
     "k.mlir:5:1: re-declaration of block '1'"),
])
def test_numeric_block_label_errors_are_located(tmp_path, body, needle):
    (tmp_path / "k.mlir").write_text("func.func @f(%a: i32) -> i32 {\n" + body + "}\n")
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out")), needle)


# ------------------------------------------------------------------ pack, unpack, sync
TUPLES = os.path.join(HS, "tuples.mlir")  # CIRCT-buffered: pack, a buffer of the tuple, unpack, sync


def _i32(v: int) -> int:
    return (v + 2**31) % 2**32 - 2**31


@pytest.mark.parametrize("engine", ["golden", "golden-unbounded", "icarus", "verilator"])
def test_tuples_and_sync(tmp_path, engine):
    text = open(TUPLES).read()
    assert "buffer [2] seq %3 : tuple<i32, i8>" in text and "sync %" in text
    for a, b in [(100, -3), (2**31 - 1, 127), (-(2**31), -128)]:
        out, _ = _run(tmp_path, TUPLES, [a, b], engine)
        assert out["status"] == "pass", out
        assert out["returns"] == [_i32(a + b), b]


SYNC_OP = """handshake.func @top(%arg0: i64, %arg1: none) -> (i64, none) attributes {argNames = ["in0", "inCtrl"], \
resNames = ["out0", "outCtrl"]} {
  %0:2 = sync %arg0, %arg1 : i64, none
  return %0#0, %0#1 : i64, none
}
"""  # CIRCT's integration test of sync (integration_test/Dialect/Handshake/sync_op), as written there


@pytest.mark.parametrize("engine", ["golden", "verilator"])
def test_circt_sync_op(tmp_path, engine):
    (tmp_path / "k.mlir").write_text(SYNC_OP)
    for v in (42, -(2**63)):
        out, _ = _run(tmp_path, str(tmp_path / "k.mlir"), [v], engine)
        assert out["status"] == "pass" and out["returns"] == [v], out


def test_sync_structure():
    """A sync with data is a pack of its operands unpacked to its results; of control tokens only, a join
    forked to them; of one operand, a wire."""
    from dfv.lowering.from_handshake import read_handshake
    from dfv.lowering.parse import parse_text

    def ops(body: str, args: str = "%a: i32, %b: i1, %s: none") -> list[str]:
        text = f"handshake.func @f({args}) -> (none) {{\n{body}\n}}\n"
        return sorted(n.op for n in read_handshake(parse_text(text, "k.mlir"), None, 32).nodes.values()
                      if not n.op.startswith("func."))

    assert ops("  %y:3 = sync %a, %b, %s : i32, i1, none\n  sink %y#0 : i32\n  sink %y#1 : i1\n"
               "  return %y#2 : none") == ["handshake.pack", "handshake.sink", "handshake.sink", "handshake.unpack"]
    assert ops("  %y:2 = sync %s, %t : none, none\n  sink %y#0 : none\n  return %y#1 : none",
               "%s: none, %t: none") == ["handshake.fork", "handshake.join", "handshake.sink"]
    assert ops("  %y = sync %a : i32\n  sink %y : i32\n  return %s : none") == ["handshake.sink"]


@pytest.mark.parametrize("text, needle", [
    ("handshake.func @f(%t: tuple<i32, i1>, %s: none) -> (none) {\n  sink %t : tuple<i32, i1>\n  return %s : none\n}\n",
     "k.mlir:1:1: a tuple argument (tuple<i32, i1>) is not supported"),
    ("handshake.func @f(%a: i32, %s: none) -> (none) {\n  %t = pack %a, %s : tuple<i32, i1>\n"
     "  sink %t : tuple<i32, i1>\n  return %s : none\n}\n", "k.mlir:2:"),
    ("handshake.func @f(%a: i32, %s: none) -> (none) {\n  %t = pack %a : i32\n  return %s : none\n}\n",
     "k.mlir:2:18: handshake.pack: expected a tuple type, got i32"),
])
def test_tuple_errors_are_located(tmp_path, text, needle):
    (tmp_path / "k.mlir").write_text(text)
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out")), needle)
