"""Access to channel signals, including one lane of a packed multi-channel port.

A port with N channels is packed (`name_data[N*W-1:0]`, `name_valid[N-1:0]`, ...). Several lane
drivers write the same vector in one cycle, so writes go through a shared shadow value per signal
(`PackedSignal`) and the whole vector is written each time: the last write carries every lane.
"""

from __future__ import annotations


class SignalXError(ValueError):
    """A signal held X or Z where a 0/1 value was required."""


def read_int(handle) -> int:
    """The value of `handle` as an unsigned integer; X/Z raises SignalXError naming the signal."""
    value = handle.value
    try:
        return int(value)
    except ValueError:
        raise SignalXError(f"{handle._name} is {value}") from None


class PackedSignal:
    """A DUT signal written lane by lane from several drivers through one shadow value."""

    _registry: dict[tuple[int, str], PackedSignal] = {}

    def __init__(self, handle) -> None:
        self.handle = handle
        self.shadow = 0

    @classmethod
    def of(cls, dut, name: str) -> PackedSignal:
        key = (id(dut), name)
        if key not in cls._registry:
            cls._registry[key] = cls(getattr(dut, name))
        return cls._registry[key]

    @classmethod
    def forget(cls) -> None:
        """Drop every shadow (a new test starts from a new DUT state)."""
        cls._registry.clear()

    def write_lane(self, lane: int, width: int, value: int) -> None:
        mask = ((1 << width) - 1) << (lane * width)
        new = (self.shadow & ~mask) | ((value << (lane * width)) & mask)
        if new != self.shadow or not hasattr(self, "_written"):
            self.shadow = new
            self._written = True
            self.handle.value = new

    def read_lane(self, lane: int, width: int) -> int:
        value = self.handle.value
        try:
            return (int(value) >> (lane * width)) & ((1 << width) - 1)
        except ValueError:
            pass
        # X/Z somewhere in the vector: only this lane's bits must be known (other lanes may be idle)
        bits = str(value)
        lo = len(bits) - (lane + 1) * width
        part = bits[max(lo, 0): len(bits) - lane * width]
        try:
            return int(part, 2)
        except ValueError:
            raise SignalXError(f"{self.handle._name}[lane {lane}] is {part}") from None
