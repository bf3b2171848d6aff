"""Shrink a failing program while it keeps failing the same way.

`shrink(program, fails, budget)` is a greedy reduction over the fuzzer AST: it tries candidate
edits, coarse ones first, and keeps the first one for which `fails(candidate)` is still true, until
a whole round of edits changes nothing or the budget runs out. The edits:

0. print a program of the front-end style plainly (`Style.PLAIN`), when the failure shows there too;
1. remove chunks of statements of a block (halves, quarters, ... single statements); the values a
   removed statement defined and that are still used become constants of their type; or bypass an
   operation: its result is replaced by one of its operands of the same type (a select by either
   choice, `x + y` by x or y);
2. flatten a region: a loop or an if is replaced by its body (a for by one iteration with the
   counter at its lower bound, an if by either branch, a while by its before region or by one
   iteration), the carried values by their initial values;
3. drop one carried value of a for / while, one result of an if, the else of an if without
   results, one returned value, an unused parameter, the data exit of a while; turn the direct
   indices of an access (`i - 1` of a stencil) into clamps, which stay in range wherever the access
   goes, so that its loop can be flattened next;
4. make numbers small: loop bounds and steps, while limits, array dimensions (inputs cut to
   match), constants, scalar inputs and array contents. A float constant or input becomes simpler
   (`simpler_floats`: +0.0, 1.0, its magnitude, its integer part, the canonical NaN), and a float
   constant written as a bit pattern is tried as a decimal.

Each candidate is cleaned (pure statements nobody uses are removed) and must pass
`program.check`, so it is a valid program; invalid or already tried candidates cost no run. After
an accepted edit the next round starts at the same edit position, which keeps a reduction of n
statements near n runs instead of n squared.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from dfv.fuzz.printer import inputs_json, to_mlir
from dfv.fuzz.program import (
    PURE,
    Alloc,
    Arith,
    Block,
    Bound,
    BoundKind,
    Const,
    For,
    If,
    Index,
    Load,
    MemRef,
    Program,
    Select,
    Stmt,
    Store,
    Style,
    Ternary,
    Unary,
    While,
    blocks,
    bound_range,
    check,
    count,
    counter_ranges,
    defs,
    is_float,
    rename,
    scalar_types,
    used_names,
)
from dfv.golden.fp.format import FORMATS, FloatFormat
from dfv.golden.fp.rounding import decode
from dfv.golden.fp.text import format_float, parse_float

BlockPath = tuple[int, ...]  # statement index, block index, statement index, ... from the function body
Edit = Callable[[Program], bool]  # modifies a copy in place; False when it does not apply


@dataclass(frozen=True)
class Budget:
    """How much a shrink may spend: wall-clock seconds and runs of the failure predicate."""

    seconds: float = 120.0
    runs: int = 2000


@dataclass
class ShrinkStats:
    statements_before: int
    statements_after: int
    runs: int = 0
    accepted: int = 0
    seconds: float = 0.0


# ----------------------------------------------------------------------------------- addressing
def _blocks(b: Block, path: BlockPath = ()) -> Iterator[tuple[BlockPath, Block]]:
    """Every block with its path (a block path is the statement path of its owner plus the block index)."""
    yield path, b
    for i, s in enumerate(b.stmts):
        for k, inner in enumerate(blocks(s)):
            yield from _blocks(inner, (*path, i, k))


def _block_at(p: Program, path: BlockPath) -> Block:
    b = p.body
    for i in range(0, len(path), 2):
        b = blocks(b.stmts[path[i]])[path[i + 1]]
    return b


def _consts_for(p: Program, names: list[str], types: dict[str, str]) -> list[Stmt]:
    """Constant 0 definitions for the scalar `names` still used somewhere, of their `types` (the program's
    before the statements defining them went); _NotApplicable if one is a memref."""
    used = used_names(p.body)
    out: list[Stmt] = []
    for n in names:
        if n in used:
            if n not in types:
                raise _NotApplicable
            out.append(Const(n, types[n], 0))
    return out


class _NotApplicable(Exception):
    """An edit that cannot be made on this program (for example removing a memref that is used)."""


# ----------------------------------------------------------------------------------- edits
def _remove(path: BlockPath, start: int, n: int) -> Edit:
    def edit(p: Program) -> bool:
        b = _block_at(p, path)
        if start + n > len(b.stmts):
            return False
        types = scalar_types(p)
        gone = b.stmts[start:start + n]
        del b.stmts[start:start + n]
        names = [d for s in gone for d in defs(s)]
        b.stmts[start:start] = _consts_for(p, names, types)
        return True
    return edit


def _operands(s: Stmt) -> list[str]:
    """The operands of operation `s` that have its result's type (those that can stand in for it)."""
    if isinstance(s, Select):
        return [s.a, s.b]
    if isinstance(s, Arith):
        return [s.lhs, s.rhs]
    if isinstance(s, Ternary):
        return [s.a, s.b, s.c]
    if isinstance(s, Unary):
        return [s.src]
    return []


def _bypass(path: BlockPath, i: int, k: int) -> Edit:
    """Every use of the result of the operation at `path`[i] reads its k-th same-typed operand instead."""

    def edit(p: Program) -> bool:
        s = _block_at(p, path).stmts[i]
        ops = _operands(s)
        if k >= len(ops):
            return False
        rename(p.body, {defs(s)[0]: ops[k]})
        return True
    return edit


def _flatten(path: BlockPath, i: int, variant: int) -> Edit:
    """Replace the region statement at `path`[i] by one of its bodies (see the module docstring)."""

    def edit(p: Program) -> bool:
        b = _block_at(p, path)
        s = b.stmts[i]
        mapping: dict[str, str] = {}
        new: list[Stmt] = []
        if isinstance(s, For) and variant == 0:
            lo = bound_range(s.lb, counter_ranges(p))
            new.append(Const(s.iv, "index", lo[0] if lo else 0))
            mapping.update(zip(s.args, s.inits, strict=True))
            new += s.body.stmts
            mapping.update(zip(s.results, [mapping.get(y, y) for y in s.body.yields], strict=True))
        elif isinstance(s, If) and (variant == 0 or s.other is not None) and variant < 2:
            chosen = s.then if variant == 0 else s.other
            assert chosen is not None
            new += chosen.stmts
            mapping.update(zip(s.results, chosen.yields, strict=True))
        elif isinstance(s, While) and variant < 2:
            new.append(Const(s.counter, "index", 0))
            mapping.update(zip(s.args, s.inits, strict=True))
            new += s.before.stmts
            outs = [mapping.get(y, y) for y in s.before.yields]
            if variant == 1:
                new.append(Const(s.after_counter, "index", 0))
                mapping.update(zip(s.after_args, outs, strict=True))
                new += s.after.stmts
                outs = [mapping.get(y, y) for y in s.after.yields]
            new.append(Const(s.results[0], "index", variant))
            mapping.update(zip(s.results[1:], outs, strict=True))
        else:
            return False
        b.stmts[i:i + 1] = new
        rename(p.body, mapping)
        return True
    return edit


def _drop_carried(path: BlockPath, i: int, k: int) -> Edit:
    """Remove the k-th carried value of a for / while or the k-th result of an if."""

    def edit(p: Program) -> bool:
        b = _block_at(p, path)
        s = b.stmts[i]
        if isinstance(s, For) and k < len(s.args):
            mapping = {s.args[k]: s.inits[k], s.results[k]: s.inits[k]}
            for lst in (s.args, s.inits, s.types, s.results, s.body.yields):
                del lst[k]
        elif isinstance(s, While) and k < len(s.args):
            mapping = {s.args[k]: s.inits[k], s.after_args[k]: s.inits[k], s.results[k + 1]: s.inits[k]}
            for lst in (s.args, s.inits, s.types, s.before.yields, s.after_args, s.after.yields):
                del lst[k]
            del s.results[k + 1]
        elif isinstance(s, If) and k < len(s.results):
            b.stmts.insert(i, Const(s.results[k], s.types[k], 0))
            for lst in (s.results, s.types, s.then.yields, *([s.other.yields] if s.other else [])):
                del lst[k]
            return True
        else:
            return False
        rename(p.body, mapping)
        return True
    return edit


def _drop_cond(path: BlockPath, i: int) -> Edit:
    def edit(p: Program) -> bool:
        s = _block_at(p, path).stmts[i]
        if not isinstance(s, While) or s.cond is None:
            return False
        s.cond = None
        return True
    return edit


def _drop_else(path: BlockPath, i: int) -> Edit:
    def edit(p: Program) -> bool:
        s = _block_at(p, path).stmts[i]
        if not isinstance(s, If) or s.other is None or s.results:
            return False
        s.other = None
        return True
    return edit


def _clamp_indices(path: BlockPath, i: int) -> Edit:
    """The direct indices of the load or store at `path`[i] become clamps (`remui(v, dim)`)."""

    def edit(p: Program) -> bool:
        s = _block_at(p, path).stmts[i]
        if not isinstance(s, Load | Store) or not any(x.direct for x in s.idx):
            return False
        s.idx = [Index(x.value) if x.direct else x for x in s.idx]
        return True
    return edit


def _drop_return(k: int) -> Edit:
    def edit(p: Program) -> bool:
        if k >= len(p.body.yields):
            return False
        del p.body.yields[k]
        return True
    return edit


def _drop_param(k: int) -> Edit:
    def edit(p: Program) -> bool:
        if k >= len(p.params) or p.params[k].name in used_names(p.body):
            return False
        del p.params[k]
        del p.inputs[k]
        return True
    return edit


def _smaller(v: int) -> list[int]:
    """Values closer to 0 than v, most reduced first."""
    out = [0, 1, v // 2, v - 1 if v > 0 else v + 1]
    return [x for x in dict.fromkeys(out) if abs(x) < abs(v) or (x == 0 and v != 0)]


def _float_rank(fmt: FloatFormat, word: int) -> tuple[int, int, int, int]:
    """How complicated a float word is, compared as a tuple: +0.0, then 1.0, then by the length of its
    shortest decimal (a NaN other than the canonical one one longer), positive before negative."""
    text = format_float(word, fmt)
    odd_nan = text == "nan" and word != fmt.canonical_nan
    return word != 0, word != parse_float("1", fmt), len(text) + odd_nan, fmt.sign(word)


def simpler_floats(ty: str, word: int) -> list[int]:
    """Words of float type `ty` simpler than `word` (`_float_rank`), most reduced first: +0.0, 1.0, its
    magnitude, its integer part (toward zero), the canonical NaN for a NaN."""
    fmt = FORMATS[ty]
    out = [0, parse_float("1", fmt), word & ~fmt.sign_mask]
    cls = fmt.classify(word)
    if cls.is_nan:
        out.append(fmt.canonical_nan)
    elif cls.is_finite:
        sign, m, e = decode(fmt, word)
        whole = m << e if e >= 0 else m >> -e
        out.append(parse_float(("-" if sign else "") + str(whole), fmt))
    rank = _float_rank(fmt, word)
    return [w for w in dict.fromkeys(out) if _float_rank(fmt, w) < rank]


def _simpler(ty: str, value: int) -> list[int]:
    """Simpler values of type `ty` than `value`: `simpler_floats` for a float, else `_smaller`."""
    return simpler_floats(ty, value) if is_float(ty) else _smaller(value)


def _bound_edits(path: BlockPath, i: int, s: For) -> Iterator[Edit]:
    def set_bound(which: str, new: Bound) -> Edit:
        def edit(p: Program) -> bool:
            setattr(_block_at(p, path).stmts[i], which, copy.deepcopy(new))
            return True
        return edit

    for which in ("ub", "lb", "step"):
        b: Bound = getattr(s, which)
        if b.kind is BoundKind.CONST:
            for v in _smaller(b.c):
                if which != "step" or v >= 1:
                    yield set_bound(which, Bound(BoundKind.CONST, v))
        elif b.kind is BoundKind.CLAMP:
            yield set_bound(which, Bound(BoundKind.CONST, b.add if which != "step" else 1))
            for c in _smaller(b.c):
                if c >= 1:
                    yield set_bound(which, Bound(BoundKind.CLAMP, c, b.value, b.add))
        else:
            yield set_bound(which, Bound(BoundKind.CONST, 1 if which == "step" else 0))


def _set_limit(path: BlockPath, i: int, v: int) -> Edit:
    def edit(p: Program) -> bool:
        s = _block_at(p, path).stmts[i]
        assert isinstance(s, While)
        s.limit = v
        return True
    return edit


def _set_const(path: BlockPath, i: int, v: int, hex_form: bool) -> Edit:
    def edit(p: Program) -> bool:
        s = _block_at(p, path).stmts[i]
        assert isinstance(s, Const)
        s.value, s.hex = v, hex_form
        return True
    return edit


def _relayout(values: list[int], old: tuple[int, ...], new: tuple[int, ...]) -> list[int]:
    """The elements of a row-major array of shape `old` that lie inside shape `new`, row-major."""
    if len(new) == 1:
        return values[:new[0]]
    return [values[r * old[1] + c] for r in range(new[0]) for c in range(new[1])]


def _shrink_mem(k: int | None, path: BlockPath, i: int, dim: int, size: int) -> Edit:
    """Dimension `dim` of parameter `k` (or of the alloc at path/i when k is None) becomes `size`."""

    def edit(p: Program) -> bool:
        if k is not None:
            m = p.params[k].ty
            assert isinstance(m, MemRef)
            shape = tuple(size if d == dim else x for d, x in enumerate(m.shape))
            vals = p.inputs[k]
            assert isinstance(vals, list)
            p.inputs[k] = _relayout(vals, m.shape, shape)
            p.params[k].ty = MemRef(shape, m.elem)
        else:
            s = _block_at(p, path).stmts[i]
            assert isinstance(s, Alloc)
            s.mem = MemRef(tuple(size if d == dim else x for d, x in enumerate(s.mem.shape)), s.mem.elem)
        return True
    return edit


def _set_input(k: int, values: int | list[int]) -> Edit:
    def edit(p: Program) -> bool:
        p.inputs[k] = copy.deepcopy(values)
        return True
    return edit


def _plain_style(p: Program) -> bool:
    """Print the program plainly (a failure of the front-end style that the plain one shows too is simpler)."""
    p.style = Style.PLAIN
    return True


def edits(p: Program) -> list[Edit]:
    """Every candidate edit of `p`, coarse ones first (see the module docstring)."""
    structural: list[Edit] = [_plain_style] if p.style is not Style.PLAIN else []
    numeric: list[Edit] = []
    all_blocks = list(_blocks(p.body))
    for path, b in all_blocks:
        n = len(b.stmts)
        size = n // 2
        while size >= 2:
            structural += [_remove(path, start, size) for start in range(0, n - size + 1, size)]
            size //= 2
    for path, b in all_blocks:
        for i, s in enumerate(b.stmts):
            structural.append(_remove(path, i, 1))
            structural += [_bypass(path, i, k) for k in range(len(_operands(s)))]
            if isinstance(s, For | If | While):
                structural += [_flatten(path, i, v) for v in (0, 1)]
            if isinstance(s, For | While):
                structural += [_drop_carried(path, i, k) for k in range(len(s.args))]
            if isinstance(s, If):
                structural += [_drop_carried(path, i, k) for k in range(len(s.results))]
                structural.append(_drop_else(path, i))
            if isinstance(s, Load | Store) and any(x.direct for x in s.idx):
                structural.append(_clamp_indices(path, i))
            if isinstance(s, While):
                if s.cond is not None:
                    structural.append(_drop_cond(path, i))
                numeric += [_set_limit(path, i, v) for v in _smaller(s.limit)]
            if isinstance(s, For):
                numeric += list(_bound_edits(path, i, s))
            if isinstance(s, Const):
                numeric += [_set_const(path, i, v, s.hex) for v in _simpler(s.ty, s.value)]
                if s.hex and FORMATS[s.ty].classify(s.value).is_finite:  # NaN and infinity have no decimal
                    numeric.append(_set_const(path, i, s.value, False))
            if isinstance(s, Alloc):
                for d, x in enumerate(s.mem.shape):
                    numeric += [_shrink_mem(None, path, i, d, v) for v in _smaller(x) if v >= 1]
    structural += [_drop_return(k) for k in range(len(p.body.yields))]
    structural += [_drop_param(k) for k in range(len(p.params))]
    for k, (prm, vals) in enumerate(zip(p.params, p.inputs, strict=True)):
        if isinstance(prm.ty, MemRef) and isinstance(vals, list):
            for d, x in enumerate(prm.ty.shape):
                numeric += [_shrink_mem(k, (), 0, d, v) for v in _smaller(x) if v >= 1]
            if any(vals):
                numeric.append(_set_input(k, [0] * len(vals)))
                half = len(vals) // 2
                numeric += [_set_input(k, [0] * half + vals[half:]),
                            _set_input(k, vals[:half] + [0] * (len(vals) - half))]
                numeric += [_set_input(k, vals[:j] + [0] + vals[j + 1:]) for j, v in enumerate(vals) if v]
        elif isinstance(vals, int) and isinstance(prm.ty, str):
            numeric += [_set_input(k, v) for v in _simpler(prm.ty, vals)]
    return structural + numeric


# ----------------------------------------------------------------------------------- search
def cleanup(p: Program) -> None:
    """Remove pure statements whose results nobody uses, until none is left (in place)."""
    changed = True
    while changed:
        changed = False
        used = used_names(p.body)
        for _, b in _blocks(p.body):
            keep = [s for s in b.stmts if not (isinstance(s, PURE) and not set(defs(s)) & used)]
            if len(keep) != len(b.stmts):
                b.stmts[:] = keep
                changed = True


def apply_edit(p: Program, edit: Edit) -> Program | None:
    q = copy.deepcopy(p)
    try:
        if not edit(q):
            return None
    except _NotApplicable:
        return None
    cleanup(q)
    return q if not check(q) else None


def _key(p: Program) -> str:
    """What identifies a candidate: its text and its inputs."""
    return to_mlir(p) + inputs_json(p)


def shrink(p: Program, fails: Callable[[Program], bool], budget: Budget = Budget()) -> tuple[Program, ShrinkStats]:
    """The smallest program found from `p` for which `fails` still holds (see the module docstring)."""
    t0 = time.monotonic()
    stats = ShrinkStats(count(p.body), count(p.body))
    cur, seen, pos = p, {_key(p)}, 0

    def out_of_budget() -> bool:
        return time.monotonic() - t0 > budget.seconds or stats.runs >= budget.runs

    progress = True
    while progress and not out_of_budget():
        progress = False
        cands = edits(cur)
        for k in range(len(cands)):
            if out_of_budget():
                break
            j = (pos + k) % len(cands)
            q = apply_edit(cur, cands[j])
            if q is None:
                continue
            key = _key(q)
            if key in seen:
                continue
            seen.add(key)
            stats.runs += 1
            if fails(q):
                cur, pos, progress = q, j, True
                stats.accepted += 1
                break
    stats.statements_after = count(cur.body)
    stats.seconds = round(time.monotonic() - t0, 2)
    return cur, stats

