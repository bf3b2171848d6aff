"""`dfv lower` outputs: every module top.sv instantiates is defined in dfv/rtl/, top.sv lints under Verilator
-Wall with all of dfv/rtl/ and compiles with Icarus; dfg.dot / dfg.svg are produced for every kernel."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess

import pytest
from kernel_inputs import KERNELS, ROOT
from rtl_library import assert_lint_clean, assert_rtl_modules_exist, rtl_files

from dfv.golden import catalogue
from dfv.lowering.output import write_outputs

# handshake programs (kernels/handshake): their tops use the FIFO with initial tokens, wide selects and
# arith units on channels with extra signals
HANDSHAKE = sorted(f.removesuffix(".mlir") for f in os.listdir(os.path.join(ROOT, "kernels", "handshake"))
                   if f.endswith(".mlir") and not f.endswith(("_cf.mlir", "_hs.mlir")))


@pytest.fixture(scope="module")
def lowered(tmp_path_factory):
    out = {}
    for name in KERNELS:
        d = tmp_path_factory.mktemp(name)
        w = write_outputs(os.path.join(ROOT, "kernels", f"{name}.mlir"), name, 32, str(d))
        out[name] = (str(d), w.files, w.g)
    for name in HANDSHAKE:
        d = tmp_path_factory.mktemp(f"hs_{name}")
        w = write_outputs(os.path.join(ROOT, "kernels", "handshake", f"{name}.mlir"), None, 32, str(d))
        out[f"handshake/{name}"] = (str(d), w.files, w.g)
    return out


@pytest.mark.parametrize("name", KERNELS + [f"handshake/{n}" for n in HANDSHAKE])
def test_top_lints_with_verilator(lowered, name):
    d, _, g = lowered[name]
    top = os.path.join(d, "top.sv")
    assert_rtl_modules_exist(open(top).read())
    assert_lint_clean("--top-module", g.name, *rtl_files(), top)


@pytest.mark.parametrize("name", KERNELS + [f"handshake/{n}" for n in HANDSHAKE])
def test_harness_lints_with_verilator(lowered, name):
    """The simulation harness of the top (dfv.tb.kernel.harness: the top with the dfv/tb/hdl agents) is -Wall clean but
    for UNOPTFLAT, which the kernel builds waive too (dfv.sim.kernel.VERILATOR_ARGS): a sink's ready follows its
    valid combinationally, and through the top's packed port wires Verilator sees vector-level loops."""
    from dfv.tb.common.op_harness import hdl_sources
    from dfv.tb.kernel.harness import gen_harness, harness_name

    d, _, g = lowered[name]
    harness = os.path.join(d, "harness.sv")
    with open(harness, "w") as fh:
        fh.write(gen_harness(g))
    assert_lint_clean("--timing", "-Wno-UNOPTFLAT", "--top-module", harness_name(g), *rtl_files(),
                      *map(str, hdl_sources()), os.path.join(d, "top.sv"), harness)


@pytest.mark.parametrize("name", KERNELS)
def test_top_compiles_with_icarus(lowered, name, tmp_path):
    d, _, g = lowered[name]
    top = os.path.join(d, "top.sv")
    assert_rtl_modules_exist(open(top).read())
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    proc = subprocess.run(["iverilog", "-g2012", "-s", g.name, "-o", str(tmp_path / "a.vvp"), *rtl_files(), top],
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
    files = write_outputs(str(src), None, 32, str(tmp_path / "o")).files
    top = open(tmp_path / "o" / "top.sv").read()
    assert "module gcd (" in top and "module while_zero (" in top
    assert str(tmp_path / "o" / "dfg.while_zero.yaml") in files


def test_module_missing_from_rtl_fails(monkeypatch, tmp_path):
    """A wrong module name in the catalogue the top generator reads is a failure naming the module."""
    monkeypatch.setitem(catalogue.OPS, "arith.cmpi", dataclasses.replace(catalogue.OPS["arith.cmpi"],
                                                                         module="arith_cmpi_misnamed"))
    write_outputs(os.path.join(ROOT, "kernels", "gcd.mlir"), "gcd", 32, str(tmp_path))
    with pytest.raises(AssertionError, match=re.escape("dfv/rtl/ does not define: ['arith_cmpi_misnamed']")):
        assert_rtl_modules_exist((tmp_path / "top.sv").read_text())
