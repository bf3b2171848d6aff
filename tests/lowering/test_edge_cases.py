"""Small programs for lowering corner cases, each on the golden engine against the source interpreter."""

from __future__ import annotations

import json

import pytest

from dfv.runner import run_program

PROGRAMS = {
    # unused memref argument, outer values as condition args, a constant in the after region
    "unused_memref_while": ("""
func.func @f(%a: memref<4xi32>, %x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.while (%i = %x) : (i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %y : i32
    scf.condition(%c) %i, %y : i32, i32
  } do {
  ^bb0(%i: i32, %k: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %i, %one : i32
    scf.yield %n : i32
  }
  func.return %r#0, %x : i32, i32
}""", [[[1, 2, 3, 4], 2, 5], [[0, 0, 0, 0], 7, 5]]),
    # a for loop yielding an outer value and its own iter_arg unchanged
    "yield_outer": ("""
func.func @f(%n: index, %v: i32, %w: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %w, %b = %w) -> (i32, i32) {
    scf.yield %v, %b : i32, i32
  }
  func.return %r#0, %r#1 : i32, i32
}""", [[0, 3, 4], [1, 3, 4], [5, -3, 4]]),
    # nested while loops, the inner one using the outer's after-region value
    "while_in_while": ("""
func.func @f(%n: i32) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.while (%i = %z, %s = %z) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %s : i32, i32
  } do {
  ^bb0(%i: i32, %s: i32):
    %q:2 = scf.while (%j = %z, %t = %s) : (i32, i32) -> (i32, i32) {
      %c2 = arith.cmpi slt, %j, %i : i32
      scf.condition(%c2) %j, %t : i32, i32
    } do {
    ^bb0(%j: i32, %t: i32):
      %j1 = arith.addi %j, %one : i32
      %t1 = arith.addi %t, %j : i32
      scf.yield %j1, %t1 : i32, i32
    }
    %i1 = arith.addi %i, %one : i32
    scf.yield %i1, %q#1 : i32, i32
  }
  func.return %r#1 : i32
}""", [[0], [1], [5]]),
    # an scf.if in the before region of a while, and a store in it
    "if_in_before": ("""
func.func @f(%m: memref<8xi32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %lt = arith.cmpi slt, %i, %n : index
    %e = arith.remsi %i, %c2 : index
    %even = arith.cmpi eq, %e, %c0 : index
    %go = arith.andi %lt, %even : i1
    scf.if %lt {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %m[%i] : memref<8xi32>
    }
    scf.condition(%lt) %i : index
  } do {
  ^bb0(%i: index):
    %n1 = arith.addi %i, %c1 : index
    scf.yield %n1 : index
  }
  func.return %r : index
}""", [[[9] * 8, 0], [[9] * 8, 3], [[9] * 8, 7]]),
    # no arguments at all, a constant result
    "no_args": ("""
func.func @f() -> i16 {
  %c = arith.constant -7 : i16
  func.return %c : i16
}""", [[]]),
    # a loop with a static trip count of zero (still guarded)
    "static_zero_trip": ("""
func.func @f(%m: memref<2xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 5 : i32
  %r = scf.for %i = %c1 to %c0 step %c1 iter_args(%a = %z) -> (i32) {
    memref.store %a, %m[%i] : memref<2xi32>
    scf.yield %a : i32
  }
  func.return %r : i32
}""", [[[1, 2]]]),
    # casts and min/max
    "casts": ("""
func.func @f(%a: i8, %b: i16) -> (i32, i32, i8, i16, i16) {
  %x = arith.extsi %a : i8 to i32
  %y = arith.extui %a : i8 to i32
  %t = arith.trunci %b : i16 to i8
  %a16 = arith.extsi %a : i8 to i16
  %mx = arith.maxsi %a16, %b : i16
  %mn = arith.minui %a16, %b : i16
  func.return %x, %y, %t, %mx, %mn : i32, i32, i8, i16, i16
}""", [[-3, 300], [100, -2], [0, 0]]),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_edge_case(tmp_path, name):
    text, inputs = PROGRAMS[name]
    (tmp_path / "k.mlir").write_text(text)
    for args in inputs:
        (tmp_path / "in.json").write_text(json.dumps({"args": args}))
        res = run_program(str(tmp_path / "k.mlir"), "f", str(tmp_path / "in.json"), "golden")
        assert res["status"] == "pass", (args, res["message"])
