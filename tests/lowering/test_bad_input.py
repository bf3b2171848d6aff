"""Bad input: a one-line error naming the problem and the source location, exit 2, no traceback."""

from __future__ import annotations

import json
import os

import pytest
from dfv_cli import check_one_line_error, run_dfv
from kernel_inputs import ROOT

from dfv.runner import ENGINES

GOOD = """func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  func.return %b : i32
}
"""


CASES = {
    "malformed": ("func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %a, %c : i32\n  func.return %b : i32\n}\n",
                  ["k.mlir:2:", "%c"]),
    "syntax": ("func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %a %a : i32\n}\n", ["k.mlir:2:"]),
    "unknown_op": ("func.func @f(%a: i32) -> i32 {\n  %b = foo.bar %a : i32\n  func.return %b : i32\n}\n",
                   ["k.mlir:2:", "foo.bar"]),
    "float_remf": ("func.func @f(%a: f32) -> f32 {\n  %b = arith.remf %a, %a : f32\n  func.return %b : f32\n}\n",
                   ["k.mlir:2:", "unsupported operation arith.remf"]),
    "ctlz_of_a_float": ("func.func @f(%a: f32) -> f32 {\n  %b = math.ctlz %a : f32\n  func.return %b : f32\n}\n",
                        ["k.mlir:2:3:", "math.ctlz", "f32"]),
    "ctpop_of_an_f16": ("func.func @f(%a: f16) -> f16 {\n  %b = math.ctpop %a : f16\n  func.return %b : f16\n}\n",
                        ["k.mlir:2:3:", "math.ctpop", "f16"]),
    "cttz_of_a_vector": ("func.func @f(%a: vector<2xi32>) -> vector<2xi32> {\n  %b = math.cttz %a : vector<2xi32>\n"
                         "  func.return %b : vector<2xi32>\n}\n", ["k.mlir:1:", "unsupported type vector<2xi32>"]),
    "float_exp": ("func.func @f(%a: f32) -> f32 {\n  %b = math.exp %a : f32\n  func.return %b : f32\n}\n",
                  ["k.mlir:2:", "unsupported operation math.exp"]),
    "float_rounding_mode": ("func.func @f(%a: f64) -> f32 {\n  %b = arith.truncf %a upward : f64 to f32\n"
                            "  func.return %b : f32\n}\n", ["k.mlir:2:", "rounding mode upward", "ties to even"]),
    "float_f80": ("func.func @f(%a: f80) -> f80 {\n  func.return %a : f80\n}\n",
                  ["k.mlir:1:", "unsupported floating-point type f80", "bf16 f16 f32 f64"]),
    "float_truncf_widens": ("func.func @f(%a: f16) -> f32 {\n  %b = arith.truncf %a : f16 to f32\n"
                            "  func.return %b : f32\n}\n", ["k.mlir:2:", "truncf cannot convert f16 to f32"]),
    "float_sitofp_of_a_float": ("func.func @f(%a: f32) -> f32 {\n  %b = arith.sitofp %a : f32 to f32\n"
                                "  func.return %b : f32\n}\n", ["k.mlir:2:3:", "arith.sitofp", "f32"]),
    "unsupported_op": ("func.func @f(%a: i32) -> i32 {\n  %b = arith.ceildivsi %a, %a : i32\n"
                       "  func.return %b : i32\n}\n", ["k.mlir:2:", "unsupported operation arith.ceildivsi"]),
    "unsupported_type": ("func.func @f(%a: i7) -> i7 {\n  func.return %a : i7\n}\n", ["k.mlir:", "i7"]),
    "tagged_memref": ("func.func @f(%a: !dataflow.tagged<memref<4xi32>, i4>) {\n  func.return\n}\n",
                      ["k.mlir:1:", "memref<4xi32>", "!dataflow.tagged"]),
    "tagged_i17": ("func.func @f(%a: !dataflow.tagged<i32, i17>) {\n  func.return\n}\n",
                   ["k.mlir:1:", "i17", "i1..i16"]),
    "tagged_float_tag": ("func.func @f(%a: !dataflow.tagged<i32, f16>) {\n  func.return\n}\n",
                         ["k.mlir:1:", "f16"]),
    "bad_stream_attr": ('func.func @f(%a: index) {\n  %i, %c = "dataflow.stream"(%a, %a, %a) '
                        '{step_op = "%=", cont_cond = "<"} : (index, index, index) -> (index, i1)\n'
                        '  func.return\n}\n', ["k.mlir:2:", "step_op"]),
    # issue 25: programs as front ends emit them (tests/lowering/test_polygeist.py has the accepted ones)
    "legacy_std_addi": (GOOD.replace("arith.addi", "std.addi"),
                        ["k.mlir:2:8:", "std.addi is the 2021 spelling of arith.addi"]),
    "legacy_bare_constant": ("func.func @f(%a: i32) -> i32 {\n  %c = constant 1 : i32\n  func.return %c : i32\n}\n",
                             ["k.mlir:2:8:", "constant is the 2021 spelling (std.constant) of arith.constant"]),
    "legacy_func": ("func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n",
                    ["k.mlir:1:1:", "func is the 2021 spelling of func.func"]),
    "legacy_generic_func": ('"func"() ({\n^bb0(%a: i32):\n  "std.return"(%a) : (i32) -> ()\n}) '
                            '{sym_name = "f", type = (i32) -> i32} : () -> ()\n',
                            ["k.mlir:1:2:", "func is the 2021 spelling of func.func"]),
    "attribute_module": ("module attributes {foo.bar = 1} {\n" + GOOD + "}\n",
                         ["k.mlir:1:1:", "attribute foo.bar on the module is not known to dfv"]),
    "attribute_func": (GOOD.replace("-> i32 {", "-> i32 attributes {gpu.kernel} {"),
                       ["k.mlir:1:1:", "attribute gpu.kernel on func.func is not known to dfv"]),
    "attribute_op": (GOOD.replace("%a, %a : i32", "%a, %a {foo.x = 1} : i32"),
                     ["k.mlir:2:3:", "attribute foo.x on arith.addi is not known to dfv"]),
    "attribute_argument": (GOOD.replace("%a: i32)", "%a: i32 {foo.y})"),
                           ["k.mlir:1:1:", "attribute foo.y on argument 0 of @f"]),
    "attribute_index_width": ("module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 64 : i32>>} {\n"
                              + GOOD + "}\n", ["k.mlir:1:1:", "dlti.dl_spec gives index 64 bits", "--index-width 64"]),
    "call_recursion": (GOOD.replace("arith.addi %a, %a : i32", "func.call @f(%a) : (i32) -> i32"),
                       ["k.mlir:2:", "func.call @f: recursion (@f -> @f)"]),
    "call_mutual_recursion": ("func.func @f(%a: i32) -> i32 {\n  %b = func.call @g(%a) : (i32) -> i32\n"
                              "  func.return %b : i32\n}\nfunc.func @g(%a: i32) -> i32 {\n"
                              "  %b = func.call @f(%a) : (i32) -> i32\n  func.return %b : i32\n}\n",
                              ["k.mlir:6:", "func.call @f: recursion (@f -> @g -> @f)"]),
    "call_external": ("func.func private @ext(i32) -> i32\n"
                      + GOOD.replace("arith.addi %a, %a : i32", "func.call @ext(%a) : (i32) -> i32"),
                      ["k.mlir:3:", "func.call @ext: @ext is only declared here"]),
    "call_undefined": (GOOD.replace("arith.addi %a, %a : i32", "func.call @nope(%a) : (i32) -> i32"),
                       ["k.mlir:2:", "@nope"]),
    "affine_semi_affine": ("func.func @f(%a: index) -> index {\n  %r = affine.apply affine_map<(d0)[s0] -> "
                           "(d0 floordiv s0)>(%a)[%a]\n  func.return %r : index\n}\n", ["k.mlir:2:", "semi-affine"]),
    "affine_negative_divisor": ("func.func @f(%a: index) -> index {\n  %r = affine.apply affine_map<(d0) -> "
                                "(d0 mod -2)>(%a)\n  func.return %r : index\n}\n",
                                ["k.mlir:2:3:", "mod by -2", "positive constant"]),
    "affine_step_zero": ("func.func @f() {\n  affine.for %i = 0 to 4 step 0 {\n  }\n  func.return\n}\n",
                         ["k.mlir:2:3:", "affine.for step must be a positive constant, got 0"]),
    "affine_parallel": ("func.func @f(%m: memref<4xi32>) {\n  affine.parallel (%i) = (0) to (4) {\n  }\n"
                        "  func.return\n}\n", ["k.mlir:2:", "unsupported operation affine.parallel"]),
    "affine_if_operands": ("func.func @f(%a: index) {\n  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%a) {\n"
                           "  }\n  func.return\n}\n", ["k.mlir:2:", "expected 2 dimension and 0 symbol operands"]),
    "dynamic_alloc": ("func.func @f(%n: index) {\n  %m = memref.alloc(%n) : memref<?xi32>\n  func.return\n}\n",
                      ["k.mlir:2:", "an internal memory needs a static size"]),
    "dim_not_constant": ("func.func @f(%m: memref<?xi32>, %d: index) -> index {\n  %n = memref.dim %m, %d : "
                         "memref<?xi32>\n  func.return %n : index\n}\n",
                         ["k.mlir:2:", "memref.dim: the dimension must be a constant"]),
    "subview_dynamic_stride": ("func.func @f(%m: memref<?x?xi32>) {\n  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : "
                               "memref<?x?xi32> to memref<2x2xi32, strided<[?, 1]>>\n  func.return\n}\n",
                               ["k.mlir:2:", "memref.subview of a memref with a dynamic inner size"]),
    "undef_pointer": ("func.func @f() {\n  %p = llvm.mlir.undef : !llvm.ptr\n  func.return\n}\n",
                      ["k.mlir:2:", "llvm.mlir.undef of type !llvm.ptr is not supported"]),
    "cast_element_type": ("func.func @f(%m: memref<4xi32>) {\n  %c = memref.cast %m : memref<4xi32> to "
                          "memref<?xi16>\n  func.return\n}\n", ["k.mlir:2:", "memref.cast changes the element type"]),
    "cast_static_sizes": ("func.func @f(%m: memref<4xi32>) {\n  %c = memref.cast %m : memref<4xi32> to "
                          "memref<5xi32>\n  func.return\n}\n", ["k.mlir:2:", "dimension 0 is 4 in memref<4xi32>"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("cmd", ["lower", "run"])
def test_bad_program(tmp_path, case, cmd):
    text, needles = CASES[case]
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": [1]}))
    if cmd == "lower":
        proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "out"))
    else:
        proc = run_dfv("run", str(tmp_path / "k.mlir"), "--func", "f", "--inputs", str(tmp_path / "in.json"),
                    "--engine", "golden")
    check_one_line_error(proc, *needles)


def test_missing_function(tmp_path):
    (tmp_path / "k.mlir").write_text(GOOD)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "--func", "nope", "-o", str(tmp_path / "o"))
    check_one_line_error(proc, "@nope", "does not exist", "k.mlir")


def test_missing_file(tmp_path):
    proc = run_dfv("lower", str(tmp_path / "none.mlir"), "-o", str(tmp_path / "o"))
    check_one_line_error(proc, "none.mlir")


@pytest.mark.parametrize("inputs,needle", [
    ("{not json", "invalid JSON"),
    ('{"argz": [1]}', '"args"'),
    ('{"args": [1, 2]}', "takes 1 arguments"),
    ('{"args": ["x"]}', "must be an integer"),
    ('{"args": [4294967296]}', "does not fit"),
    ('{"args": [1.5]}', "must be an integer"),
])
def test_bad_inputs_file(tmp_path, inputs, needle):
    (tmp_path / "k.mlir").write_text(GOOD)
    (tmp_path / "in.json").write_text(inputs)
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--func", "f", "--inputs", str(tmp_path / "in.json"),
                "--engine", "golden", "--json")
    check_one_line_error(proc, needle, "in.json")
    obj = json.loads(proc.stdout.strip().splitlines()[-1])
    assert obj["status"] == "error" and needle in obj["message"]


def test_bad_memref_input(tmp_path):
    src = os.path.join(ROOT, "kernels", "vector_add.mlir")
    (tmp_path / "in.json").write_text(json.dumps({"args": [[1] * 8, [1] * 7, [0] * 8]}))
    proc = run_dfv("run", src, "--func", "vector_add", "--inputs", str(tmp_path / "in.json"), "--engine", "golden")
    check_one_line_error(proc, "argument 1", "needs 8 values")


def test_unknown_engine(tmp_path):
    (tmp_path / "k.mlir").write_text(GOOD)
    (tmp_path / "in.json").write_text('{"args": [3]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--func", "f", "--inputs", str(tmp_path / "in.json"),
                "--engine", "questa")
    check_one_line_error(proc, f"unknown engine questa (known: {', '.join(ENGINES)})")


@pytest.mark.parametrize("engine", ["icarus", "verilator"])
def test_rtl_engine_bad_input(tmp_path, engine):
    """Bad input on an RTL engine fails before anything is built: the same one-line error."""
    (tmp_path / "k.mlir").write_text(GOOD.replace("arith.addi %a, %a", "arith.addi %a, %zz"))
    (tmp_path / "in.json").write_text('{"args": [3]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--func", "f", "--inputs", str(tmp_path / "in.json"),
                "--engine", engine, "--seed", "3")
    check_one_line_error(proc, "k.mlir:2:", "%zz")


def test_good_run_pass(tmp_path):
    (tmp_path / "k.mlir").write_text(GOOD)
    (tmp_path / "in.json").write_text('{"args": [-3]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--func", "f", "--inputs", str(tmp_path / "in.json"),
                "--engine", "golden", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [-6]


@pytest.mark.parametrize("first,needles", [
    ("$", ["k.mlir:1:1:", "unexpected character '$' (U+0024"]),
    ("`", ["k.mlir:1:1:", "unexpected character '`' (U+0060"]),
    ("\u00a0", ["k.mlir:1:1:", "unexpected character (U+00A0 no-break space)"]),
])
def test_bad_first_character(tmp_path, first, needles):
    """A stray first character is a located error that names it, even when it is invisible."""
    (tmp_path / "k.mlir").write_text(first + GOOD, encoding="utf-8")
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o")), *needles)


def test_byte_order_mark_is_skipped(tmp_path):
    (tmp_path / "k.mlir").write_text("\ufeff" + GOOD, encoding="utf-8")
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("text,needle", [
    ("", "k.mlir: empty file: no function in it"),
    ("  // only a comment\n", "k.mlir: empty file: no function in it"),
    ("module {\n}\n", "k.mlir: no function (func.func) in this file"),
    ("func.func private @g(i32) -> i32\n", "k.mlir: no function with a body in this file (only declarations: @g)"),
])
def test_no_function(tmp_path, text, needle):
    (tmp_path / "k.mlir").write_text(text)
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o")), needle)


def test_func_name_with_at(tmp_path):
    """`--func @f` names @f, as MLIR writes it."""
    (tmp_path / "k.mlir").write_text(GOOD)
    (tmp_path / "in.json").write_text('{"args": [2]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--func", "@f", "--inputs", str(tmp_path / "in.json"), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [4]


@pytest.mark.parametrize("cmd", ["lower", "run"])
def test_declaration_first_is_skipped(tmp_path, cmd):
    """Without --func the first function with a body is taken, not a declaration before it."""
    (tmp_path / "k.mlir").write_text("func.func private @ext(i32) -> i32\n" + GOOD)
    (tmp_path / "in.json").write_text('{"args": [2]}')
    if cmd == "lower":
        proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o"))
        assert proc.returncode == 0 and "lowered @f" in proc.stdout, proc.stderr
    else:
        proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--json")
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [4]


def _nested_ifs(depth: int) -> str:
    opens = "".join("  " * i + "  scf.if %c {\n" for i in range(depth))
    closes = "".join("  " * i + "  }\n" for i in reversed(range(depth)))
    return f"func.func @f(%c: i1, %a: i32) -> i32 {{\n{opens}{closes}  func.return %a : i32\n}}\n"


def test_nesting_too_deep(tmp_path):
    """150 nested scf.if: a located 'nesting too deep', not a RecursionError from the parser."""
    (tmp_path / "k.mlir").write_text(_nested_ifs(150))
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o")),
                          "k.mlir:65:", "nesting too deep: more than 64 levels")


DEEP = {  # 3,000 levels of one bracket kind: was "malformed MLIR: maximum recursion depth exceeded"
    "[": ("func.func @f(%a: i32) -> i32 attributes {x = " + "[" * 3000 + "]" * 3000 + "} {\n"
          "  func.return %a : i32\n}\n", 1),
    "<": ("func.func @f(%a: " + "tuple<" * 3000 + "i32" + ">" * 3000 + ") {\n  func.return\n}\n", 1),
    "(": ("func.func @f(%a: i32) -> i32 {\n  %b = \"arith.addi\"(%a, %a) : " + "(" * 3000 + "i32, i32) -> i32"
          + ")" * 2999 + "\n  func.return %b : i32\n}\n", 2),
}


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_deep_brackets_of_every_kind(tmp_path, kind):
    """Every bracket kind counts towards MAX_NESTING: the error is at the bracket that opens level 65."""
    text, line = DEEP[kind]
    depth, at = 0, None
    for i, c in enumerate(text):  # where level 65 opens, counted here by hand
        depth += c in "{[(<"
        depth -= c in "}])>" and text[i - 1] != "-"  # not the > of ->
        if depth > 64:
            at = i
            break
    col = at - text.rfind("\n", 0, at)
    assert text.count("\n", 0, at) + 1 == line
    (tmp_path / "k.mlir").write_text(text)
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o")),
                         f"k.mlir:{line}:{col}: nesting too deep: more than 64 levels of brackets",
                         f"this {kind} opens level 65")


def test_nesting_at_the_limit_runs(tmp_path):
    (tmp_path / "k.mlir").write_text(_nested_ifs(63))
    (tmp_path / "in.json").write_text('{"args": [1, 5]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--json")
    assert proc.returncode == 0, proc.stderr


def test_index_castui_is_supported(tmp_path):
    """`arith.index_castui` (documented, implemented by golden and RTL) parses although xDSL 0.74 lacks
    it, and zero-extends; a cast without an index side is a located error."""
    (tmp_path / "k.mlir").write_text("func.func @f(%a: i32) -> index {\n  %b = arith.index_castui %a : i32 to index\n"
                                     "  func.return %b : index\n}\n")
    (tmp_path / "in.json").write_text('{"args": [-2]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--index-width", "64",
                "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [2**32 - 2]
    (tmp_path / "k.mlir").write_text("func.func @f(%a: i32) -> i64 {\n  %b = arith.index_castui %a : i32 to i64\n"
                                     "  func.return %b : i64\n}\n")
    check_one_line_error(run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o")),
                          "k.mlir:2:3:", "arith.index_castui casts between index and an integer type, not i32 to i64")


@pytest.mark.parametrize("data,needle", [
    (b'{"args": [1], "note": "caf\xe9"}', "in.json: not UTF-8 text (byte 0xe9 at offset 26)"),
    ('{"args": [1]}'.encode("utf-16"), "in.json: UTF-16 text; an inputs file must be UTF-8"),
    ('{"args": [1]}'.encode("utf-16-le"), "in.json: UTF-16-LE text; an inputs file must be UTF-8"),
    (b'{"args": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}", "in.json: JSON nested too deeply"),
    (b'{"args": [' + b"9" * 5000 + b"]}", "in.json: an integer with 5000 digits does not fit any supported type"),
])
def test_bad_inputs_file_content(tmp_path, data, needle):
    """Encodings, nesting and integer sizes Python's json refuses are reported like invalid JSON."""
    (tmp_path / "k.mlir").write_text(GOOD)
    (tmp_path / "in.json").write_bytes(data)
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"))
    check_one_line_error(proc, needle)


def test_inputs_file_with_byte_order_mark(tmp_path):
    (tmp_path / "k.mlir").write_text(GOOD)
    (tmp_path / "in.json").write_bytes(b'\xef\xbb\xbf{"args": [3]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [6]


CONST5 = "func.func @f(%a: index) -> index {\n  %c = arith.constant 5 : index\n  %b = arith.addi %a, %c : index\n" \
         "  func.return %b : index\n}\n"


@pytest.mark.parametrize("width,needle", [
    ("2", "index constant 5 does not fit the 2-bit index (--index-width 2 holds -2..1)"),
    ("3", "index constant 5 does not fit the 3-bit index (--index-width 3 holds -4..3)"),
])
def test_index_constant_does_not_fit(tmp_path, width, needle):
    (tmp_path / "k.mlir").write_text(CONST5)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "--index-width", width, "-o", str(tmp_path / "o"))
    check_one_line_error(proc, "k.mlir:2:3:", needle)


def _load_one(mtype: str) -> str:
    return (f"func.func @f(%m: {mtype}) -> i32 {{\n  %c1 = arith.constant 1 : index\n"
            f"  %v = memref.load %m[%c1] : {mtype}\n  func.return %v : i32\n}}\n")


def test_memref_addresses_do_not_fit_index(tmp_path):
    (tmp_path / "k.mlir").write_text("func.func @f(%m: memref<256x256xi32>, %i: index) -> i32 {\n"
                                     "  %v = memref.load %m[%i, %i] : memref<256x256xi32>\n"
                                     "  func.return %v : i32\n}\n")
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "--index-width", "16", "-o", str(tmp_path / "o"))
    check_one_line_error(proc, "k.mlir:1:1:", "memref %m : memref<256x256xi32> has 65536 elements",
                          "do not fit the 16-bit index")


@pytest.mark.parametrize("layout", ["strided<[2]>", "strided<[1], offset: 2>"])
def test_memref_argument_layout_refused(tmp_path, layout):
    """A layout on a memref argument changes its addresses; it is refused, not silently ignored."""
    (tmp_path / "k.mlir").write_text(_load_one(f"memref<4xi32, {layout}>"))
    (tmp_path / "in.json").write_text('{"args": [[1, 2, 3, 4]]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"))
    check_one_line_error(proc, "k.mlir:1:1:", f"memref %m : memref<4xi32, {layout}>: the layout {layout} is not "
                          "supported")


def test_memref_argument_row_major_layout_accepted(tmp_path):
    (tmp_path / "k.mlir").write_text(_load_one("memref<4xi32, strided<[1]>>"))
    (tmp_path / "in.json").write_text('{"args": [[1, 2, 3, 4]]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [2]


def _run(tmp_path, text: str, args: list, *extra: str):
    (tmp_path / "k.mlir").write_text(text)
    (tmp_path / "in.json").write_text(json.dumps({"args": args}))
    return run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), *extra)


FOR_SUM = """func.func @f(%lb: index, %ub: index, %st: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  func.return %r : index
}
"""


@pytest.mark.parametrize("step", [-1, 0])
def test_for_step_not_positive(tmp_path, step):
    proc = _run(tmp_path, FOR_SUM, [0, 10, step])
    check_one_line_error(proc, "k.mlir:3:3:", f"scf.for step is {step} at run time; scf.for needs a positive step")


def test_for_index_wraps(tmp_path):
    """lb = 2**31 - 3, ub = 2**31 - 1, step 4: the index after the one trip wraps in 32 bits, so the
    hardware loop would go on; refused, naming the loop."""
    proc = _run(tmp_path, FOR_SUM, [2**31 - 3, 2**31 - 1, 4])
    check_one_line_error(proc, "k.mlir:3:3:", "scf.for induction variable wraps: after its last trip it is "
                          "2147483645 + 1 * 4 = 2147483649, past the largest 32-bit index 2147483647")


def test_long_for_refused_up_front(tmp_path):
    """2·10^6 trips exceed the default budget: refused before the first trip, with the reason."""
    proc = _run(tmp_path, FOR_SUM, [0, 2_000_000, 1])
    check_one_line_error(proc, "k.mlir:3:3:", "scf.for would run 2000000 trips", "budget of 1000000 loop trips",
                          "--max-trips")


WHILE_TRUE = """func.func @f(%a: i32) -> i32 {
  %t = arith.constant true
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    %one = arith.constant 1 : i32
    %z = arith.addi %y, %one : i32
    scf.yield %z : i32
  }
  func.return %r : i32
}
"""


def test_while_runs_away(tmp_path):
    """A condition that never becomes false: the budget names the loop instead of hanging."""
    proc = _run(tmp_path, WHILE_TRUE, [1], "--max-trips", "500")
    check_one_line_error(proc, "k.mlir:3:3:", "scf.while does not finish: the source interpreter's budget of 500 "
                          "loop trips ran out after 500 trips of this loop")


def test_runaway_outer_loop_is_named(tmp_path):
    """The budget runs out inside a short inner scf.for; the outer scf.while that never ends is named."""
    text = WHILE_TRUE.replace("    %one = arith.constant 1 : i32\n",
                              "    %one = arith.constant 1 : i32\n    %c0 = arith.constant 0 : index\n"
                              "    %c3 = arith.constant 3 : index\n    %c1 = arith.constant 1 : index\n"
                              "    scf.for %i = %c0 to %c3 step %c1 {\n    }\n")
    proc = _run(tmp_path, text, [1], "--max-trips", "400")
    check_one_line_error(proc, "k.mlir:3:3:", "scf.while does not finish", "ran out after 100 trips of this loop")


def test_max_trips_documented():
    proc = run_dfv("run", "--help")
    assert proc.returncode == 0
    assert "--max-trips N" in proc.stdout and "default 1000000" in " ".join(proc.stdout.split())


LOAD_2D = """func.func @f(%m: memref<2x2xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = memref.load %m[%c0, %c3] : memref<2x2xi32>
  func.return %v : i32
}
"""


def test_out_of_range_index_in_one_dimension(tmp_path):
    """%m[0, 3] on memref<2x2xi32>: the flat address 3 is in range, the second index is not."""
    proc = _run(tmp_path, LOAD_2D, [[1, 2, 3, 4]])
    check_one_line_error(proc, "k.mlir:4:3:", "memref.load: index 3 is out of range in dimension 1 of "
                          "memref<2x2xi32> (0..1)")


def test_negative_index_is_out_of_range(tmp_path):
    """Index -1 on a[4]: an out-of-range access at the store, not a dfv/golden/reference mismatch."""
    text = ("func.func @f(%m: memref<4xi32>, %i: index, %v: i32) {\n  memref.store %v, %m[%i] : memref<4xi32>\n"
            "  func.return\n}\n")
    proc = _run(tmp_path, text, [[1, 2, 3, 4], -1, 9])
    check_one_line_error(proc, "k.mlir:2:3:", "memref.store: index -1 is out of range in dimension 0 of "
                          "memref<4xi32> (0..3)")


@pytest.mark.parametrize("op", ["divsi", "divui", "remsi", "remui"])
def test_division_by_zero(tmp_path, op):
    text = f"func.func @f(%a: i32, %b: i32) -> i32 {{\n  %c = arith.{op} %a, %b : i32\n  func.return %c : i32\n}}\n"
    proc = _run(tmp_path, text, [7, 0])
    check_one_line_error(proc, "k.mlir:2:3:", f"arith.{op} divides by zero", "error 0x110")


def test_index_width_16_is_modelled(tmp_path):
    """With --index-width 16, 200 * 200 wraps to a negative index in the source interpreter too."""
    text = """func.func @f(%a: index) -> (i1, index) {
  %sq = arith.muli %a, %a : index
  %c0 = arith.constant 0 : index
  %neg = arith.cmpi slt, %sq, %c0 : index
  %c7 = arith.constant 7 : index
  %q = arith.divsi %sq, %c7 : index
  func.return %neg, %q : i1, index
}
"""
    proc = _run(tmp_path, text, [200], "--index-width", "16", "--json")
    assert proc.returncode == 0, (proc.stdout, proc.stderr)
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [1, -3648]
