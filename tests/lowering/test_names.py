"""Function names that are not SystemVerilog identifiers or file names: a keyword (`@module`), a quoted symbol
(`@"my-func"`), 5,000 characters, a `/` or a newline. The module names of `top.sv` are legal and distinct, the
files and folders named after a function have short safe names, `dfg.mlir` quotes the symbol and reads back,
and the programs run on the simulators (a keyword was a Verilator "Command failed", a long name "File name too
long")."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from dfv_cli import run_dfv
from rtl_library import assert_lint_clean, rtl_files

from dfv.lowering.names import MAX_NAME, SV_KEYWORDS, comment_text, file_stem, sv_identifier

BODY = "(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  %c = arith.addi %b, %a : i32\n  func.return %c : i32\n}\n"
LONG = "x" * 5000
NAMES = ["module", "begin", "my-func", "my_func", LONG, "a/b", "line\nbreak", "9lives", "endmodule"]


def _symbol(name: str) -> str:
    """`name` as an MLIR symbol (quoted, escaped, unless a bare identifier)."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$.]*", name):
        return f"@{name}"
    return '@"' + name.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _program(names: list[str]) -> str:
    return "".join(f"func.func {_symbol(n)}{BODY}" for n in names)


_SV_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@pytest.mark.parametrize("name", NAMES + ["f", "_x", "dot_product", "y" * MAX_NAME, "y" * (MAX_NAME + 1)])
def test_sv_identifier_is_legal(name):
    got = sv_identifier(name)
    assert _SV_IDENTIFIER.fullmatch(got) and got not in SV_KEYWORDS and len(got) <= MAX_NAME, got
    keep = _SV_IDENTIFIER.fullmatch(name) and name not in SV_KEYWORDS and len(name) <= MAX_NAME
    assert (got == name) == bool(keep)


def test_names_are_distinct():
    """Distinct functions keep distinct module names and file stems (`my-func` and `my_func` among them)."""
    names = [*NAMES, *(f"k{i}" for i in range(100)), *("z" * (MAX_NAME + i) for i in range(20))]
    assert len({sv_identifier(n) for n in names}) == len(names)
    assert len({file_stem(n) for n in names}) == len(names)


@pytest.mark.parametrize("name", NAMES)
def test_file_stem_is_safe(name):
    stem = file_stem(name)
    assert re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_-]*", stem) and len(stem) <= MAX_NAME, stem


def test_comment_text_keeps_one_line():
    assert comment_text("a\nmodule evil;\r") == "a\\nmodule evil;\\r"


def test_lower_every_name(tmp_path):
    """One file with every awkward name: top.sv has a legal, distinct module for each and lints clean, each
    function's files are named safely, and every dfg file reads back and runs."""
    (tmp_path / "k.mlir").write_text(_program(NAMES))
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    top = (tmp_path / "o" / "top.sv").read_text()
    modules = re.findall(r"^module (\S+) \(", top, re.MULTILINE)
    assert modules == [sv_identifier(n) for n in NAMES]
    assert "line\nbreak" not in top and "line\\nbreak" in top  # the name shown in a comment stays on its line
    files = sorted(p.name for p in (tmp_path / "o").iterdir())
    assert all(len(f) <= MAX_NAME + 10 for f in files), files
    for n in NAMES[1:]:
        assert f"dfg.{file_stem(n)}.mlir" in files
    (tmp_path / "in.json").write_text('{"args": [5]}')
    for f in [f for f in files if f.endswith(".mlir")]:
        proc = run_dfv("run", str(tmp_path / "o" / f), "--inputs", str(tmp_path / "in.json"), "--json")
        assert proc.returncode == 0, (f, proc.stderr)
        assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [15]
    for m, text in zip(modules, re.findall(r"^module .*?^endmodule.*?$", top, re.MULTILINE | re.DOTALL), strict=True):
        (tmp_path / f"{m}.sv").write_text(text + "\n")  # one module a file: Verilator's lint of one top-level
        assert_lint_clean("--top-module", m, *rtl_files(), str(tmp_path / f"{m}.sv"))


def test_quoted_symbol_round_trips(tmp_path):
    """`@"my-func"` is printed quoted in dfg.mlir (it was `@my-func`, which dfv could not read back)."""
    (tmp_path / "k.mlir").write_text(_program(["my-func"]))
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    assert 'handshake.func @"my-func"(' in (tmp_path / "o" / "dfg.mlir").read_text()
    (tmp_path / "in.json").write_text('{"args": [-2]}')
    for src in (tmp_path / "k.mlir", tmp_path / "o" / "dfg.mlir"):
        proc = run_dfv("run", str(src), "--func", "my-func", "--inputs", str(tmp_path / "in.json"), "--json")
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [-6]


@pytest.mark.parametrize("sim,name", [("verilator", "module"), ("verilator", LONG), ("icarus", "my-func"),
                                      ("icarus", "begin")])
def test_awkward_names_run_on_rtl(tmp_path, sim, name):
    if sim == "icarus" and shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    (tmp_path / "k.mlir").write_text(_program([name]))
    (tmp_path / "in.json").write_text('{"args": [7]}')
    proc = run_dfv("run", str(tmp_path / "k.mlir"), "--inputs", str(tmp_path / "in.json"), "--engine", sim, "--json",
                   timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.splitlines()[-1])
    assert out["status"] == "pass" and out["returns"] == [21], out
