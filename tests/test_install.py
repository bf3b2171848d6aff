"""The kit installs and runs outside its checkout: a wheel of the repository, installed into a fresh
virtual environment, runs a kernel on Verilator from another folder, with its RTL and testbench agents
taken from the installed package data and its builds and reports written under that folder.

The wheel is installed without its dependencies, which the new environment takes from this one's
site-packages (a path in a `.pth` file): the test runs offline and checks what a `pip install .` puts in
the package, not PyPI. The path is added after the new environment's own site-packages and its `.pth`
files are not run, so `dfv` comes from the wheel, not from this checkout's editable install."""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from dfv.paths import CHECKOUT, WORK_ENV

pytestmark = pytest.mark.xdist_group("install")

INPUTS = {"args": [[1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 1, 1, 1, 1, 1, 1], 8]}


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kw)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The python of a fresh environment with the repository's wheel installed."""
    assert CHECKOUT is not None
    root = tmp_path_factory.mktemp("install")
    # a copy of the sources: building writes build/ and *.egg-info beside them, not in the checkout in use
    shutil.copytree(CHECKOUT, root / "src", ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "reports", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
    wheel = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                  str(root / "dist"), str(root / "src")])
    assert wheel.returncode == 0, wheel.stderr
    venv.create(root / "venv", with_pip=False)
    python = root / "venv" / "bin" / "python"
    own = Path(_run([str(python), "-c", "import site; print(site.getsitepackages()[0])"]).stdout.strip())
    (own / "deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    (whl,) = (root / "dist").glob("dfv-*.whl")
    install = _run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(own), str(whl)])
    assert install.returncode == 0, install.stderr
    return python


def test_the_installed_package_is_the_wheel_and_has_its_data(installed: Path, tmp_path: Path):
    code = ("import dfv, dfv.paths as p, dfv.timing.netdelay as d; print(json.dumps([dfv.__file__, str(p.RTL_DIR), "
            "str(p.HDL_DIR), str(p.SCHEMA_DIR), p.CHECKOUT is None, str(p.WORK_DIR), len(d.load_table().modules)]))")
    out = _run([str(installed), "-c", f"import json; {code}"], cwd=tmp_path,
               env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", WORK_ENV)})
    assert out.returncode == 0, out.stderr
    init, rtl, hdl, schema, outside, work, delay_modules = json.loads(out.stdout)
    package = Path(init).parent
    assert package.parent.parent.parent.parent == installed.parent.parent  # <venv>/lib/pythonX.Y/site-packages
    assert outside and Path(work) == tmp_path.resolve()
    assert {p.name for p in Path(rtl).iterdir()} >= {"dfv_pkg.sv", "dataflow", "handshake", "memory"}
    assert sorted(p.name for p in Path(hdl).glob("*.sv")) == sorted(p.name for p in (CHECKOUT / "dfv" / "tb" / "hdl")
                                                                      .glob("*.sv"))
    assert (Path(schema) / "dfg.schema.json").is_file()
    assert delay_modules > 40  # the delay table of `--target-mhz` ships with the kit


def test_dfv_run_on_verilator_from_another_folder(installed: Path, tmp_path: Path):
    (tmp_path / "dot.mlir").write_text((CHECKOUT / "kernels" / "dot_product.mlir").read_text())
    (tmp_path / "in.json").write_text(json.dumps(INPUTS))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", WORK_ENV)}
    out = _run([str(installed), "-m", "dfv.cli", "run", "dot.mlir", "--func", "dot_product", "--inputs", "in.json",
                "--engine", "verilator", "--json"], cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    result = json.loads(out.stdout.splitlines()[-1])
    assert (result["status"], result["returns"]) == ("pass", [36])
    assert (tmp_path / "build" / "verilator").is_dir() and (tmp_path / "reports" / "run" / "verilator").is_dir()


def test_dfv_verify_ip_from_another_folder(installed: Path, tmp_path: Path):
    """Another team's buffer, its port map read against the schema the wheel ships, under the kit's suite."""
    for name in ("one_slot_transparent.v", "one_slot_transparent.yaml"):
        (tmp_path / name).write_text((CHECKOUT / "tests" / "ip" / name).read_text())
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", WORK_ENV)}
    out = _run([str(installed), "-m", "dfv.cli", "verify-ip", "one_slot_transparent.v", "--as", "handshake_tehb",
                "--ports", "one_slot_transparent.yaml", "--param", "W=8", "--test", "BufferRandomTest",
                "--test", "FullRateBench"], cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines()[-1].startswith("one_slot_transparent as handshake_tehb [W=8] on icarus: 2 passed, 0 "
                                                  "failed")
    assert (tmp_path / "reports" / "ip" / "one_slot_transparent" / "results.xml").is_file()
