"""Programs in MLIR's spellings of 2021 and before (the `std` dialect, `func` without `func.`): a one-line
error at the operation that names what it is called now, exit 2."""

from __future__ import annotations

import pytest
from dfv_cli import check_one_line_error, run_dfv

from dfv.lowering.legacy import modern_name
from dfv.lowering.parse import context

CASES = {
    "func": ("func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n", "k.mlir:1:1:", "func", "func.func"),
    "std_addi": ("func.func @f(%a: i32) -> i32 {\n  %b = std.addi %a, %a : i32\n  return %b : i32\n}\n",
                 "k.mlir:2:8:", "std.addi", "arith.addi"),
    "generic_std_addi": ('func.func @f(%a: i32) -> i32 {\n  %b = "std.addi"(%a, %a) : (i32, i32) -> i32\n'
                         "  return %b : i32\n}\n", "k.mlir:2:9:", "std.addi", "arith.addi"),
    "bare_constant": ("func.func @f(%a: i32) -> i32 {\n  %c = constant 1 : i32\n  return %c : i32\n}\n",
                      "k.mlir:2:8:", "constant", "arith.constant"),
    "renamed_divi_signed": ("func.func @f(%a: i32) -> i32 {\n  %b = std.divi_signed %a, %a : i32\n"
                            "  return %b : i32\n}\n", "k.mlir:2:8:", "std.divi_signed", "arith.divsi"),
    "bare_br": ("func.func @f(%a: i32) -> i32 {\n  br ^bb1\n^bb1:\n  return %a : i32\n}\n", "k.mlir:2:3:", "br",
                "cf.br"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_old_spelling_names_the_modern_op(tmp_path, case):
    text, loc, old, new = CASES[case]
    (tmp_path / "k.mlir").write_text(text)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    check_one_line_error(proc, loc, f"{old} is the 2021 spelling", f"of {new}", f"write {new}")


def test_other_unknown_operations_keep_the_plain_message(tmp_path):
    (tmp_path / "k.mlir").write_text("func.func @f(%a: i32) -> i32 {\n  %b = foo.addi %a : i32\n  return %b : i32\n}\n")
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    check_one_line_error(proc, "k.mlir:2:", "unsupported operation foo.addi")
    assert "2021 spelling" not in proc.stderr


@pytest.mark.parametrize("old,new", [("std.muli", "arith.muli"), ("muli", "arith.muli"), ("std.sqrt", "math.sqrt"),
                                     ("std.load", "memref.load"), ("std.cond_br", "cf.cond_br"),
                                     ("std.call", "func.call"), ("foo", None), ("std.nonsense", None)])
def test_modern_name(old, new):
    assert modern_name(old, context()) == new
