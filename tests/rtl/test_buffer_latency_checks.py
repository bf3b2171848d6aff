"""The latency checks of the buffer testbench (`dfv.tb.handshake.buffer.BufferScoreboard`) fire on the
fault they exist for, named by their message: a registered buffer or FIFO that passes a token on in the
cycle it took it, and a transparent tehb that holds a token it could have passed on. Observed tokens are
built by hand: (cycle taken, cycles offered before) on `in` and `out`."""

from __future__ import annotations

import pytest

from dfv.golden.handshake import Buffer, Fifo, Tehb
from dfv.tb.common.channel_spec import Observed
from dfv.tb.handshake.buffer import BufferScoreboard


def _observed(ins: list[int], outs: list[tuple[int, int]]) -> dict[str, list[Observed]]:
    return {"in": [Observed("in", k, c, 1) for k, c in enumerate(ins)],
            "out": [Observed("out", k, c, 1, waited) for k, (c, waited) in enumerate(outs)]}


def _check(machine, observed) -> list[str]:
    return BufferScoreboard.extra_checks(None, observed, machine, None)


@pytest.mark.parametrize("machine", [Buffer(8), Fifo(8, 3)], ids=["buffer", "fifo"])
def test_a_registered_buffer_passing_a_token_on_at_once_is_reported(machine):
    assert _check(machine, _observed([3, 4], [(4, 0), (5, 0)])) == []
    errors = _check(machine, _observed([3, 4], [(4, 0), (4, 0)]))
    assert errors == ["out: token 1 offered in the cycle `in` took it (latency 0; the outputs must come from "
                      "registers) (1 such tokens)"]


def test_a_tehb_holding_a_token_it_could_pass_on_is_reported():
    # passed straight on in the cycle taken, or offered then and taken later (a stalled token): both fine
    assert _check(Tehb(8), _observed([3, 4], [(3, 0), (6, 2)])) == []
    errors = _check(Tehb(8), _observed([3, 4, 5], [(3, 0), (5, 0), (6, 0)]))
    assert errors == ["out: token 1 offered after the cycle `in` took it (a tehb passes a token on in the same "
                      "cycle) (2 such tokens)"]
