"""The kit's operation suites: which test module tests a kit module, the channels it builds for it, and
the harness it runs on. Used by the regression for the kit's own modules and by `dfv.tb.ip` for another
team's implementation of one."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from pathlib import Path

from dfv.paths import RTL_DIR
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.op_harness import gen_harness, parse_header, rtl_file

SUITE_PACKAGES = ("dfv.tb.dataflow", "dfv.tb.handshake", "dfv.tb.fp", "dfv.tb.memory")
BENCH_PACKAGE = "dfv.tb.bench"  # each module's `BASES`: the kit modules whose full-rate bench it runs


class UnknownSuiteError(KeyError):
    """No suite of the kit tests the module named."""


def tested_modules(test_module: str) -> tuple[str, ...]:
    """The kit modules test module `test_module` tests: its `FAMILIES`, or its one `NAME`."""
    module = importlib.import_module(test_module)
    families = getattr(module, "FAMILIES", None)
    if families is not None:
        return tuple(families)
    name = getattr(module, "NAME", None)
    return (name,) if name else ()


def suite_module(plays: str) -> str:
    """The test module of the kit's suite of module `plays` (`handshake_fork` -> `dfv.tb.handshake.fork`)."""
    known = []
    for package in SUITE_PACKAGES:
        for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
            name = f"{package}.{info.name}"
            modules = tested_modules(name)
            if plays in modules:
                return name
            known += modules
    raise UnknownSuiteError(f"no suite of the kit tests a module {plays!r} (suites: {', '.join(sorted(known))})")


def bench_module(plays: str) -> str | None:
    """The bench test module that measures kit module `plays` at full rate against its documented throughput
    (`dfv.tb.bench.handshake` for the fork), None when no bench covers it."""
    for info in pkgutil.iter_modules(importlib.import_module(BENCH_PACKAGE).__path__):
        name = f"{BENCH_PACKAGE}.{info.name}"
        if plays in getattr(importlib.import_module(name), "BASES", {}):
            return name
    return None


def suite_config(test_module: str, plays: str, params: Mapping[str, int]) -> OpConfig:
    """The operation's channels and model for kit module `plays` at `params`, as `test_module` builds them
    (the `make_config(params)` of its family of `plays`, or its own)."""
    module = importlib.import_module(test_module)
    families = getattr(module, "FAMILIES", None)
    make_config = families[plays].make_config if families is not None else module.make_config
    return make_config(dict(params))


def harness_text(toplevel: str, test_module: str, params: Mapping[str, int], rtl_dir: Path = RTL_DIR) -> str:
    """The harness of kit module `toplevel` at `params` for the channels of test module `test_module`; the
    host writes it before the build."""
    cfg = suite_config(test_module, toplevel, params)
    return gen_harness(parse_header(rtl_file(toplevel, rtl_dir)), cfg.channels, cfg.tie_offs,
                       memories=cfg.memories, slots=cfg.slots, passes=cfg.passes)
