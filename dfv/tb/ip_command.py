"""`dfv verify-ip`: another team's implementation of one of the kit's primitives, checked by the kit's suite of
that primitive (`dfv.tb.ip.verify`) from the command line.

    dfv verify-ip FILE... --as PRIMITIVE [--ports MAP.yaml] [--top NAME] [--param K=V]... [--module-param K=V]...
                  [--rate CHANNEL=R]... [--no-throughput] [--sim icarus|verilator] [--test NAME]... [--seed N]
                  [--out DIR]

PRIMITIVE is a kit module (`handshake_fork`, docs/primitives.md) or an operation of the catalogue
(`handshake.fork`, `arith.addi`: its module, with the parameters the operation fixes). One line per test
(PASS / FAIL, cycles, the first check that fired), then a summary; exit 0 when every test passes, 1 when one
fails, 2 for bad input (a file, port map, parameter or primitive that does not fit, RTL the simulator cannot
build), with `dfv: error: ...` naming the file, line and column where there is one.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from dfv.args import int_in
from dfv.golden.catalogue import OPS, module_of_op
from dfv.paths import REPORTS_DIR
from dfv.sim.build import BuildError
from dfv.sim.run import TestResult
from dfv.sim.toolchain import SIMULATORS
from dfv.tb.common.dut import KIT_PORTS, PortMap, PortMapError
from dfv.tb.common.op_harness import (
    HarnessError,
    Header,
    first_module,
    module_file,
    parse_header,
    require_files,
    rtl_file,
)
from dfv.tb.ip import RateClaimError, verify
from dfv.tb.port_map_file import load_port_map
from dfv.tb.suites import UnknownSuiteError, suite_config, suite_module


class IpInputError(ValueError):
    """Command-line input that does not describe a module the kit can verify."""


def _assignment(kind: type, what: str):
    """An argparse `type` for `NAME=VALUE` with VALUE of `kind`."""

    def parse(text: str) -> tuple[str, object]:
        name, sep, value = text.partition("=")
        try:
            if not sep or (not name.isidentifier() and "[" not in name):
                raise ValueError
            return name, kind(value, 0) if kind is int else kind(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected NAME={what}, got {text!r}") from None

    return parse


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify-ip", help="check another team's primitive with the kit's suite of the one it plays",
                       description=__doc__.split("\n\n")[0].replace("`", ""))
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help="the module's SystemVerilog / Verilog files")
    p.add_argument("--as", dest="plays", required=True, metavar="PRIMITIVE",
                   help="the kit module it implements (handshake_fork) or an operation (handshake.fork, arith.addi)")
    p.add_argument("--ports", type=Path, default=None, metavar="MAP.yaml",
                   help="how its ports carry the kit's channels (schema dfv/tb/schema/port_map.schema.json; "
                        "default: named the kit's way)")
    p.add_argument("--top", default=None, metavar="NAME",
                   help="the module (default: the first module of the first file that declares one)")
    p.add_argument("--param", action="append", type=_assignment(int, "INTEGER"), default=[], metavar="K=V",
                   help="a parameter of the kit module it plays, by the kit's name (W=8); repeatable")
    p.add_argument("--module-param", action="append", type=_assignment(int, "INTEGER"), default=[], metavar="K=V",
                   help="a parameter of the module that the kit does not know (BUG=1); repeatable")
    p.add_argument("--rate", action="append", type=_assignment(float, "TOKENS_PER_CYCLE"), default=[],
                   metavar="CHANNEL=R", help="the full-rate throughput it claims on a channel, where it differs from "
                                             "the kit module's documented one (out=1.0); repeatable")
    p.add_argument("--no-throughput", action="store_true", help="skip the full-rate throughput check")
    p.add_argument("--sim", choices=SIMULATORS, default="icarus", help="the simulator (default icarus)")
    p.add_argument("--test", action="append", default=None, metavar="NAME", help="only this test; repeatable")
    p.add_argument("--seed", type=int_in(0, 2**32 - 1, "seed"), default=1, help="the stimulus seed (default 1)")
    p.add_argument("--out", type=Path, default=None, help="run folder (default reports/ip/<module>)")


def resolve_plays(plays: str, params: dict[str, int]) -> tuple[str, dict[str, int]]:
    """The kit module `--as` names and its parameters: a module as given, an operation through the catalogue."""
    if plays in OPS:
        try:
            return module_of_op(plays, params)
        except ValueError as exc:
            raise IpInputError(f"--as {plays}: {exc}") from None
    try:
        suite_module(plays)
    except UnknownSuiteError as exc:
        raise IpInputError(f"--as {plays}: {exc.args[0]}; or an operation of the catalogue (handshake.fork, "
                           "arith.addi)") from None
    return plays, params


def with_defaults(kit: Header, params: dict[str, int]) -> dict[str, int]:
    """`params` with every other integer parameter of kit module `kit` at its default (what the suite then tests;
    `--param` overrides it)."""
    defaults = {}
    for _type, name, value in kit.params:
        number = _literal(value)
        if number is not None:  # an expression depends on the others: the module works it out
            defaults[name] = number
    return {**defaults, **params}


_SIZED = re.compile(r"(?:\d+)?'[sS]?([hHdDbBoO])([0-9a-fA-F_]+)")
_BASES = {"h": 16, "d": 10, "b": 2, "o": 8}


def _literal(text: str) -> int | None:
    """The value of a Verilog number (`8`, `32'h0`, `4'b1010`, `'0`), None for anything else (`'1` is all ones of a
    width the module works out)."""
    if text == "'0":
        return 0
    m = _SIZED.fullmatch(text)
    if m:
        return int(m.group(2).replace("_", ""), _BASES[m.group(1).lower()])
    return int(text) if text.isdigit() else None


def _one_line(result: TestResult) -> str:
    first = result.message.splitlines()[0] if result.message else ""
    return f"{'PASS' if result.passed else 'FAIL'}  {result.name:<28} {result.cycles or 0:>8} cycles  {first}".rstrip()


def run(a: argparse.Namespace) -> int:
    """`dfv verify-ip`: exit 0 when every test passes, 1 when one fails; bad input raises (exit 2 in main)."""
    require_files(a.files)
    module = a.top or first_module(a.files)
    header = parse_header(module_file(a.files, module), module)
    plays, given = resolve_plays(a.plays, dict(a.param))
    kit_header = parse_header(rtl_file(plays))
    kit_params = {name for _t, name, _v in kit_header.params}
    unknown = sorted(set(given) - kit_params)
    if unknown:
        raise IpInputError(f"--param {unknown[0]}: {plays} has no parameter {unknown[0]} (its parameters: "
                           f"{', '.join(sorted(kit_params)) or 'none'})")
    params = with_defaults(kit_header, given)
    ports: PortMap = KIT_PORTS
    if a.ports is not None:
        map_file = load_port_map(a.ports)
        cfg = suite_config(suite_module(plays), plays, params)
        map_file.check(header, {c.port for c in cfg.channels}, kit_params)
        ports = map_file.ports
    out = a.out or REPORTS_DIR / "ip" / module
    results = verify(a.files, module, plays, params, ports, a.sim, out, tests=a.test, seed=a.seed,
                     module_params=dict(a.module_param), rates=dict(a.rate), throughput=not a.no_throughput)
    if a.test and not results:
        raise IpInputError(f"no test of the {plays} suite is named {', '.join(a.test)}")
    for r in results:
        print(_one_line(r))
    failed = [r for r in results if not r.passed]
    shown = ",".join(f"{k}={v}" for k, v in params.items()) or "-"
    print(f"{module} as {plays} [{shown}] on {a.sim}: {len(results) - len(failed)} passed, {len(failed)} failed "
          f"(results: {out / 'results.xml'})")
    return 1 if failed else 0


INPUT_ERRORS = (IpInputError, PortMapError, HarnessError, BuildError, RateClaimError)
"""What `dfv verify-ip` reports as bad input (exit 2)."""
