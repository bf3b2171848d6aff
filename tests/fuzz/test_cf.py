"""`dfv fuzz --cf`: generated programs printed with their control flow as `cf` blocks and branches
(dfv/lowering/to_cf.py), which `dfv run` lifts back to `scf`; a bug in the lifting is found and saved."""

from __future__ import annotations

import dataclasses
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfv.cli import main
from dfv.fuzz.campaign import Config, run_campaign
from dfv.fuzz.gen import generate
from dfv.fuzz.printer import inputs_json, to_mlir
from dfv.lowering import lift_cf
from dfv.lowering.lower_control import find_function
from dfv.lowering.parse import parse_text
from dfv.runner import run_program


def _cf(seed: int, size: int, floats: bool = False):
    return dataclasses.replace(generate(seed, size, floats), cf=True)


def test_cf_text_has_no_structured_control_flow():
    for seed in range(20):
        p = _cf(seed, 3)
        fn = find_function(parse_text(to_mlir(p), "p.mlir"), None)
        names = {op.name for op in fn.walk()}
        assert not names & {"scf.for", "scf.if", "scf.while"}, seed
        structured = {op.name for op in find_function(parse_text(to_mlir(dataclasses.replace(p, cf=False))), None)
                      .walk()}
        if structured & {"scf.for", "scf.if", "scf.while"}:
            assert len(fn.body.blocks) > 1 and "cf.cond_br" in names, seed


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([1, 2, 3]), st.booleans())
def test_cf_programs_match_the_interpreter_of_their_cf(tmp_path_factory, seed, size, floats):
    p = _cf(seed, size, floats)
    d = tmp_path_factory.mktemp("p")
    (d / "p.mlir").write_text(to_mlir(p))
    (d / "in.json").write_text(inputs_json(p))
    res = run_program(str(d / "p.mlir"), "fuzz", str(d / "in.json"), "golden")
    assert res["status"] == "pass", res["message"]


def test_campaign_in_cf(tmp_path, capsys):
    code = main(["fuzz", "--seed", "5", "--count", "3", "--size", "2", "--cf", "--engines", "golden",
                 "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "control flow in cf" in out
    assert json.loads((tmp_path / "summary.json").read_text())


def test_a_lifting_bug_is_found_with_a_cf_reproducer(tmp_path, monkeypatch):
    """Swap the sides of every lifted scf.if: a cf campaign reports mismatches and saves the cf program."""
    swap = lift_cf.Lifter.if_op
    monkeypatch.setattr(lift_cf.Lifter, "if_op", lambda self, c, t, o, s, w: swap(self, c, o, t, s, w))
    cfg = Config(seed=1, count=6, size=2, engines=("golden",), cf=True, out=tmp_path, shrink=False)
    result = run_campaign(cfg)
    assert result.failures > 0
    saved = [f for f in tmp_path.rglob("prog.mlir")]
    assert saved and all("cf.cond_br" in f.read_text() for f in saved)
