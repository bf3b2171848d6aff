"""The fuzz generator: deterministic, valid by its own contract and by the toolchain's, and covering
every operation, type and loop form of the lowering subset it claims to cover."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from dfv.fuzz.execute import Verdict, source_fault
from dfv.fuzz.gen import BINOPS, PREDICATES, UNARY_OPS, generate
from dfv.fuzz.printer import inputs_json, to_mlir
from dfv.fuzz.program import (
    Alloc,
    Arith,
    Block,
    BoundKind,
    Cast,
    CastView,
    Cmp,
    Collapse,
    Expand,
    For,
    GetGlobal,
    If,
    Load,
    MemRef,
    Reinterpret,
    Select,
    Store,
    Style,
    SubView,
    Unary,
    While,
    check,
    walk,
)
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.lowering.lower_control import find_function
from dfv.lowering.parse import LoweringError, parse_text
from dfv.lowering.pipeline import lower_source
from dfv.lowering.reference import run_source

ROOT = Path(__file__).resolve().parents[2]


DIGEST = """
import hashlib
from dfv.fuzz.gen import generate
from dfv.fuzz.printer import inputs_json, to_mlir

def digest(seeds, size):
    h = hashlib.sha256()
    for s in seeds:
        p = generate(s, size)
        h.update((to_mlir(p) + inputs_json(p)).encode())
    return h.hexdigest()
"""


def test_same_seed_and_size_same_program():
    for seed, size in ((0, 1), (7, 3), (123456, 10)):
        a, b = generate(seed, size), generate(seed, size)
        assert to_mlir(a) == to_mlir(b)
        assert inputs_json(a) == inputs_json(b)


def test_seed_and_size_change_the_program():
    texts = {to_mlir(generate(s, 3)) for s in range(20)}
    assert len(texts) == 20
    assert to_mlir(generate(5, 2)) != to_mlir(generate(5, 3))


def test_deterministic_across_processes():
    """No dependence on hash randomisation or on what ran before in the process."""
    scope: dict = {}
    exec(DIGEST, scope)
    want = scope["digest"](range(30), 3)
    for hashseed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", DIGEST + "print(digest(range(30), 3))"], capture_output=True,
                             text=True, check=True, env={**os.environ, "PYTHONHASHSEED": hashseed}, cwd=ROOT)
        assert out.stdout.strip() == want


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 10])
def test_every_program_meets_the_contract(size):
    for seed in range(150):
        assert check(generate(seed, size)) == [], (seed, size)


def test_bad_size_is_refused():
    for size in (0, 11):
        with pytest.raises(ValueError, match="size"):
            generate(1, size)


@pytest.mark.parametrize(("size", "seeds"), [(1, 100), (3, 100), (6, 40), (10, 10)])
def test_every_program_parses_lowers_and_runs_in_the_source_interpreter(size, seeds):
    """A few hundred programs parse, lower and run on the source interpreter; a program that does
    not must be a classified finding (a lowering error, a source-interpreter fault), never a
    program that breaks the fuzzer's contract (generator-invalid)."""
    for seed in range(seeds):
        p = generate(seed, size)
        text = to_mlir(p)
        try:
            src = parse_text(text, "fuzz.mlir")
        except LoweringError as exc:
            pytest.fail(f"seed {seed}: the printed program does not parse: {exc}\n{text}")
        try:
            lower_source(src, "fuzz", DEFAULT_INDEX_WIDTH)
        except LoweringError:
            pass  # a lowering error on a valid program is a finding, classified by the campaign
        try:
            run_source(src, find_function(src, "fuzz"), p.inputs, DEFAULT_INDEX_WIDTH)
        except LoweringError as exc:
            assert source_fault(exc).verdict is not Verdict.GENERATOR_INVALID, (seed, str(exc), text)


def test_the_generator_covers_the_subset():
    seen: Counter = Counter()
    for seed in range(300):
        p = generate(seed, 3)
        for prm in p.params:
            seen["param", prm.ty.elem if isinstance(prm.ty, MemRef) else prm.ty] += 1
        for s in walk(p.body):
            if isinstance(s, Arith):
                seen["op", s.op] += 1
                seen["type", s.ty] += 1
            elif isinstance(s, Cmp):
                seen["pred", s.pred] += 1
            elif isinstance(s, Cast):
                seen["cast", s.op] += 1
            elif isinstance(s, Unary):
                seen["unary", s.op] += 1
            elif isinstance(s, For):
                seen["for", s.ub.kind] += 1
                seen["for iter_args", bool(s.args)] += 1
                seen["for step", s.step.kind] += 1
                seen["for lb", s.lb.kind] += 1
            elif isinstance(s, While):
                seen["while exit", s.cond is not None] += 1
                seen["while carried", bool(s.args)] += 1
            elif isinstance(s, If):
                seen["if", bool(s.results), s.other is not None] += 1
            elif isinstance(s, Alloc):
                seen["alloc", s.stack] += 1
            else:
                seen[type(s).__name__] += 1
    want = [("op", o) for o in BINOPS] + [("pred", p) for p in PREDICATES]
    want += [("cast", c) for c in ("index_cast", "index_castui", "extsi", "extui", "trunci")]
    want += [("unary", o) for o in UNARY_OPS]  # math.absi ctlz cttz ctpop
    want += [("type", t) for t in ("i1", "i8", "i16", "i32", "i64", "index")]
    want += [("param", t) for t in ("i1", "i8", "i16", "i32", "i64", "index")]
    want += [("for", k) for k in BoundKind] + [("for iter_args", b) for b in (True, False)]
    want += [("for step", BoundKind.CONST), ("for step", BoundKind.CLAMP), ("for lb", BoundKind.COUNTER)]
    want += [("while exit", b) for b in (True, False)] + [("while carried", b) for b in (True, False)]
    want += [("if", False, False), ("if", False, True), ("if", True, True), ("alloc", True), ("alloc", False)]
    want += [(c.__name__,) for c in (Select, Store, CastView, SubView, Reinterpret, Collapse, Expand)]
    missing = [w for w in want if seen[w if len(w) > 1 else w[0]] == 0]
    assert not missing, missing


def test_idioms_stress_one_array_from_several_places():
    """Bubble-sort nests (triangular, in-place swaps), stencils reading their own stores and
    read-modify-writes all occur: some loop nest stores to an array it also loads from, two deep."""
    deep_in_place = 0
    for seed in range(100):
        for s in walk(generate(seed, 3).body):
            if isinstance(s, For) and any(isinstance(t, For) and t.ub.kind is BoundKind.COUNTER
                                          for t in walk(s.body)):
                inner = list(walk(s.body))
                stored = {t.mem for t in inner if isinstance(t, Store)}
                loaded = {t.mem for t in inner if type(t).__name__ == "Load"}
                deep_in_place += bool(stored & loaded)
    assert deep_in_place >= 3


def test_front_end_style():
    """About a quarter of the programs print as a C front end emits them (module attributes, a called helper,
    dynamic sizes, affine.for / affine.load / affine.store), the others as before; the same program in both
    styles gives the same results in the source interpreter (which runs calls and affine itself)."""
    styles = Counter(generate(seed, 3).style for seed in range(400))
    assert 0.15 < styles[Style.FRONT_END] / 400 < 0.35, styles
    seen: Counter = Counter()
    compared = 0
    for seed in range(120):
        p = generate(seed, 3)
        if p.style is not Style.FRONT_END:
            continue
        text = to_mlir(p)
        for needle in ("module attributes {dlti.dl_spec", "call @fuzz_body", "memref<?x", "affine.for",
                       "affine.load", "affine.store"):
            seen[needle] += needle in text
        plain = to_mlir(replace(p, style=Style.PLAIN))
        assert "affine." not in plain and "call" not in plain and "memref<?" not in plain.split("{")[0]
        try:
            want = run_source(src := parse_text(plain, "p.mlir"), find_function(src, "fuzz"), p.inputs,
                              DEFAULT_INDEX_WIDTH)
        except LoweringError:
            continue  # a program the source interpreter refuses (a finding of the campaign, not of the style)
        front = parse_text(text, "f.mlir")
        assert run_source(front, find_function(front, "fuzz"), p.inputs, DEFAULT_INDEX_WIDTH) == want, seed
        lower_source(front, "fuzz", DEFAULT_INDEX_WIDTH)
        compared += 1
    assert compared >= 15 and all(seen[n] for n in seen) and len(seen) == 6, (compared, seen)


def test_globals(tmp_path, monkeypatch):
    """About 30% of the programs read `memref.global` tables (`gen.GLOBAL_SHARE`: a constant table read with computed
    indices and returned, sometimes a mutable one stored to), drawn from a random stream of their own, so every other
    program is the one the generator made without tables; programs with tables pass on the golden engine against
    the source interpreter; a store to a constant table breaks the contract."""
    import dfv.fuzz.gen as gen
    from dfv.runner import run_program

    with_tables = [seed for seed in range(200) if generate(seed, 3).globals]
    assert 0.2 < len(with_tables) / 200 < 0.4, len(with_tables)
    plain = [seed for seed in range(40) if seed not in with_tables]
    before = {seed: to_mlir(generate(seed, 3)) for seed in plain}
    monkeypatch.setattr(gen, "GLOBAL_SHARE", 0.0)
    assert {seed: to_mlir(generate(seed, 3)) for seed in plain} == before
    monkeypatch.undo()
    mutable_stored = 0
    for seed in with_tables[:6]:
        p = generate(seed, 3)
        text = to_mlir(p)
        assert 'memref.global "private" constant @table0' in text and "memref.get_global @table0" in text
        tables = {s.res: s.sym for s in walk(p.body) if isinstance(s, GetGlobal)}
        mutable_stored += any(isinstance(s, Store) and tables.get(s.mem, "").startswith("state") for s in walk(p.body))
        (tmp_path / "p.mlir").write_text(text)
        (tmp_path / "in.json").write_text(inputs_json(p))
        res = run_program(str(tmp_path / "p.mlir"), "fuzz", str(tmp_path / "in.json"), "golden")
        assert res["status"] == "pass", (seed, res["message"])
        const = next(r for r, sym in tables.items() if sym == "table0")
        load = next(s for s in walk(p.body) if isinstance(s, Load) and s.mem == const)
        broken = replace(p, body=Block([*p.body.stmts, Store(load.res, const, load.idx)], p.body.yields))
        assert any("a constant global" in m for m in check(broken)), seed
    assert mutable_stored >= 1


def test_scalar_programs_have_no_memory_a_result_and_none_of_the_excluded_ops():
    """`--scalar` (what the CIRCT engines take): no memref anywhere, at least one result, the plain style, and with
    `exclude` never an excluded operation; otherwise the same variety of statements, and valid programs."""
    excluded = frozenset({"math.ctlz", "arith.index_castui"})
    seen: Counter = Counter()
    for seed in range(150):
        p = generate(seed, 3, rtl_only=True, scalar=True, exclude=excluded)
        text = to_mlir(p)
        assert "memref" not in text and p.style is Style.PLAIN and p.body.yields, (seed, text)
        assert "math.ctlz" not in text and "index_castui" not in text, (seed, text)
        assert not check(p), (seed, check(p))
        assert p == generate(seed, 3, rtl_only=True, scalar=True, exclude=excluded)
        src = parse_text(text, "fuzz.mlir")
        run_source(src, find_function(src, "fuzz"), p.inputs, DEFAULT_INDEX_WIDTH)
        seen.update(type(s).__name__ for s in walk(p.body))
    assert {"For", "While", "If", "Arith", "Cmp", "Select", "Cast", "Unary"} <= set(seen), seen
    assert not {"Load", "Store", "Alloc"} & set(seen), seen
    unexcluded = "\n".join(to_mlir(generate(s, 3, rtl_only=True, scalar=True)) for s in range(150))
    assert "math.ctlz" in unexcluded and "index_castui" in unexcluded  # what `exclude` took out is otherwise made


def test_distinct_operands_never_combine_a_value_with_itself():
    """`--distinct-operands`: the programs a flow that folds `x - x` into an unlowerable constant can take; without it
    the generator makes such ops (the flag is not vacuous) and its programs are those of old."""
    def self_ops(p) -> int:
        return sum(isinstance(s, Arith | Cmp) and s.lhs == s.rhs for s in walk(p.body))

    assert sum(self_ops(generate(s, 3, scalar=True)) for s in range(100)) > 0
    for seed in range(100):
        p = generate(seed, 3, scalar=True, distinct=True)
        assert self_ops(p) == 0 and not check(p), seed
    assert generate(7, 3) == generate(7, 3, distinct=False)
