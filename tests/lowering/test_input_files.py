"""The files a user names: a program or inputs file too large (or endless: /dev/zero), binary or in another
encoding is one located error with exit 2, found without reading it whole; an output that cannot be written
names its path and why, exit 2; a YAML file given as a program gets a message that says what is wrong."""

from __future__ import annotations

import json
import os
import time

import pytest
from dfv_cli import check_one_line_error, run_dfv

from dfv.lowering.files import MAX_INPUTS_BYTES, MAX_PROGRAM_BYTES

GOOD = """func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  func.return %b : i32
}
"""


def _mib(n: int) -> str:
    return f"{n >> 20} MiB"


@pytest.fixture
def good(tmp_path):
    (tmp_path / "k.mlir").write_text(GOOD)
    (tmp_path / "in.json").write_text('{"args": [5]}')
    return tmp_path


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("which", ["program", "inputs"])
def test_dev_zero(good, which):
    """An endless file is refused once past its limit: seconds, not a MemoryError after a minute."""
    program, inputs = ("/dev/zero", str(good / "in.json")) if which == "program" else (str(good / "k.mlir"),
                                                                                        "/dev/zero")
    start = time.monotonic()
    proc = run_dfv("run", program, "--inputs", inputs, "--json")
    limit = MAX_PROGRAM_BYTES if which == "program" else MAX_INPUTS_BYTES
    kind = "program" if which == "program" else "inputs file"
    check_one_line_error(proc, f"/dev/zero: more than {_mib(limit)}, the largest {kind} dfv reads")
    assert time.monotonic() - start < 60
    assert json.loads(proc.stdout.splitlines()[-1])["status"] == "error"


@pytest.mark.parametrize("which", ["program", "inputs"])
def test_one_byte_past_the_limit(good, which):
    """A (sparse) file one byte larger than the limit is refused; the limit is what the message says."""
    big = good / "big"
    with open(big, "wb") as fh:
        fh.truncate((MAX_PROGRAM_BYTES if which == "program" else MAX_INPUTS_BYTES) + 1)
    args = ([str(big), "--inputs", str(good / "in.json")] if which == "program"
            else [str(good / "k.mlir"), "--inputs", str(big)])
    check_one_line_error(run_dfv("run", *args), "big: more than", "dfv.lowering.files.MAX_")


def test_program_at_the_limit_is_read(good):
    """A program of exactly MAX_PROGRAM_BYTES (padded with spaces) is read and runs."""
    (good / "k.mlir").write_text(GOOD + " " * (MAX_PROGRAM_BYTES - len(GOOD)))
    assert (good / "k.mlir").stat().st_size == MAX_PROGRAM_BYTES
    proc = run_dfv("run", str(good / "k.mlir"), "--inputs", str(good / "in.json"), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["returns"] == [10]


@pytest.mark.parametrize("data,needle", [
    (b"func\x00.func", "k.mlir: binary data, not text (a zero byte at offset 4)"),
    (b"\x89PNG\r\n\x1a\n", "k.mlir: not UTF-8 text (byte 0x89 at offset 0)"),
    (GOOD.encode("utf-16"), "k.mlir: UTF-16 text; a program must be UTF-8"),
    (GOOD.encode("utf-16-le"), "k.mlir: UTF-16-LE text; a program must be UTF-8"),
    (GOOD.encode("utf-32"), "k.mlir: UTF-32 text; a program must be UTF-8"),
    (GOOD[:40].encode(), "k.mlir:"),  # truncated in the middle of an operation
])
def test_program_not_text(good, data, needle):
    (good / "k.mlir").write_bytes(data)
    check_one_line_error(run_dfv("lower", str(good / "k.mlir"), "-o", str(good / "o")), needle)


def test_yaml_as_program(good):
    """A dfg.yaml given as the program: the lexer's message about its first '#' is filled in and located
    (xDSL 0.74 leaves its template `{first_char}` unfilled)."""
    proc = run_dfv("lower", str(good / "k.mlir"), "-o", str(good / "o"))
    assert proc.returncode == 0, proc.stderr
    line = check_one_line_error(run_dfv("lower", str(good / "o" / "dfg.yaml"), "-o", str(good / "o2")),
                                "dfg.yaml:1:1: expected a name after '#' (as in #name) (MLIR comments start with //)")
    assert "{" not in line


@pytest.mark.parametrize("text,needle", [
    ("%", "k.mlir:1:1: expected a name after '%' (as in %name)"),
    ("func.func @f() {\n  ^ \n}\n", "k.mlir:2:3: expected a name after '^' (as in ^name)"),
])
def test_prefix_without_a_name(good, text, needle):
    (good / "k.mlir").write_text(text)
    check_one_line_error(run_dfv("lower", str(good / "k.mlir"), "-o", str(good / "o")), needle)


def test_output_file_is_a_folder(good):
    """`-o DIR` where DIR/dfg.yaml is a folder: the path and the reason, exit 2 (was IsADirectoryError)."""
    (good / "o" / "dfg.yaml").mkdir(parents=True)
    check_one_line_error(run_dfv("lower", str(good / "k.mlir"), "-o", str(good / "o")),
                         f"cannot write {good / 'o' / 'dfg.yaml'}: Is a directory")


def test_top_sv_is_a_folder(good):
    (good / "o" / "top.sv").mkdir(parents=True)
    check_one_line_error(run_dfv("lower", str(good / "k.mlir"), "-o", str(good / "o")),
                         f"cannot write {good / 'o' / 'top.sv'}: Is a directory")


def test_output_folder_under_a_file(good):
    check_one_line_error(run_dfv("lower", str(good / "k.mlir"), "-o", str(good / "k.mlir" / "o")),
                         f"cannot create the folder {good / 'k.mlir' / 'o'}: Not a directory")


def test_svg_path_is_a_folder_is_a_note(good):
    """The picture cannot be written: the lowering still succeeds, with a note saying why."""
    (good / "o" / "dfg.svg").mkdir(parents=True)
    proc = run_dfv("lower", str(good / "k.mlir"), "-o", str(good / "o"))
    assert proc.returncode == 0, proc.stderr
    if "Graphviz dot is not installed" not in proc.stdout:
        assert f"note: dfg.svg not drawn: cannot write {good / 'o' / 'dfg.svg'}" in proc.stdout, proc.stdout
    assert (good / "o" / "top.sv").is_file() and (good / "o" / "dfg.mlir").is_file()


@pytest.mark.parametrize("engine", ["verilator"])
def test_unwritable_work_folder(good, engine):
    """An RTL run whose work folder ($DFV_WORK) is a file: the folder it could not write, exit 2."""
    (good / "work").write_text("")
    env_work = str(good / "work")
    proc = run_dfv("run", str(good / "k.mlir"), "--inputs", str(good / "in.json"), "--engine", engine,
                   env={"DFV_WORK": env_work})
    if "unavailable" in proc.stderr or "not found" in proc.stderr:
        pytest.skip(proc.stderr)
    check_one_line_error(proc, f"cannot write the build folder {env_work}/build/kernels/", "Not a directory",
                         "set DFV_WORK to a writable folder")
