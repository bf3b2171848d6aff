"""`dfv lower` outputs: top.sv lints under Verilator -Wall with all of rtl/ and compiles with Icarus;
dfg.dot / dfg.svg are produced for every kernel."""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess

import pytest
from kernel_inputs import KERNELS, ROOT

from lowering.output import write_outputs

VERILATOR_BIN = os.path.join(ROOT, ".venv", "lib", "python3.11", "site-packages", "verilator", "bin")


def _rtl_files() -> list[str]:
    pkg = os.path.join(ROOT, "rtl", "dfv_pkg.sv")
    files = sorted(glob.glob(os.path.join(ROOT, "rtl", "*", "*.sv")))
    return ([pkg] if os.path.exists(pkg) else []) + files


def _needed_modules(top: str) -> set[str]:
    return set(re.findall(r"^  ((?:dataflow|handshake|arith)_\w+)(?: #\(| u_)", top, re.M))


@pytest.fixture(scope="module")
def lowered(tmp_path_factory):
    out = {}
    for name in KERNELS:
        d = tmp_path_factory.mktemp(name)
        files, g = write_outputs(os.path.join(ROOT, "kernels", f"{name}.mlir"), name, 32, str(d))
        out[name] = (str(d), files, g)
    return out


def _skip_if_rtl_missing(top_text: str):
    have = {os.path.splitext(os.path.basename(f))[0] for f in _rtl_files()}
    missing = _needed_modules(top_text) - have
    if missing:
        pytest.skip(f"RTL modules not written yet: {sorted(missing)}")


@pytest.mark.parametrize("name", KERNELS)
def test_top_lints_with_verilator(lowered, name):
    d, _, g = lowered[name]
    top = os.path.join(d, "top.sv")
    _skip_if_rtl_missing(open(top).read())
    exe = os.path.join(VERILATOR_BIN, "verilator")
    if not os.path.exists(exe):
        exe = shutil.which("verilator")
    if exe is None:
        pytest.skip("verilator not installed")
    env = dict(os.environ, PATH=VERILATOR_BIN + os.pathsep + os.environ.get("PATH", ""))
    proc = subprocess.run([exe, "--lint-only", "-Wall", "-Wno-MULTITOP", "--top-module", g.name,
                           *_rtl_files(), top], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "%Warning" not in proc.stderr, proc.stderr[-4000:]


@pytest.mark.parametrize("name", KERNELS)
def test_top_compiles_with_icarus(lowered, name, tmp_path):
    d, _, g = lowered[name]
    top = os.path.join(d, "top.sv")
    _skip_if_rtl_missing(open(top).read())
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    proc = subprocess.run(["iverilog", "-g2012", "-s", g.name, "-o", str(tmp_path / "a.vvp"), *_rtl_files(), top],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]


@pytest.mark.parametrize("name", KERNELS)
def test_picture_and_config_written(lowered, name):
    d, files, g = lowered[name]
    for f in ("dfg.yaml", "dfg.dot", "top.sv", "dfg.mlir"):
        assert os.path.join(d, f) in files
    dot = open(os.path.join(d, "dfg.dot")).read()
    assert len(re.findall(r'^  "[^"]+" -> "[^"]+" \[', dot, re.M)) == len(g.channels)
    for grp in g.groups:
        assert f"cluster_{grp}" in dot
    if shutil.which("dot"):
        svg = os.path.join(d, "dfg.svg")
        assert svg in files and open(svg).read().lstrip().startswith(("<?xml", "<svg"))


def test_multi_function_top(tmp_path):
    src = tmp_path / "two.mlir"
    src.write_text(open(os.path.join(ROOT, "kernels", "gcd.mlir")).read()
                   + open(os.path.join(ROOT, "kernels", "while_zero.mlir")).read())
    files, g = write_outputs(str(src), None, 32, str(tmp_path / "o"))
    top = open(tmp_path / "o" / "top.sv").read()
    assert "module gcd (" in top and "module while_zero (" in top
    assert str(tmp_path / "o" / "dfg.while_zero.yaml") in files
