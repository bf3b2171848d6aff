"""Several runs of one build in one simulator process: the variants of a process, and the tests of each.

Starting a simulator with Python in it costs about half a second, several times what most tests take.
So the host runs every seed of a build (and, for a program, every seed and memory latency) in one
process: it names the variants in `$DFV_VARIANTS` (a JSON list written and read with `Variant`, so the
two ends cannot drift), and `register` turns each uvm test class into one cocotb test per variant, named
`<class>@<key>`. While a test runs, `current()` is its variant (a kernel test reads its description
there) and `seed()` the test's seed: the variant's seed combined with the test's class as cocotb combines
its run seed with a test's name, so a test gets the same stimulus and traffic as when it ran alone with
that seed. The testbenches take their seed from `seed()`, never from `cocotb.RANDOM_SEED` (which cocotb
derives from the name with the variant in it). Without `$DFV_VARIANTS` there is one variant with an
empty key: the tests keep their class names and the seed is cocotb's.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import cocotb
from pyuvm import uvm_root

from dfv.tb.common import stall_guard

VARIANTS_ENV = "DFV_VARIANTS"
SEPARATOR = "@"
KIT_PREFIX = "dfv."  # the package the kit's own suites live in (`class_seed`)


@dataclass(frozen=True)
class Variant:
    """One run of the tests of a process: `key` (the suffix of its test names, "" for a lone run of the
    cocotb seed), its seed and, for a kernel run, the kernel description file (`dfv.tb.kernel.description`)."""

    key: str
    seed: int
    description: str | None = None

    def test_name(self, base: str) -> str:
        """The cocotb name of test class `base` in this variant."""
        return f"{base}{SEPARATOR}{self.key}" if self.key else base


def to_env(variants: Sequence[Variant]) -> str:
    """The value of `$DFV_VARIANTS` for `variants`: their keys differ, and only a lone variant's may be empty."""
    keys = [v.key for v in variants]
    if len(set(keys)) != len(keys) or any(SEPARATOR in k for k in keys) or (len(keys) > 1 and "" in keys):
        raise ValueError(f"variant keys must be distinct, without '{SEPARATOR}', and empty only alone: {keys}")
    return json.dumps([asdict(v) for v in variants])


def split_name(name: str) -> tuple[str, str]:
    """A cocotb test name split into the test class and the variant key ("" for none)."""
    base, _, key = name.partition(SEPARATOR)
    return base, key


def process_variants() -> tuple[Variant, ...]:
    """The variants of this process: `$DFV_VARIANTS`, else one run of cocotb's seed."""
    text = os.environ.get(VARIANTS_ENV)
    if not text:
        return (Variant("", int(cocotb.RANDOM_SEED)),)
    return tuple(Variant(**v) for v in json.loads(text))


_current: tuple[Variant, int] | None = None  # the running test's variant and seed


def current() -> Variant:
    """The variant of the running test."""
    if _current is None:
        raise RuntimeError("no test is running (dfv.tb.common.variants.current() outside a registered test)")
    return _current[0]


def seed() -> int:
    """The seed of the running test: every seeded generator of the testbenches starts from it."""
    current()
    return _current[1]


def class_seed(variant: Variant, cls: type) -> int:
    """The seed of test class `cls` in `variant`: cocotb's per-test seed (`regression.py`: the run seed
    plus the SHA-1 of the test's full name) for the class's own name. The kit's suites are named without
    the package prefix (`tb.dataflow.carry.CarryRandomTest`), so a test keeps its stimulus wherever the kit's
    package sits (it moved under `dfv` with every seed kept)."""
    name = f"{cls.__module__.removeprefix(KIT_PREFIX)}.{cls.__name__}"
    return variant.seed + int(hashlib.sha1(name.encode()).hexdigest(), 16)


def current_test_name(base: str) -> str:
    """The cocotb name of the running test, whose class is named `base`."""
    return current().test_name(base)


def register(cls: type) -> type:
    """Register uvm test class `cls` as one cocotb test per variant of this process, in the module that
    calls this (as `pyuvm.test()` does for one), and return the class."""
    module = sys._getframe(1).f_globals
    if not hasattr(cocotb, "RANDOM_SEED"):
        return cls  # outside a simulator: the host reads the module's configuration (dfv.tb.common.op_harness)
    for variant in process_variants():
        name = variant.test_name(cls.__name__)

        async def run(_dut, variant: Variant = variant, name: str = name) -> None:
            global _current
            _current = (variant, class_seed(variant, cls))
            guard = cocotb.start_soon(stall_guard.beat(name))
            try:
                await uvm_root().run_test(cls)
            finally:
                guard.cancel()
                stall_guard.disarm()
                _current = None

        run.__doc__ = cls.__doc__
        module[f"__{name}"] = cocotb.test(name=name)(run)
    return cls
