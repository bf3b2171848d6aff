"""Float programs of the fuzzer (`dfv fuzz --floats`): deterministic, valid by the fuzzer's contract and
the toolchain's, passing on both golden modes, covering every float operation, predicate, type and
conversion of the catalogue, restricted to the operations with RTL for an RTL engine, and shrinkable;
integer programs are what they were before floats."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import replace

import pytest

from dfv.cli import main
from dfv.fuzz import gen
from dfv.fuzz.campaign import Config, run_campaign
from dfv.fuzz.execute import Verdict, run_once
from dfv.fuzz.gen import FLOAT_OPS, FLOAT_PREDICATES, float_ops, generate, has_rtl
from dfv.fuzz.printer import float_literal, input_text, inputs_json, to_mlir
from dfv.fuzz.program import (
    FLOAT_TYPES,
    INT_TYPES,
    Arith,
    Cast,
    Cmp,
    Const,
    For,
    If,
    MemRef,
    Select,
    Style,
    Ternary,
    Unary,
    While,
    check,
    count,
    is_float,
    walk,
)
from dfv.fuzz.shrink import shrink, simpler_floats
from dfv.golden.catalogue import COMPUTE, spec
from dfv.golden.fp.format import FORMATS
from dfv.golden.fp.text import parse_float
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.lowering.lower_control import find_function
from dfv.lowering.parse import parse_text
from dfv.lowering.pipeline import lower_source
from dfv.lowering.reference import run_source
from dfv.paths import RTL_DIR
from dfv.runner import ENGINES, EngineResult, Run

INTEGER_DIGEST = "f6936cacfe4f9764713594d2ad8384625d98e2b2fb7e169ba9e9f8c47ec50854"
"""sha256 of the text and inputs of the integer programs of seeds 0..59 at sizes 1 and 3: floats come from their
own option and random stream, so they must not change it. A deliberate change of the integer generator, or an
integer operation added to the catalogue, does: last re-pinned when `math.ctlz`, `cttz` and `ctpop` joined the
one-operand integer operations the generator draws from."""


def _digest(seeds, sizes, floats: bool = False) -> str:
    """Of the programs printed plainly: the front-end style (issue 25) changes how a quarter of them print, not
    what they are (`dfv.fuzz.program.Style`), which this digest also shows."""
    h = hashlib.sha256()
    for size in sizes:
        for s in seeds:
            p = replace(generate(s, size, floats), style=Style.PLAIN)
            h.update((to_mlir(p) + inputs_json(p)).encode())
    return h.hexdigest()


def test_integer_programs_are_unchanged(monkeypatch):
    """Without `memref.global` tables (`gen.GLOBAL_SHARE` = 0), the programs are those of old: the tables come from
    a random stream of their own, and the share of programs that get them are new programs (`test_gen.test_globals`
    checks that the others print as without tables)."""
    import dfv.fuzz.gen as gen

    monkeypatch.setattr(gen, "GLOBAL_SHARE", 0.0)
    assert _digest(range(60), (1, 3)) == INTEGER_DIGEST


def test_float_programs_are_deterministic_and_differ_from_integer_ones():
    for seed, size in ((0, 1), (7, 3), (99, 8)):
        a, b = generate(seed, size, floats=True), generate(seed, size, floats=True)
        assert to_mlir(a) == to_mlir(b) and inputs_json(a) == inputs_json(b)
        assert to_mlir(a) != to_mlir(generate(seed, size))
    assert len({to_mlir(generate(s, 3, floats=True)) for s in range(20)}) == 20


@pytest.mark.parametrize("rtl_only", [False, True])
@pytest.mark.parametrize("size", [1, 3, 6, 10])
def test_every_float_program_meets_the_contract(size, rtl_only):
    for seed in range(80):
        assert check(generate(seed, size, floats=True, rtl_only=rtl_only)) == [], (seed, size)


@pytest.mark.parametrize(("size", "seeds"), [(1, 80), (3, 80), (6, 25), (10, 8)])
def test_float_programs_parse_lower_and_run_in_the_source_interpreter(size, seeds):
    for seed in range(seeds):
        p = generate(seed, size, floats=True)
        text = to_mlir(p)
        src = parse_text(text, "fuzz.mlir")
        lower_source(src, "fuzz", DEFAULT_INDEX_WIDTH)
        args = json.loads(inputs_json(p))["args"]
        assert len(args) == len(p.params)
        run_source(src, find_function(src, "fuzz"), p.inputs, DEFAULT_INDEX_WIDTH)


@pytest.mark.parametrize(("seed", "size", "n"), [(1, 1, 40), (41, 2, 40), (81, 3, 40), (121, 6, 15)])
def test_float_programs_pass_on_both_golden_modes(tmp_path, seed, size, n):
    cfg = Config(seed=seed, count=n, size=size, engines=("golden", "golden-unbounded"), floats=True, out=tmp_path,
                 shrink=False)
    result = run_campaign(cfg)
    assert result.failures == 0, result.table()


def _census(n: int, size: int, rtl_only: bool = False) -> Counter:
    seen: Counter = Counter()
    for seed in range(n):
        p = generate(seed, size, floats=True, rtl_only=rtl_only)
        for prm, value in zip(p.params, p.inputs, strict=True):
            elem = prm.ty.elem if isinstance(prm.ty, MemRef) else prm.ty
            seen["param", elem, isinstance(prm.ty, MemRef)] += 1
            if is_float(elem):
                fmt = FORMATS[elem]
                for w in value if isinstance(value, list) else [value]:
                    seen["input class", fmt.classify(w).value] += 1
        conds = {s.res for s in walk(p.body) if isinstance(s, Cmp) and is_float(s.ty)}
        for s in walk(p.body):
            if isinstance(s, Arith) and is_float(s.ty):
                seen["op", f"arith.{s.op}"] += 1
            elif isinstance(s, Unary | Ternary) and is_float(s.ty):
                seen["op", s.op] += 1
                seen["type", s.op, s.ty] += 1
            elif isinstance(s, Cmp) and is_float(s.ty):
                seen["op", "arith.cmpf"] += 1
                seen["pred", s.pred] += 1
            elif isinstance(s, Cast) and (is_float(s.src_ty) or is_float(s.ty)):
                seen["op", f"arith.{s.op}"] += 1
                seen["cast", s.op, s.src_ty, s.ty] += 1
            elif isinstance(s, Const) and is_float(s.ty):
                seen["const", "hex" if s.hex else "decimal", FORMATS[s.ty].classify(s.value).is_finite] += 1
            elif isinstance(s, For) and any(is_float(t) for t in s.types):
                seen["float iter_args"] += 1
            elif isinstance(s, While):
                seen["float while carried"] += any(is_float(t) for t in s.types)
                seen["cmpf exits a while"] += s.cond in conds
            elif isinstance(s, If):
                seen["cmpf feeds an if"] += s.cond in conds
                seen["float if results"] += any(is_float(t) for t in s.types)
            if isinstance(s, Select):
                seen["cmpf feeds a select"] += s.cond in conds
    return seen


def test_float_programs_cover_every_float_op_predicate_type_and_conversion():
    seen = _census(400, 3)
    want = [("op", o) for o in FLOAT_OPS] + [("pred", p) for p in FLOAT_PREDICATES]
    for t in FLOAT_TYPES:
        want += [("param", t, False), ("param", t, True)]
        want += [("type", o, t) for o in (*gen.FLOAT_UNARY_OPS, *gen.FLOAT_TERNARY_OPS)]
        for i in INT_TYPES:  # int <-> float at every integer width
            want += [("cast", op, i, t) for op in ("sitofp", "uitofp")]
            want += [("cast", op, t, i) for op in ("fptosi", "fptoui")]
    want += [("cast", "extf", "f16", "f32"), ("cast", "extf", "bf16", "f64"), ("cast", "truncf", "f64", "f16"),
             ("cast", "truncf", "f32", "bf16"), ("cast", "bitcast", "f16", "bf16"), ("cast", "bitcast", "i32", "f32"),
             ("cast", "bitcast", "f64", "i64")]
    want += [("input class", c) for c in ("+0", "-0", "+subnormal", "-subnormal", "+inf", "-inf", "qNaN", "sNaN",
                                          "+normal", "-normal")]
    want += [("const", "hex", True), ("const", "hex", False), ("const", "decimal", True)]
    want += [(k,) for k in ("float iter_args", "float while carried", "cmpf exits a while", "cmpf feeds an if",
                            "float if results", "cmpf feeds a select")]
    missing = [w for w in want if seen[w if len(w) > 1 else w[0]] == 0]
    assert not missing, missing


def test_float_ops_come_from_the_catalogue():
    assert {n for n, c in COMPUTE.items() if c.is_float} | {"arith.bitcast"} == set(FLOAT_OPS)


def test_has_rtl_follows_the_module_files():
    files = {p.stem for p in RTL_DIR.rglob("*.sv")}
    for op in FLOAT_OPS:
        s = spec(op)
        assert has_rtl(op) == (s.wiring or s.module in files), op
    assert has_rtl("arith.bitcast") and has_rtl("arith.addf")


def test_rtl_only_programs_use_only_ops_with_rtl(monkeypatch):
    """With `rtl_only` a program uses only float ops whose module exists: here a tree with only
    arith_addf among the float units (addf, subf, and bitcast, which is wiring)."""
    fp_units = {p.stem for p in (RTL_DIR / "fp").glob("*.sv")}
    monkeypatch.setattr(gen, "_rtl_modules", lambda: frozenset({p.stem for p in RTL_DIR.rglob("*.sv")} - fp_units
                                                               | {"arith_addf"}))
    assert float_ops(rtl_only=True) == ("arith.addf", "arith.subf", "arith.bitcast")
    seen = _census(150, 3, rtl_only=True)
    used = {k[1] for k in seen if k[0] == "op"}
    assert used == {"arith.addf", "arith.subf", "arith.bitcast"}
    assert not any(k[0] == "pred" for k in seen)
    for seed in range(40):
        assert check(generate(seed, 3, floats=True, rtl_only=True)) == []


def test_an_rtl_engine_restricts_the_campaign_to_ops_with_rtl(monkeypatch):
    monkeypatch.setattr(gen, "_rtl_modules", lambda: frozenset({p.stem for p in RTL_DIR.rglob("*.sv")}
                                                               - {"arith_cmpf", "arith_divf"}))
    assert not Config(floats=True).rtl_only and Config(engines=("golden", "verilator"), floats=True).rtl_only
    ops = float_ops(rtl_only=True)
    assert "arith.cmpf" not in ops and "arith.divf" not in ops
    cfg = Config(engines=("golden", "verilator"), floats=True, size=3)
    texts = "".join(to_mlir(cfg.program(s)) for s in range(60))
    assert "arith.cmpf" not in texts and "arith.divf" not in texts and "arith.addf" in texts
    assert "the ops with RTL" in cfg.kind() and "cmpf" not in cfg.kind()


def test_cli_floats(tmp_path, capsys):
    assert main(["fuzz", "--floats", "--count", "2", "--size", "1", "--out", str(tmp_path), "--no-shrink"]) == 0
    out = capsys.readouterr().out
    assert "programs: 2 (seeds 1..2, size 1, float programs with addf subf mulf" in out


# ----------------------------------------------------------------------------------- printing
@pytest.mark.parametrize(("word", "ty", "text"), [
    (0x3F800000, "f32", "1.0"), (0x8000, "f16", "-0.0"), (0x00000001, "f32", "1.0e-45"),
    (0x7FC00000, "f32", "0x7FC00000"), (0xFF80, "bf16", "0xFF80"), (0x7C00, "f16", "0x7C00"),
    (0x7FEFFFFFFFFFFFFF, "f64", "1.7976931348623157e+308"),
])
def test_float_literals(word, ty, text):
    assert float_literal(word, ty) == text
    src = parse_text(f"func.func @f() -> {ty} {{\n  %c = arith.constant {text} : {ty}\n  func.return %c : {ty}\n}}\n")
    (const,) = [op for op in src.module.walk() if op.name == "arith.constant"]
    assert src.float_word(const.value) == word


def test_a_finite_constant_may_be_hex():
    assert float_literal(0x3F800000, "f32", hex_form=True) == "0x3F800000"


@pytest.mark.parametrize(("word", "ty", "text"), [
    (0x7E00, "f16", '"nan"'), (0xFC00, "f16", '"-inf"'), (0x7F800001, "f32", '"0x7f800001"'),
    (0x0001, "bf16", '"0x0001"'), (0x8000, "f16", "-0.0"), (0x3FF8000000000000, "f64", "1.5"),
])
def test_float_inputs_text(word, ty, text):
    assert input_text(word, ty) == text
    value = json.loads(text)
    assert parse_float(str(value) if not isinstance(value, str) else value, FORMATS[ty]) == word


# ----------------------------------------------------------------------------------- shrinking
def test_simpler_floats_go_toward_zero_and_one():
    one = 0x3F800000
    assert simpler_floats("f32", 0x40490FDB) == [0, one, 0x40400000]  # pi: 0.0, 1.0, 3.0
    assert simpler_floats("f32", 0xC0490FDB)[:3] == [0, one, 0x40490FDB]  # -pi: ..., pi
    assert simpler_floats("f32", 0x7FC00001)[-1] == 0x7FC00000  # a NaN with a payload: the canonical NaN
    assert simpler_floats("f32", one) == [0] and simpler_floats("f32", 0) == []


def _wrong_divf(run: Run) -> EngineResult:
    """A fake engine with a planted float bug: every result comes back as +0.0 when the program divides."""
    if not any(op.name == "arith.divf" for op in run.prog.src.module.walk()):
        return EngineResult(list(run.source[0]), dict(run.source[1]), [])
    return EngineResult(list(run.source[0]), dict(run.source[1]), ["memref argument 0: final contents differ "
                                                                    "from the source interpreter (planted)"])


def test_a_planted_float_mismatch_shrinks_to_the_division(monkeypatch, tmp_path):
    monkeypatch.setitem(ENGINES, "fake-divf", _wrong_divf)
    seed = next(s for s in range(200) if "arith.divf" in to_mlir(generate(s, 3, floats=True)))
    p = generate(seed, 3, floats=True)
    first = run_once(p, "fake-divf", tmp_path, seed, 30)
    assert first.verdict is Verdict.MISMATCH
    small, stats = shrink(p, lambda q: run_once(q, "fake-divf", tmp_path, seed, 30).same_failure(first))
    text = to_mlir(small)
    # the division, its two operands and what keeps it alive: a store of its result and that store's index
    assert "arith.divf" in text and count(small.body) <= 5, text
    assert stats.statements_before > 20
    # its operands became the simplest values that keep it: constants 0.0 or 1.0, or inputs
    for s in walk(small.body):
        if isinstance(s, Const) and is_float(s.ty):
            assert s.value in (0, parse_float("1", FORMATS[s.ty])), text
