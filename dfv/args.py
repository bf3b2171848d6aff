"""The argument parser of every `dfv` subcommand and the checked values they share: a bad one is an
argparse error (one `dfv: error:` line, exit 2), never a traceback."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable

from dfv.golden.types import MAX_INDEX_WIDTH, MIN_INDEX_WIDTH
from dfv.lowering.timing_plan import ClockGoal, ClockTarget


class Parser(argparse.ArgumentParser):
    """argparse with the kit's error contract: one `dfv: error:` line and exit status 2."""

    def error(self, message: str):
        print(f"dfv: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def int_in(lo: int, hi: int | None, what: str) -> Callable[[str], int]:
    """An argparse `type` for an integer in `lo..hi` (`hi` None: no upper bound)."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid {what} {text!r}") from None
        if hi is None and v < lo:
            raise argparse.ArgumentTypeError(f"{what} must be at least {lo}, got {v}")
        if hi is not None and not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{what} must be {lo}..{hi}, got {v}")
        return v

    return parse


def positive_seconds(text: str) -> float:
    """An argparse `type` for a positive number of seconds."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds {text!r}") from None
    if not v > 0:
        raise argparse.ArgumentTypeError(f"seconds must be positive, got {text}")
    return v


#: the clock targets `--target-mhz` accepts; `max` (infinity) asks for the fastest the operations allow, `best`
#: for the clock of the shortest time per loop iteration (`ClockGoal.BEST`)
MIN_TARGET_MHZ, MAX_TARGET_MHZ = 1.0, 1000.0
FASTEST = "max"
#: how a message names the words `target_mhz` takes besides a number
TARGET_WORDS = f"{FASTEST} or {ClockGoal.BEST.value}"


def target_mhz(text: str, words: str = TARGET_WORDS) -> ClockTarget:
    """An argparse `type` for a clock target in MHz (MIN_TARGET_MHZ..MAX_TARGET_MHZ), `max` (infinity) or `best`;
    `words` are the words an error lists beside a number (a command that takes more passes its own)."""
    if text == FASTEST:
        return math.inf
    if text == ClockGoal.BEST.value:
        return ClockGoal.BEST
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid clock target {text!r} (MHz, {words})") from None
    if not MIN_TARGET_MHZ <= v <= MAX_TARGET_MHZ:
        raise argparse.ArgumentTypeError(f"clock target must be {MIN_TARGET_MHZ:g}..{MAX_TARGET_MHZ:g} MHz, "
                                         f"{words}, got {text}")
    return v


index_width = int_in(MIN_INDEX_WIDTH, MAX_INDEX_WIDTH, "index width")
"""An argparse `type` for `--index-width` (`dfv lower`, `dfv run`, `dfv timing --program`)."""


def target_text(mhz: ClockTarget) -> str:
    """How `--target-mhz` writes a target (`max` for infinity, `best` for `ClockGoal.BEST`)."""
    if isinstance(mhz, ClockGoal):
        return mhz.value
    return FASTEST if math.isinf(mhz) else f"{mhz:g}"


def target_setting(mhz: ClockTarget | None) -> str | None:
    """A clock target as a report records it: `target_text`, or None for none."""
    return None if mhz is None else target_text(mhz)
