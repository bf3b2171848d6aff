"""Verify another team's implementation of one of the kit's primitives with the kit's own suite.

`verify(...)` takes the module's files, its name, the kit module it plays (`handshake_fork`,
`handshake_buffer`, ...), the kit's parameters of it and a `PortMap` (`dfv.tb.common.dut`) saying how its
ports carry the kit's channels. It writes the module's harness (the SystemVerilog agents of dfv/tb/hdl
beside it, its ports connected through the map), builds it with the simulator and runs the kit's suite of
the module it plays: the golden scoreboard, the traffic patterns, the consumers whose ready follows valid,
the protocol and stranded-token checks, `at_init` when it has one, coverage, and the expected-failure tests
that show the checks fire on it. docs/verify_your_ip.md shows it on three fixtures.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

from dfv.paths import BUILD_DIR
from dfv.sim.build import HARNESS_ARGS, BuildSpec, write_if_changed
from dfv.sim.run import TestResult, run_tests
from dfv.tb.common.dut import Dut, PortMap
from dfv.tb.common.op_harness import HarnessError, gen_harness, harness_name, hdl_sources, parse_header
from dfv.tb.suites import suite_config, suite_module


def module_file(sources: Sequence[Path], module: str) -> Path:
    """The file of `sources` whose first module is `module`."""
    for path in sources:
        if parse_header(Path(path)).name == module:
            return Path(path)
    raise HarnessError(f"no file of {', '.join(map(str, sources))} declares module {module} first")


def ip_spec(sources: Sequence[Path], module: str, dut: Dut, module_params: Mapping[str, int] | None = None,
            build_root: Path = BUILD_DIR) -> BuildSpec:
    """The build of `module`'s harness for the suite of `dut.plays` (the harness written under
    `build_root/ip/`): the kit's parameters under the module's names (`PortMap.params`), then
    `module_params`, the module's own parameters the kit does not know."""
    cfg = suite_config(suite_module(dut.plays), dut.plays, dut.params)
    header = parse_header(module_file(sources, module))
    text = gen_harness(header, cfg.channels, cfg.tie_offs, dut.ports, cfg.memories, cfg.slots, cfg.passes)
    names = {name for _type, name, _default in header.params}
    unknown = sorted(set(module_params or {}) - names)
    if unknown:
        raise HarnessError(f"{module} has no parameter(s) {', '.join(unknown)} (module_params)")
    # a kit parameter the module does not have (an arith unit of one operation has no OP) is the kit's only
    params = {k: v for k, v in {**dut.ports.module_params(dut.params), **(module_params or {})}.items() if k in names}
    path = build_root / "ip" / f"{harness_name(module)}_{hashlib.sha256(text.encode()).hexdigest()[:12]}.sv"
    write_if_changed(path, text)
    return BuildSpec(harness_name(module), params, extra_sources=(*map(Path, sources), path, *hdl_sources()),
                     verilator_args=HARNESS_ARGS, build_root=build_root)


def verify(sources: Sequence[Path], module: str, plays: str, params: Mapping[str, int], ports: PortMap,
           sim: str, run_dir: Path, tests: Sequence[str] | None = None, seed: int = 1,
           module_params: Mapping[str, int] | None = None, build_root: Path = BUILD_DIR) -> list[TestResult]:
    """Run the kit's suite of `plays` on `module` (from `sources`) at the kit's `params`, its ports mapped
    by `ports`, on `sim` in `run_dir`; one result per test (`tests`: only these, by name). `module_params`:
    the module's own parameters that the kit does not know."""
    dut = Dut(plays, dict(params), ports)
    spec = ip_spec(sources, module, dut, module_params, build_root)
    return run_tests(spec, sim, suite_module(plays), seed, run_dir, testcase=tests, dut=dut)
