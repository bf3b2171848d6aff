"""The fuzzer's fixed-seed CI budget: 240 generated programs (size 3) on both golden modes and four
small ones (size 1) on Verilator must all pass, and two small float programs (`--floats`, the ops with RTL)
on Verilator. A failure shows the campaign table (classes per
engine, the saved programs); replay one with `dfv fuzz --seed S --count 1 --size K --engines E`,
which also shrinks it into a reproducer folder."""

from __future__ import annotations

import pytest

from dfv.fuzz.campaign import Config, run_campaign

GOLDEN_CHUNKS = [(1, 60), (61, 60), (121, 60), (181, 60)]  # seeds 1..240, in chunks so xdist can share them


@pytest.mark.parametrize(("seed", "count"), GOLDEN_CHUNKS)
def test_golden_both_modes(tmp_path, seed, count):
    cfg = Config(seed=seed, count=count, size=3, engines=("golden", "golden-unbounded"), out=tmp_path, shrink=False)
    result = run_campaign(cfg)
    assert result.failures == 0, result.table()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_verilator(tmp_path, seed):
    cfg = Config(seed=seed, count=1, size=1, engines=("verilator",), out=tmp_path, shrink=False)
    result = run_campaign(cfg)
    assert result.failures == 0, result.table()


@pytest.mark.parametrize("seed", [1, 4])  # fma and uitofp; cmpf feeding an if
def test_verilator_floats(tmp_path, seed):
    cfg = Config(seed=seed, count=1, size=1, engines=("verilator",), floats=True, out=tmp_path, shrink=False)
    result = run_campaign(cfg)
    assert result.failures == 0, result.table()
