"""The shrinker: it really shrinks, the result still fails, and every candidate it may run is a
valid program (so shrinking never turns a finding into a fuzzer bug)."""

from __future__ import annotations

import pytest

from dfv.fuzz.execute import Outcome, Verdict, run_once, source_fault
from dfv.fuzz.gen import generate
from dfv.fuzz.printer import to_mlir
from dfv.fuzz.program import Arith, Block, Const, For, Load, Program, Select, Store, check, count, walk
from dfv.fuzz.shrink import Budget, apply_edit, edits, shrink
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.lowering.lower_control import find_function
from dfv.lowering.parse import LoweringError, parse_text
from dfv.lowering.reference import run_source
from dfv.runner import ENGINES, EngineResult, Run


def _has_store(p) -> bool:
    return any(isinstance(s, Store) for s in walk(p.body))


def _store_engine(run: Run) -> EngineResult:
    """A fake engine: right results, but a 'deadlock' whenever the program has a store (in any of its functions:
    a program of the front-end style has its body in a helper, `dfv.fuzz.program.Style`)."""
    stores = [op for op in run.prog.src.module.walk() if op.name in ("memref.store", "affine.store")]
    problems = [f"fake deadlock: {len(stores)} store(s)"] if stores else []
    return EngineResult(list(run.source[0]), dict(run.source[1]), problems)


def test_a_pure_predicate_shrinks_to_the_store():
    p = generate(3, 4)
    assert _has_store(p) and count(p.body) > 40
    calls = []

    def fails(q):
        calls.append(q)
        return _has_store(q)

    small, stats = shrink(p, fails)
    assert _has_store(small)
    # the store and what it cannot do without: its value, its index and, when it writes through a view
    # (here a memref.cast to a dynamic shape, which no other value can stand in for), that view
    assert stats.statements_after == count(small.body) <= 4, to_mlir(small)
    assert stats.statements_before == count(p.body)
    assert stats.accepted >= 1 and stats.runs == len(calls)
    assert check(small) == []


def test_a_fake_engine_failing_on_stores_gives_a_tiny_reproducer(monkeypatch, tmp_path):
    monkeypatch.setitem(ENGINES, "fake-store", _store_engine)
    p = generate(11, 3)
    first = run_once(p, "fake-store", tmp_path, 11, 30)
    assert first.verdict is Verdict.DEADLOCK, first
    small, stats = shrink(p, lambda q: run_once(q, "fake-store", tmp_path, 11, 30).same_failure(first))
    text = to_mlir(small)
    assert "memref.store" in text
    assert count(small.body) <= 3, text
    assert stats.statements_before > 20
    again = run_once(small, "fake-store", tmp_path, 11, 30)
    assert again.same_failure(first)


def test_shrinking_keeps_the_class_and_shrinks_loops(monkeypatch):
    """A failure that needs a loop around a load keeps one loop with one load, small bounds (the program of seed 2
    without memref.global tables, as before they existed)."""
    import dfv.fuzz.gen as gen

    monkeypatch.setattr(gen, "GLOBAL_SHARE", 0.0)
    p = generate(2, 5)

    def fails(q) -> bool:
        return any(isinstance(s, For) and any(isinstance(t, Load) for t in walk(s.body)) for s in walk(q.body))

    assert fails(p)
    small, _ = shrink(p, fails)
    assert fails(small)
    loops = [s for s in walk(small.body) if isinstance(s, For)]
    assert len(loops) == 1
    assert count(small.body) <= 3, to_mlir(small)


def test_the_budget_bounds_the_runs():
    p = generate(3, 4)
    _, stats = shrink(p, _has_store, Budget(seconds=60, runs=5))
    assert stats.runs == 5


def test_same_failure_needs_the_same_class_and_exception_type():
    a = Outcome(Verdict.INTERNAL_ERROR, "x", 0.1, "ValueError")
    assert a.same_failure(Outcome(Verdict.INTERNAL_ERROR, "other text", 2.0, "ValueError"))
    assert not a.same_failure(Outcome(Verdict.INTERNAL_ERROR, "x", 0.1, "KeyError"))
    assert not a.same_failure(Outcome(Verdict.MISMATCH, "x", 0.1, "ValueError"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_candidate_that_passes_check_is_a_valid_program(seed):
    """check() is what the shrinker trusts: each candidate it accepts must parse and run on the
    source interpreter without breaking the contract."""
    p = generate(seed, 2)
    tried = 0
    for edit in edits(p):
        q = apply_edit(p, edit)
        if q is None:
            continue
        tried += 1
        text = to_mlir(q)
        try:
            src = parse_text(text, "cand.mlir")
            run_source(src, find_function(src, "fuzz"), q.inputs, DEFAULT_INDEX_WIDTH)
        except LoweringError as exc:
            assert source_fault(exc).verdict is not Verdict.GENERATOR_INVALID, (str(exc), text)
    assert tried > 20


def test_an_operation_is_bypassed_by_the_operand_the_failure_needs():
    """A select (or an arith op) between the failing value and the output goes: its result is replaced
    by its operand, as in a NaN constant returned through a select."""
    p = Program([], [], Block([Const("%a", "i1", 0), Const("%b", "bf16", 0), Const("%c", "bf16", 0x7F81, True),
                               Select("%d", "bf16", "%a", "%b", "%c"), Arith("%e", "addi", "i1", "%a", "%a")],
                              ["%d", "%e"]))
    small, _ = shrink(p, lambda q: "0x7F81 : bf16" in to_mlir(q) and "%c" in q.body.yields)
    assert [type(s).__name__ for s in small.body.stmts] == ["Const"] and small.body.yields == ["%c"], to_mlir(small)
    assert check(small) == []
