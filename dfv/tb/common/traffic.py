"""Seeded idle-cycle and back-pressure settings, drawn by the agents' generators (`dfv_stall_gen`).

Each channel gets its own `random.Random` seeded from the run seed and the channel name (it seeds the
channel's agent), so a seed reproduces a run exactly and one channel's pattern does not depend on how many
others exist. Patterns: `full` (never stall), `random` (stall each cycle with probability p), `bursty`
(alternating go/stall runs, mean 1/p cycles of go and 1/(1-p) of stall, stall runs capped so a drain
window always sees progress) and `paced` (one cycle of go after each stall run of 1..span cycles, uniform:
an iterative unit's operations arrive at every phase of the one in flight; the environment's drain
window must exceed span, as float_config's does for span = interval + 4 <= latency + 4). A consumer
(`Consumer`) also says how an output's ready relates to the valid it sees: raised whatever valid does, only
while valid is high, or only some cycles after valid rose. Real consumers do all three (`handshake_join`
raises ready only while its inputs are valid), and a DUT that needs ready to stay high after its token left
deadlocks with the latter two.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

PATTERNS = ("full", "random", "bursty", "paced")
MAX_STALL_RUN = 24


@dataclass(frozen=True)
class Pattern:
    """How often a channel stalls: `kind` in PATTERNS and the stall probability `p` (`paced`: the longest
    stall run `span` instead)."""

    kind: str = "random"
    p: float = 0.3
    span: int = 0

    def __post_init__(self) -> None:
        if self.kind not in PATTERNS:
            raise ValueError(f"unknown traffic pattern '{self.kind}' (choose from {', '.join(PATTERNS)})")
        if not 0.0 <= self.p < 1.0:
            raise ValueError(f"stall probability {self.p} must be in [0, 1)")
        if (self.kind == "paced") != (self.span >= 1):
            raise ValueError(f"a paced pattern, and only it, has a span >= 1 (got {self.kind} with span {self.span})")


FULL = Pattern("full", 0.0)


class Consumer(Enum):
    """How the testbench's ready on a DUT output relates to that output's valid."""

    EAGER = "eager"  # ready by the stall pattern alone, whatever valid does
    WHILE_VALID = "while_valid"  # ready only in cycles where valid is high (and the pattern allows)
    AFTER_VALID = "after_valid"  # ready only once valid has been high 1-3 cycles (seeded per token)


@dataclass
class TrafficConfig:
    """Stall patterns for a test: defaults for inputs (idle) and outputs (back-pressure), with
    per-channel overrides keyed by channel name. Stored in ConfigDB under "TRAFFIC"."""

    idle: Pattern = field(default_factory=lambda: Pattern("random", 0.3))
    backpressure: Pattern = field(default_factory=lambda: Pattern("random", 0.3))
    per_channel: dict[str, Pattern] = field(default_factory=dict)
    consumer: Consumer = Consumer.EAGER
    per_channel_consumer: dict[str, Consumer] = field(default_factory=dict)

    def for_channel(self, name: str, is_input: bool) -> Pattern:
        return self.per_channel.get(name, self.idle if is_input else self.backpressure)

    def consumer_for(self, name: str) -> Consumer:
        """How the ready of output `name` follows its valid."""
        return self.per_channel_consumer.get(name, self.consumer)


def channel_rng(seed: int, channel: str, purpose: str) -> random.Random:
    """A generator private to one channel and purpose, reproducible from the run seed."""
    return random.Random(f"{seed}:{channel}:{purpose}")
