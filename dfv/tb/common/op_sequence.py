"""The stimulus of an operation: `OpItem` (sequence item: the tokens of one burst per channel), `OpSequence`
(subclasses write `generate`) and `OpDriver`, which hands each item's tokens to the channels' sources
(they draw the idle cycles) and the item to the coverage."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from pyuvm import ConfigDB, uvm_analysis_port, uvm_driver, uvm_sequence, uvm_sequence_item

from dfv.tb.common import variants
from dfv.tb.common.op_config import OpConfig
from dfv.tb.common.sv_channel import SvSource


class OpItem(uvm_sequence_item):
    """One burst of stimulus: tokens per input channel, with a label and facts for coverage."""

    def __init__(self, name: str = "op_item", tokens: Mapping[str, list] | None = None,
                 kind: str = "", **facts):
        super().__init__(name)
        self.tokens = {k: list(v) for k, v in (tokens or {}).items()}
        self.kind = kind
        self.facts = facts

    def __str__(self) -> str:
        return f"{self.kind or 'burst'} {self.tokens}"


class OpSequence(uvm_sequence):
    """Sends the items of `generate()`; subclasses write `generate` with `self.rng` and `self.cfg`."""

    def __init__(self, name: str = "op_sequence"):
        super().__init__(name)
        self.cfg: OpConfig = ConfigDB().get(None, "", "OP_CONFIG")
        self.rng = random.Random(f"{variants.seed()}:{type(self).__name__}:{name}")

    def generate(self) -> Iterator[OpItem]:
        raise NotImplementedError

    async def body(self):
        for item in self.generate():
            await self.start_item(item)
            await self.finish_item(item)


class OpDriver(uvm_driver):
    """Queues each item's tokens on the channels' sources at once (they draw the idle cycles)."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)
        self.sources: dict[str, SvSource] = {}

    async def run_phase(self):
        while True:
            item = await self.seq_item_port.get_next_item()
            for channel, tokens in item.tokens.items():
                if channel not in self.sources:
                    raise KeyError(f"sequence item names unknown input channel '{channel}'")
                self.sources[channel].put(tokens)
            self.ap.write(item)
            self.seq_item_port.item_done()
