"""Access to channel signals, including one lane of a packed multi-channel port.

A port with N channels is packed (`name_data[N*W-1:0]`, `name_valid[N-1:0]`, ...). Several lane
drivers write the same vector in one cycle, so writes go through a shared shadow value per signal
(`PackedSignal`) and the whole vector is written each time: the last write carries every lane.
"""

from __future__ import annotations

from cocotb.types import LogicArray


class SignalXError(ValueError):
    """A signal held X or Z where a 0/1 value was required."""


def read_bits(handle) -> str:
    """The value of `handle` as the simulator gives it: a bit string, most significant bit first, which may
    hold X or Z. Read straight from the simulator object: `handle.value` builds a `LogicArray` first, which
    costs several times the read itself, and the benches read every channel every cycle. Anything else
    with a `value` (a stand-in of a must-fail test, an int or a `LogicArray`) is read through it."""
    sim_obj = getattr(handle, "_handle", None)
    if sim_obj is not None:
        return sim_obj.get_signal_val_binstr()
    value = handle.value
    return format(value, "b") if isinstance(value, int) else str(value)


def read_int(handle) -> int:
    """The value of `handle` as an unsigned integer; X/Z raises SignalXError naming the signal."""
    bits = read_bits(handle)
    try:
        return int(bits, 2)
    except ValueError:
        raise SignalXError(f"{handle._name} is {bits.upper()}") from None


class PackedSignal:
    """A DUT signal written lane by lane from several drivers through one shadow value, in which lanes
    may also be left X (`write_lane_x`: idle data on a four-state simulator)."""

    _registry: dict[tuple[int, str], PackedSignal] = {}

    def __init__(self, handle) -> None:
        self.handle = handle
        self.shadow = 0
        self.x_mask = 0  # bits written X
        self.written = False

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
        self._write((self.shadow & ~mask) | ((value << (lane * width)) & mask), self.x_mask & ~mask)

    def write_lane_x(self, lane: int, width: int) -> None:
        """X on one lane; the other lanes keep what was last written (X included)."""
        self._write(self.shadow, self.x_mask | ((1 << width) - 1) << (lane * width))

    def _write(self, value: int, x_mask: int) -> None:
        if value == self.shadow and x_mask == self.x_mask and self.written:
            return
        self.shadow, self.x_mask, self.written = value, x_mask, True
        if not x_mask:
            self.handle.value = value
            return
        total = len(self.handle)
        self.handle.value = LogicArray("".join("X" if x_mask >> i & 1 else str(value >> i & 1)
                                               for i in reversed(range(total))))

    def read_lane(self, lane: int, width: int) -> int:
        bits = read_bits(self.handle)
        try:
            return (int(bits, 2) >> (lane * width)) & ((1 << width) - 1)
        except ValueError:
            pass
        # X/Z somewhere in the vector: only this lane's bits must be known (other lanes may be idle)
        bits = bits.upper()
        lo = len(bits) - (lane + 1) * width
        part = bits[max(lo, 0): len(bits) - lane * width]
        try:
            return int(part, 2)
        except ValueError:
            raise SignalXError(f"{self.handle._name}[lane {lane}] is {part}") from None
