"""The firing loop every golden run shares (`fire_until_dry`): it stops when the machine runs dry or at its
cap, and `run_streams` takes the cap as a runaway."""

from __future__ import annotations

import pytest

from dfv.golden.core import fire_until_dry, make_queues, run_streams
from dfv.golden.handshake import Fifo
from dfv.golden.handshake.sources import Source


def test_a_machine_runs_dry_and_the_count_is_its_firings():
    fifo = Fifo(8, 2)
    inq, outq = make_queues(fifo.INPUTS, {"in": [1, 2, 3]}), make_queues(fifo.OUTPUTS)
    states = []
    assert fire_until_dry(fifo, inq, outq, 100, lambda: states.append(fifo.state_name())) == len(states) > 0
    assert list(outq["out"]) == [1, 2, 3] and not inq["in"]


def test_the_cap_stops_a_machine_that_never_runs_dry_quietly():
    source = Source()
    outq = make_queues(source.OUTPUTS)
    assert fire_until_dry(source, make_queues(source.INPUTS), outq, 7) == 7
    assert len(outq["out"]) == 7


def test_run_streams_takes_the_cap_as_a_runaway():
    with pytest.raises(RuntimeError, match=r"^Source fired 5 times without running dry$"):
        run_streams(Source(), {}, max_firings=5)
