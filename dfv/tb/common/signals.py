"""Reads of simulator signals: as the simulator's bit string (X and Z included) or as an unsigned integer
that refuses X and Z (`SignalXError`, naming the signal)."""

from __future__ import annotations


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


def try_u(handle, default: int | None = 0) -> int | None:
    """The unsigned value of `handle`, or `default` while it is X (a register before its first reset)."""
    try:
        return read_int(handle)
    except SignalXError:
        return default
