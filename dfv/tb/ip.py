"""Verify another team's implementation of one of the kit's primitives with the kit's own suite.

`verify(...)` takes the module's files, its name, the kit module it plays (`handshake_fork`,
`handshake_buffer`, ...), the kit's parameters of it and a `PortMap` (`dfv.tb.common.dut`) saying how its
ports carry the kit's channels. It writes the module's harness (the SystemVerilog agents of dfv/tb/hdl
beside it, its ports connected through the map), builds it with the simulator and runs the kit's suite of
the module it plays: the golden scoreboard, the traffic patterns, the consumers whose ready follows valid,
the protocol and stranded-token checks, `at_init` when it has one, coverage, and the expected-failure tests
that show the checks fire on it; then the kit's full-rate bench of the module it plays, against the documented
rate or the one claimed. `dfv verify-ip` (`dfv.tb.ip_command`) is its command line; docs/verify_your_ip.md
shows both on five hand-written fixtures and on the primitives CIRCT exports.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

from dfv.paths import BUILD_DIR
from dfv.sim.build import FOREIGN_ARGS, HARNESS_ARGS, BuildSpec, write_if_changed
from dfv.sim.run import TestResult, run_tests
from dfv.tb.common.dut import Dut, PortMap
from dfv.tb.common.op_harness import HarnessError, gen_harness, harness_name, hdl_sources, module_file, parse_header
from dfv.tb.common.rates import documented_rates
from dfv.tb.suites import bench_module, suite_config, suite_module


def ip_spec(sources: Sequence[Path], module: str, dut: Dut, module_params: Mapping[str, int] | None = None,
            build_root: Path = BUILD_DIR) -> BuildSpec:
    """The build of `module`'s harness for the suite of `dut.plays` (the harness written under
    `build_root/ip/`): the kit's parameters under the module's names (`PortMap.params`), then
    `module_params`, the module's own parameters the kit does not know."""
    cfg = suite_config(suite_module(dut.plays), dut.plays, dut.params)
    header = parse_header(module_file(sources, module), module)
    unknown_channels = sorted(set(dut.ports.channels) - {c.port for c in cfg.channels})
    if unknown_channels:
        raise HarnessError(f"{dut.plays} has no channel(s) {', '.join(unknown_channels)} (its channels: "
                           f"{', '.join(sorted({c.port for c in cfg.channels}))})")
    text = gen_harness(header, cfg.channels, cfg.tie_offs, dut.ports, cfg.memories, cfg.slots, cfg.passes)
    names = {name for _type, name, _default in header.params}
    unknown = sorted(set(module_params or {}) - names)
    if unknown:
        raise HarnessError(f"{module} has no parameter(s) {', '.join(unknown)} (module_params)")
    # a kit parameter the module does not have (an arith unit of one operation has no OP) is the kit's only
    params = {k: v for k, v in {**dut.ports.module_params(dut.params), **(module_params or {})}.items() if k in names}
    path = build_root / "ip" / f"{harness_name(module)}_{hashlib.sha256(text.encode()).hexdigest()[:12]}.sv"
    write_if_changed(path, text)
    # the module and the agents only: another team's modules may be named like the kit's (its handshake_fork)
    return BuildSpec(harness_name(module), params, extra_sources=(*map(Path, sources), path, *hdl_sources()),
                     label=f"ip__{module}", verilator_args=(*HARNESS_ARGS, *FOREIGN_ARGS), rtl_dir=None,
                     build_root=build_root)


class RateClaimError(ValueError):
    """A claimed rate on a channel the bench does not measure, or not a rate."""


def check_rates(plays: str, params: Mapping[str, int], rates: Mapping[str, float]) -> None:
    """Refuse (RateClaimError) a claimed rate on a channel that the kit module's bench does not measure, or one
    that is not a rate."""
    documented = documented_rates(plays, dict(params))
    for channel, rate in rates.items():
        if channel not in documented:
            raise RateClaimError(f"no documented throughput on channel {channel} of {plays} to replace (it has: "
                                 f"{', '.join(documented)})")
        if not 0 < rate <= 1:
            raise RateClaimError(f"rate {rate} of channel {channel} is not in (0, 1] tokens per cycle")


def verify(sources: Sequence[Path], module: str, plays: str, params: Mapping[str, int], ports: PortMap,
           sim: str, run_dir: Path, tests: Sequence[str] | None = None, seed: int = 1,
           module_params: Mapping[str, int] | None = None, build_root: Path = BUILD_DIR,
           rates: Mapping[str, float] | None = None, throughput: bool = True) -> list[TestResult]:
    """Run the kit's suite of `plays` on `module` (from `sources`) at the kit's `params`, its ports mapped
    by `ports`, on `sim` in `run_dir`; one result per test (`tests`: only these, by name). `module_params`:
    the module's own parameters that the kit does not know. `throughput`: the kit's full-rate bench of
    `plays` runs after the suite, in the same process, and checks the documented rate of each channel, or
    the rate `rates` claims for it (`FullRateBench`: `throughput: ... claimed ...` when it misses).
    `dfv.sim.build.BuildError` when the simulator cannot build the harness (its first errors)."""
    rates = dict(rates or {})
    if rates:
        check_rates(plays, params, rates)
    dut = Dut(plays, dict(params), ports, rates)
    spec = ip_spec(sources, module, dut, module_params, build_root)
    bench = bench_module(plays) if throughput else None
    modules = ",".join([suite_module(plays), *([bench] if bench else [])])
    return run_tests(spec, sim, modules, seed, run_dir, testcase=tests, dut=dut)
