"""Lift a function whose body is a graph of blocks (`cf.br`, `cf.cond_br`, `cf.switch`, `func.return`)
to structured control flow (`scf.while`, `scf.if`), so that the control lowering (spec 002,
`dfv.lowering.lower_control`) lowers it as it lowers a structured program. The lifted function is a new
module (`lift_function`); the source interpreter runs the original, so every run checks the lifting.

Like MLIR's `lift-cf-to-scf` (`mlir/lib/Transforms/CFGToSCF.cpp`, after Bahmann et al., "Perfect
reconstructability of control flow from demand dependence graphs", 2015) a loop becomes a `scf.while`
and a branch an `scf.if`, and where control can go on to several places a *selector* value (the number of
the block it goes to) says which. Unlike it, this pass refuses an irreducible graph (naming the blocks of
a cycle with several entries) instead of routing every entry through a dispatch block, and it builds the
`scf.while` a hand-written loop would be where it can:

* **Structure from dominators** (as in Ramsey, "Beyond Relooper", 2022). A block's code is followed by
  that of the blocks it immediately dominates. A successor with one incoming edge becomes a branch of
  the `scf.if` of the block's `cf.cond_br`; a block with several incoming edges (a join) comes after the
  `scf.if`, and the values its arguments take are the `scf.if`'s results. When control can leave a
  branch for several places, the `scf.if` also gives the selector and a join is entered under
  `scf.if (selector == join)`. A `cf.switch` picks its place with selects (flat, however many cases) and
  the places are entered one after the other like joins.
* **Loops** are the natural loops (one entry block, the header). If one edge E -> S (S not the header)
  splits the loop in two, the blocks from the header up to E that hold every exit (the tests) and the
  blocks from S back to the header that are entered only by that edge, the loop is a `scf.while` whose
  before region is the first part, whose condition is "control went on to S" (E's own condition when E
  holds the only test), and whose after region is the second part: the form of a hand-written loop,
  `while (i < n)` with the test at the top, a test after some work, and a search's `break` before the
  increment included. Any other loop (a test at the bottom, an exit after the body's last work) is a
  do-while: the whole body is the before region, the condition says whether control went back to the
  header, and the after region forwards the header's arguments. Where a loop leaves for several places,
  the selector says which.
* **Values.** Inside a loop a value keeps the name it had; what crosses a region boundary travels as an
  operand: a loop's header arguments are its iteration arguments, a value defined in the loop and used
  after it is a result of the `scf.while` (found by liveness), values defined before the test and used
  after it are forwarded by the `scf.condition`. A value that only some paths define is a zero constant
  on the others, where it is never used (`undef` below).

What is refused, each at its location: an irreducible graph, a loop that never exits, a terminator other
than `cf.br` / `cf.cond_br` / `cf.switch` / `func.return`, and a memref that crosses blocks as a block
argument or out of a loop (a view is defined in the block that uses it, or before the loop).
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects import arith, cf, func, scf
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IndexType, IntegerAttr, IntegerType, MemRefType, ModuleOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from dfv.lowering.cfg import ControlFlowGraph, Edge, Loop
from dfv.lowering.parse import MAX_NESTING, LoweringError, SourceModule


class _Return:
    """The place every `func.return` goes to: out of the function."""

    def __repr__(self) -> str:
        return "RETURN"


RETURN = _Return()
Target = Block | _Return


@dataclass(frozen=True)
class Taken:
    """Control goes to one place."""

    target: Target


@dataclass(frozen=True)
class ByCond:
    """Control goes to `if_true` when `cond` holds, else to `if_false`."""

    cond: SSAValue
    if_true: Target
    if_false: Target


@dataclass(frozen=True)
class ByValue:
    """Control goes to the place whose number `value` holds (`Lifter.numbers`: a block's position in the
    body, RETURN's after the last)."""

    value: SSAValue


Selector = Taken | ByCond | ByValue


@dataclass
class Exits:
    """Where control goes after a piece of lifted code: each possible place with the values of its
    block arguments (for RETURN the returned values; None for a value no path to it defines), which of
    them is taken, and `slots`: the values of the source values that must be carried out of the region
    being lifted (`Level.carried`), by source value."""

    targets: dict[Target, list[SSAValue | None]]
    selector: Selector
    slots: dict[SSAValue, SSAValue | None] = field(default_factory=dict)


@dataclass
class Scope:
    """Where lifted operations go (`block`) and the lifted value of every source value visible there."""

    block: Block
    values: ChainMap

    def child(self, block: Block) -> Scope:
        return Scope(block, self.values.new_child())


@dataclass(frozen=True)
class Where:
    """The location and the description of an operation the lifting makes (`SourceModule.names`)."""

    loc: str
    name: str


class Level:
    """The blocks one region of lifted code is made of: the function body, a loop's body, or the two
    parts of a loop split at its test. Inside, each loop directly nested is one node (its header); edges
    to `entry` (a loop's back edges) and out of `blocks` leave the level. `carried(target)` lists the
    source values an exit to `target` must carry out of the level."""

    def __init__(self, cfg: ControlFlowGraph, blocks: set[Block], entry: Block, inner: list[Loop],
                 carried: Callable[[Target], list[SSAValue]]):
        self.cfg, self.blocks, self.entry, self.carried = cfg, blocks, entry, carried
        self.loops = {lp.header: lp for lp in inner if lp.header in blocks}
        self.node: dict[Block, Block] = {b: b for b in blocks}
        for lp in self.loops.values():
            for b in lp.blocks:
                self.node[b] = lp.header
        self.incoming: dict[Block, int] = {}
        for n in self._nodes():
            for e in self.out_edges(n):
                if self.inside(e):
                    self.incoming[e.dst] = self.incoming.get(e.dst, 0) + 1
        self.children = self._dominator_children()

    def _nodes(self) -> list[Block]:
        return [b for b in self.cfg.rpo if b in self.blocks and self.node[b] is b]

    def out_edges(self, node: Block) -> list[Edge]:
        """The edges out of `node`: a block's successors, or a loop's exits."""
        lp = self.loops.get(node)
        return self.cfg.exit_edges(lp) if lp is not None else self.cfg.succs[node]

    def inside(self, e: Edge) -> bool:
        """Whether edge `e` goes forward to a node of this level (not out of it, not back to its entry)."""
        if e.dst not in self.blocks or e.dst is self.entry:
            return False
        if self.node[e.dst] is not e.dst:  # into the middle of a loop: the cycle has two entries
            raise AssertionError(f"edge into the body of the loop at {e.dst} (irreducible)")
        return True

    def _dominator_children(self) -> dict[Block, list[Block]]:
        """The nodes each node immediately dominates, in reverse post-order, on the forward edges."""
        order, post, seen = [], [], {self.entry}
        stack = [(self.entry, iter(self.out_edges(self.entry)))]
        while stack:
            n, it = stack[-1]
            for e in it:
                if self.inside(e) and e.dst not in seen:
                    seen.add(e.dst)
                    stack.append((e.dst, iter(self.out_edges(e.dst))))
                    break
            else:
                stack.pop()
                post.append(n)
        order = post[::-1]
        rank = {n: i for i, n in enumerate(order)}
        preds: dict[Block, list[Block]] = {n: [] for n in order}
        for n in order:
            for e in self.out_edges(n):
                if self.inside(e):
                    if rank[e.dst] <= rank[n]:
                        raise AssertionError(f"cycle through {e.dst} left in a lifted level")
                    preds[e.dst].append(n)
        idom = {self.entry: self.entry}
        for n in order[1:]:  # acyclic: every predecessor comes first in reverse post-order
            d = None
            for p in preds[n]:
                if d is None:
                    d = p
                    continue
                a, b = p, d
                while a is not b:
                    while rank[a] > rank[b]:
                        a = idom[a]
                    while rank[b] > rank[a]:
                        b = idom[b]
                d = a
            idom[n] = d
        children: dict[Block, list[Block]] = {n: [] for n in order}
        for n in order[1:]:
            children[idom[n]].append(n)
        return children

    def is_branch(self, e: Edge) -> bool:
        """Whether `e` leads to a node entered only through it (lifted inside the branch that takes it)."""
        return self.inside(e) and self.incoming.get(e.dst, 0) == 1


class Lifter:
    """Lifts one function (`lift`); see the module docstring for the scheme."""

    def __init__(self, src: SourceModule, fn: func.FuncOp):
        self.src, self.fn = src, fn
        self.cfg = ControlFlowGraph(fn.body)
        self.out = SourceModule(ModuleOp([]), src.filename, float_bits=src.float_bits, labels=src.labels)
        blocks = list(fn.body.blocks)
        self.numbers: dict[Target, int] = {b: i for i, b in enumerate(blocks)}
        self.numbers[RETURN] = len(blocks)
        width = next(w for w in (8, 16, 32, 64) if len(blocks) < (1 << (w - 1)))
        self.selector_type = IntegerType(width)

    # ------------------------------------------------------------------ naming
    def describe(self, block: Block) -> str:
        label = self.src.label(block)
        return label.name if label is not None else "the entry block"

    def block_loc(self, block: Block) -> str:
        label = self.src.label(block)
        return label.loc if label is not None else self.src.loc(block.first_op or self.fn)

    def blocks_text(self, blocks) -> str:
        return ", ".join(self.describe(b) for b in sorted(blocks, key=self.cfg.position.__getitem__))

    # ------------------------------------------------------------------ checks
    def check(self) -> None:
        """Refuse what cannot be lifted, at its location, before any code is made."""
        for b in self.cfg.rpo:
            term = b.last_op
            if not isinstance(term, cf.BranchOp | cf.ConditionalBranchOp | cf.SwitchOp | func.ReturnOp):
                what = term.name if term is not None else "nothing"
                raise LoweringError(f"{self.describe(b)} ends with {what}: a function of several blocks is lifted to "
                                    "scf when each block ends with cf.br, cf.cond_br, cf.switch or func.return",
                                    self.src.loc(term) if term is not None else self.block_loc(b))
            if b is not self.cfg.entry:
                for a in b.args:
                    self.require_liftable(a.type, f"block {self.describe(b)} takes", self.block_loc(b))
        for ty in self.fn.function_type.outputs.data:
            self.require_liftable(ty, f"@{self.fn.sym_name.data} returns", self.src.loc(self.fn))
        cycle = self.cfg.irreducible_cycle()
        if cycle is not None:
            blocks, entries = cycle
            how = " and ".join(f"{self.describe(b)} (from {self.blocks_text(self.outside_preds(b, blocks))})"
                               for b in entries)
            raise LoweringError(f"irreducible control flow: blocks {self.blocks_text(blocks)} form a cycle entered at "
                                f"{how}; a loop must have one entry block to be lifted to scf.while",
                                self.block_loc(entries[0]))
        for lp in self.cfg.loops:
            if not self.cfg.exit_edges(lp):
                raise LoweringError(f"the loop at {self.describe(lp.header)} (blocks {self.blocks_text(lp.blocks)}) "
                                    "never exits: no branch leaves it, so the function cannot return from it",
                                    self.block_loc(lp.header))
            for v in sorted(self.cfg.used_outside(lp.blocks), key=self.cfg.value_order):
                self.require_liftable(v.type, f"a value defined in the loop at {self.describe(lp.header)} and used "
                                      "after it is", self.def_loc(v))

    @staticmethod
    def require_liftable(ty: Attribute, what: str, loc: str) -> None:
        """Values that travel between lifted regions (as operands of `scf.yield` / `scf.condition`, with a zero
        on the paths that do not define them) must be integers, indices or floats."""
        if isinstance(ty, IntegerType | IndexType | AnyFloat):
            return
        if isinstance(ty, MemRefType):
            raise LoweringError(f"{what} a memref ({ty}): a memref cannot be passed from block to block or out of a "
                                "loop (define the view in the entry block, or where it is used)", loc)
        raise LoweringError(f"{what} a value of type {ty}: only integer, index and float values are passed between "
                            "the blocks of a lifted function", loc)

    def outside_preds(self, block: Block, blocks: list[Block]) -> set[Block]:
        return {e.src for e in self.cfg.preds[block] if e.src not in blocks}

    def def_loc(self, v: SSAValue) -> str:
        owner = v.owner
        return self.src.loc(owner) if isinstance(owner, Operation) else self.block_loc(owner)

    # ------------------------------------------------------------------ making operations
    def add(self, op: Operation, scope_or_block: Scope | Block, where: Where) -> Operation:
        block = scope_or_block.block if isinstance(scope_or_block, Scope) else scope_or_block
        block.add_op(op)
        self.out.locs[id(op)] = where.loc
        self.out.names[id(op)] = where.name
        return op

    def constant(self, value: int, ty: Attribute, block: Block, where: Where) -> SSAValue:
        if isinstance(ty, AnyFloat):
            attr = FloatAttr(float(value), ty)
        elif isinstance(ty, IntegerType | IndexType):
            attr = IntegerAttr(value, ty)
        else:
            raise AssertionError(f"no constant of type {ty}")
        return self.add(arith.ConstantOp(attr, ty), block, where).results[0]

    def undef(self, v: SSAValue | None, ty: Attribute, block: Block, where: Where) -> SSAValue:
        """`v`, or for None a value of type `ty` that no path uses (zero)."""
        return v if v is not None else self.constant(0, ty, block, where)

    def selector_value(self, sel: Selector, block: Block, where: Where) -> SSAValue:
        """The number of the place `sel` picks, as a value made in `block`."""
        ty = self.selector_type
        if isinstance(sel, Taken):
            return self.constant(self.numbers[sel.target], ty, block, where)
        if isinstance(sel, ByCond):
            t = self.constant(self.numbers[sel.if_true], ty, block, where)
            f = self.constant(self.numbers[sel.if_false], ty, block, where)
            return self.add(arith.SelectOp(sel.cond, t, f), block, where).results[0]
        return sel.value

    def picks(self, sel: Selector, target: Target, block: Block, where: Where) -> SSAValue:
        """An i1 made in `block`: whether `sel` picks `target`."""
        if isinstance(sel, ByCond):
            if sel.if_true is target:
                return sel.cond
            true = self.constant(1, IntegerType(1), block, where)
            return self.add(arith.XOrIOp(sel.cond, true), block, where).results[0]
        if isinstance(sel, Taken):
            return self.constant(int(sel.target is target), IntegerType(1), block, where)
        number = self.constant(self.numbers[target], self.selector_type, block, where)
        return self.add(arith.CmpiOp(sel.value, number, "eq"), block, where).results[0]

    def clone(self, op: Operation, scope: Scope) -> None:
        """Copy source operation `op` (with its regions) into `scope`, with its location."""
        for inner in op.walk():
            for v in inner.operands:
                if self.cfg.def_block(v) is not None and v not in scope.values:
                    raise AssertionError(f"{v} is not visible where {op.name} at {self.src.loc(op)} is lifted")
        new = op.clone(value_mapper=scope.values)
        for old, made in zip(op.walk(), new.walk(), strict=True):
            self.out.locs[id(made)] = self.src.loc(old)
        scope.block.add_op(new)

    # ------------------------------------------------------------------ the function
    def lift(self) -> SourceModule:
        self.check()
        fn, cfg = self.fn, self.cfg
        new_fn = fn.clone_without_regions()
        entry = Block(arg_types=[a.type for a in cfg.entry.args])
        for old, made in zip(cfg.entry.args, entry.args, strict=True):
            made.name_hint = old.name_hint
        new_fn.body.add_block(entry)
        self.out.locs[id(new_fn)] = self.src.loc(fn)
        top = Level(cfg, set(cfg.rpo), cfg.entry, [lp for lp in cfg.loops if lp.parent is None], lambda t: [])
        scope = Scope(entry, ChainMap())
        exits = self.node(cfg.entry, list(entry.args), scope, top)
        assert list(exits.targets) == [RETURN], f"lifted body ends in {list(exits.targets)}"
        ret = next(b.last_op for b in cfg.rpo if isinstance(b.last_op, func.ReturnOp))
        where = Where(self.src.loc(ret), "func.return")
        values = [self.undef(v, t, entry, where) for v, t in zip(exits.targets[RETURN],
                                                                   fn.function_type.outputs.data, strict=True)]
        self.add(func.ReturnOp(*values), entry, where)
        depth = nesting(new_fn)
        if depth > MAX_NESTING:
            raise LoweringError(f"lifted to scf, the control flow of @{fn.sym_name.data} nests {depth} levels deep, "
                                f"more than the {MAX_NESTING} the lowering takes", self.src.loc(fn))
        self.out.module.body.block.add_op(new_fn)
        for other in self.src.module.ops:  # declared, so that the calls the lifted function makes verify
            if isinstance(other, func.FuncOp) and other is not fn:
                self.out.module.body.block.add_op(func.FuncOp.external(
                    other.sym_name.data, other.function_type.inputs.data, other.function_type.outputs.data))
        self.out.module.verify()
        return self.out

    # ------------------------------------------------------------------ nodes and branches
    def node(self, n: Block, values: list, scope: Scope, level: Level) -> Exits:
        """Lift node `n` of `level` (a block, or the loop it heads) entered with `values` for its
        arguments, then every node it dominates; where control goes next."""
        chain = []  # blocks that end with a cf.br into the next one: lifted one after the other, not nested
        while True:
            lp = level.loops.get(n)
            if lp is not None:
                exits = self.loop(lp, values, scope, level)
                break
            where = Where(self.block_loc(n), self.describe(n))
            for a, v in zip(n.args, values, strict=True):
                scope.values[a] = self.undef(v, a.type, scope.block, where)
            for op in list(n.ops)[:-1]:
                self.clone(op, scope)
            term = n.last_op
            if isinstance(term, cf.BranchOp) and level.is_branch(self.cfg.succs[n][0]):
                chain.append(n)
                n, values = term.successor, [scope.values[v] for v in term.arguments]
                continue
            exits = self.terminator(n, scope, level)
            break
        for m in [n, *reversed(chain)]:
            for child in level.children[m]:
                if child in exits.targets:
                    exits = self.join(exits, child, scope, level)
        return exits

    def leave(self, target: Target, values: list, scope: Scope, level: Level) -> Exits:
        """Control going to `target` (a join of this level, or out of it) with `values`."""
        exits = Exits({target: values}, Taken(target))
        self.carry(exits, target, scope, level)
        return exits

    def carry(self, exits: Exits, target: Target, scope: Scope, level: Level) -> None:
        """Add to `exits` the values an exit to `target` carries out of `level`, as visible in `scope`."""
        if target is RETURN or target not in level.blocks or target is level.entry:
            for v in level.carried(target):
                exits.slots.setdefault(v, scope.values.get(v))

    def edge(self, e: Edge, level: Level) -> Callable[[Scope], Exits]:
        """The function taking edge `e` in a scope: into the node it leads to when `e` is its only way in,
        else to the join or out of the level."""
        if level.is_branch(e):
            return lambda s: self.node(e.dst, [s.values[v] for v in e.operands], s, level)
        return lambda s: self.leave(e.dst, [s.values[v] for v in e.operands], s, level)

    def terminator(self, block: Block, scope: Scope, level: Level) -> Exits:
        term = block.last_op
        where = Where(self.src.loc(term), f"{term.name} (lifted to scf.if)")
        if isinstance(term, func.ReturnOp):
            return self.leave(RETURN, [scope.values[v] for v in term.arguments], scope, level)
        edges = self.cfg.succs[block]
        if isinstance(term, cf.BranchOp):
            return self.edge(edges[0], level)(scope)
        if isinstance(term, cf.ConditionalBranchOp):
            return self.if_op(scope.values[term.cond], self.edge(edges[0], level), self.edge(edges[1], level),
                              scope, where)
        return self.switch(term, edges, scope, level, where)

    def switch(self, term: cf.SwitchOp, edges: list[Edge], scope: Scope, level: Level, where: Where) -> Exits:
        """`cf.switch` as a choice of places made by selects (flat, however many cases): the first case whose
        value equals the flag, else the default. The blocks it leads to are then entered like joins, each
        under its `scf.if (selector == block)` one after the other (`node`)."""
        flag = scope.values[term.flag]
        cases = list(term.case_values.get_values()) if term.case_values is not None else []

        def take(e: Edge) -> Exits:
            return self.leave(e.dst, [scope.values[v] for v in e.operands], scope, level)

        exits = take(edges[0])
        for value, e in reversed(list(zip(cases, edges[1:], strict=True))):
            hit = self.add(arith.CmpiOp(flag, self.constant(value, term.flag.type, scope.block, where), "eq"), scope,
                           where).results[0]
            exits = self.choose(hit, take(e), exits, scope, where)
        return exits

    def pick(self, cond: SSAValue, a: SSAValue | None, b: SSAValue | None, scope: Scope, where: Where):
        """`cond ? a : b` for two values visible in `scope` (one that no path uses gives way to the other)."""
        if a is b or b is None:
            return a
        if a is None:
            return b
        return self.add(arith.SelectOp(cond, a, b), scope, where).results[0]

    def if_op(self, cond: SSAValue, then: Callable[[Scope], Exits], other: Callable[[Scope], Exits], scope: Scope,
              where: Where) -> Exits:
        """An `scf.if` on `cond` whose sides are lifted by `then` and `other`; its results are the values
        of the places either side goes to (and the selector, when that is more than one place each)."""
        tblock, fblock = Block(), Block()
        a, b = then(scope.child(tblock)), other(scope.child(fblock))
        if not tblock.ops and not fblock.ops:
            return self.choose(cond, a, b, scope, where)
        yields: tuple[list, list] = ([], [])
        types: list[Attribute] = []

        def merged(x: SSAValue | None, y: SSAValue | None, ty: Attribute):
            if x is y or (y is None and not self.defined_in(x, tblock)):
                return x
            if x is None and not self.defined_in(y, fblock):
                return y
            yields[0].append(self.undef(x, ty, tblock, where))
            yields[1].append(self.undef(y, ty, fblock, where))
            types.append(ty)
            return _Result(len(types) - 1)

        targets = list(dict.fromkeys([*a.targets, *b.targets]))
        out: dict[Target, list] = {}
        for t in targets:
            xs, ys = a.targets.get(t), b.targets.get(t)
            n = len(xs if xs is not None else ys)
            out[t] = [merged(xs[i] if xs is not None else None, ys[i] if ys is not None else None,
                             self.target_type(t, i)) for i in range(n)]
        slots = {k: merged(a.slots.get(k), b.slots.get(k), k.type) for k in {**a.slots, **b.slots}}
        if len(targets) == 1:
            selector: Selector | _Result = Taken(targets[0])
        elif len(a.targets) == 1 and len(b.targets) == 1:
            selector = ByCond(cond, targets[0], targets[1])
        else:
            selector = merged(self.selector_value(a.selector, tblock, where),
                              self.selector_value(b.selector, fblock, where), self.selector_type)
        self.add(scf.YieldOp(*yields[0]), tblock, where)
        has_else = len(fblock.ops) > 0 or yields[1]
        if has_else:
            self.add(scf.YieldOp(*yields[1]), fblock, where)
        op = self.add(scf.IfOp(cond, types, Region(tblock), Region(fblock) if has_else else None), scope, where)

        def res(x):
            return op.results[x.index] if isinstance(x, _Result) else x

        return Exits({t: [res(x) for x in vs] for t, vs in out.items()},
                     ByValue(res(selector)) if isinstance(selector, _Result) else selector,
                     {k: res(v) for k, v in slots.items()})

    def choose(self, cond: SSAValue, a: Exits, b: Exits, scope: Scope, where: Where) -> Exits:
        """`cond ? a : b` for two sides that make no code: selects instead of an `scf.if`."""
        targets = list(dict.fromkeys([*a.targets, *b.targets]))
        out = {}
        for t in targets:
            xs, ys = a.targets.get(t), b.targets.get(t)
            xs = xs if xs is not None else [None] * len(ys)
            ys = ys if ys is not None else [None] * len(xs)
            out[t] = [self.pick(cond, x, y, scope, where) for x, y in zip(xs, ys, strict=True)]
        slots = {k: self.pick(cond, a.slots.get(k), b.slots.get(k), scope, where) for k in {**a.slots, **b.slots}}
        if len(targets) == 1:
            selector: Selector = Taken(targets[0])
        elif len(a.targets) == 1 and len(b.targets) == 1:
            selector = ByCond(cond, targets[0], targets[1])
        else:
            selector = ByValue(self.pick(cond, self.selector_value(a.selector, scope.block, where),
                                         self.selector_value(b.selector, scope.block, where), scope, where))
        return Exits(out, selector, slots)

    def target_type(self, t: Target, i: int) -> Attribute:
        return self.fn.function_type.outputs.data[i] if t is RETURN else t.args[i].type

    @staticmethod
    def defined_in(v: SSAValue, block: Block) -> bool:
        """Whether lifted value `v` is defined in `block` or in a region nested in it."""
        owner = v.owner
        b = owner if isinstance(owner, Block) else owner.parent_block()
        while b is not None:
            if b is block:
                return True
            parent = b.parent_op()
            b = parent.parent_block() if parent is not None else None
        return False

    def join(self, exits: Exits, n: Block, scope: Scope, level: Level) -> Exits:
        """Enter join `n` (a node several paths reach) where `exits` may go to it: directly when that is
        the only place, else under `scf.if (selector == n)`."""
        if list(exits.targets) == [n]:
            return self.node(n, exits.targets[n], scope, level)
        where = Where(self.block_loc(n), f"{self.describe(n)} (a join, lifted to scf.if)")
        hit = self.picks(exits.selector, n, scope.block, where)
        rest_targets = {t: v for t, v in exits.targets.items() if t is not n}
        rest_sel = Taken(next(iter(rest_targets))) if len(rest_targets) == 1 else exits.selector
        rest = Exits(rest_targets, rest_sel, exits.slots)
        return self.if_op(hit, lambda s: self.node(n, exits.targets[n], s, level), lambda s: rest, scope, where)

    # ------------------------------------------------------------------ loops
    def split(self, lp: Loop) -> tuple[Block, set[Block], set[Block]] | None:
        """(S, before, after): the first edge E -> S of `lp` (in reverse post-order, S not the header) such that
        the blocks reached from S without passing the header (after) are entered only by it, and every exit
        of the loop and every edge back to the header leaves from the other blocks (before) or from after
        respectively; None when no edge is such (a loop tested at the bottom, an exit after the body)."""
        cfg = self.cfg
        exits = cfg.exit_edges(lp)
        for e_block in (b for b in cfg.rpo if b in lp.blocks):
            for edge in cfg.succs[e_block]:
                s_block = edge.dst
                if s_block not in lp.blocks or s_block is lp.header:
                    continue
                after, work = set(), [s_block]
                while work:
                    b = work.pop()
                    if b not in after and b is not lp.header:
                        after.add(b)
                        work.extend(e.dst for e in cfg.succs[b] if e.dst in lp.blocks)
                if e_block in after or any(e.src in after for e in exits):
                    continue
                before = lp.blocks - after
                if all(e is edge or (e.dst not in after and e.dst is not lp.header)
                       for b in before for e in cfg.succs[b]):
                    return s_block, before, after
        return None

    def loop(self, lp: Loop, init: list, scope: Scope, level: Level) -> Exits:
        """`lp` as an `scf.while` entered with `init` for its header's arguments."""
        cfg, h = self.cfg, lp.header
        where = Where(self.block_loc(h), f"loop {self.describe(h)} (lifted to scf.while)")
        liveouts = sorted(cfg.used_outside(lp.blocks), key=cfg.value_order)
        split = self.split(lp)
        if split is not None:
            s_block, before_blocks, after_blocks = split
            forward = sorted((v for v in cfg.live_in(s_block) if cfg.def_block(v) in before_blocks),
                             key=cfg.value_order)
            for v in forward:
                self.require_liftable(v.type, f"a value defined before the test of the loop at {self.describe(h)} "
                                      "and used after it is", self.def_loc(v))
            cont: Block = s_block
            before_level = Level(cfg, before_blocks, h, lp.children,
                                 lambda t: forward if t is s_block else liveouts)
        else:
            cont, before_blocks = h, lp.blocks
            before_level = Level(cfg, lp.blocks, h, lp.children, lambda t: [] if t is h else liveouts)
        before = Block(arg_types=[a.type for a in h.args])
        for made, old in zip(before.args, h.args, strict=True):
            made.name_hint = old.name_hint
        bscope = scope.child(before)
        exits = self.node(h, list(before.args), bscope, before_level)
        outs = [t for t in exits.targets if t is not cont]
        assert cont in exits.targets and outs, f"loop at {self.describe(h)}: exits {list(exits.targets)}"
        cwhere = Where(self.src.loc(before.last_op) if before.last_op is not None else where.loc, where.name)
        # what the condition forwards: the continuation's arguments, the selector, each exit's arguments and
        # the slots, those made in the loop (a value from outside it is used as it is, in the after region
        # and after the loop)
        values: list[SSAValue] = []
        positions: dict[SSAValue, int] = {}

        def put(v: SSAValue) -> int | SSAValue:
            if not self.defined_in(v, before):
                return v
            if v not in positions:
                positions[v] = len(values)
                values.append(v)
            return positions[v]

        cont_pos = [put(self.undef(v, self.target_type(cont, i), before, cwhere))
                    for i, v in enumerate(exits.targets[cont])]
        sel_pos = put(self.selector_value(exits.selector, before, cwhere)) if len(outs) > 1 else None
        out_pos = {t: [put(self.undef(v, self.target_type(t, i), before, cwhere))
                       for i, v in enumerate(exits.targets[t])] for t in outs}
        slot_pos = {k: put(self.undef(v, k.type, before, cwhere)) for k, v in exits.slots.items()}
        repeat = self.picks(exits.selector, cont, before, cwhere)
        self.add(scf.ConditionOp(repeat, *values), before, cwhere)
        after = Block(arg_types=[v.type for v in values])
        for made, v in zip(after.args, values, strict=True):
            made.name_hint = v.name_hint

        def in_after(x: int | SSAValue) -> SSAValue:
            return after.args[x] if isinstance(x, int) else x

        if split is not None:
            ascope = scope.child(after)
            for k, p in slot_pos.items():
                ascope.values[k] = in_after(p)
            after_level = Level(cfg, after_blocks, s_block, lp.children, lambda t: [])
            back = self.node(s_block, [in_after(p) for p in cont_pos], ascope, after_level)
            assert list(back.targets) == [h], f"after region of {self.describe(h)} goes to {list(back.targets)}"
            self.add(scf.YieldOp(*back.targets[h]), after, where)
        else:
            self.add(scf.YieldOp(*(in_after(p) for p in cont_pos)), after, where)
        op = self.add(scf.WhileOp(init, [v.type for v in values], Region(before), Region(after)), scope, where)

        def outside(x: int | SSAValue) -> SSAValue:
            return op.results[x] if isinstance(x, int) else x

        for k, p in slot_pos.items():
            scope.values[k] = outside(p)
        result = Exits({t: [outside(p) for p in out_pos[t]] for t in outs},
                       Taken(outs[0]) if len(outs) == 1 else ByValue(outside(sel_pos)))
        for t in outs:
            self.carry(result, t, scope, level)
        return result


@dataclass(frozen=True)
class _Result:
    """Result `index` of an `scf.if` being made."""

    index: int


def nesting(op: Operation) -> int:
    """How many regions deep the operations of `op` go (a function body alone: 1)."""
    deepest, work = 0, [(op, 0)]
    while work:
        o, depth = work.pop()
        for region in o.regions:
            for block in region.blocks:
                deepest = max(deepest, depth + 1)
                work.extend((inner, depth + 1) for inner in block.ops)
    return deepest


def needs_lifting(fn: func.FuncOp) -> bool:
    """Whether `fn`'s body is a graph of several blocks."""
    return len(fn.body.blocks) > 1


def lift_function(src: SourceModule, fn: func.FuncOp) -> SourceModule:
    """A module holding `fn` with its body lifted to `scf` (its operations keep their locations), first, and
    declarations of the module's other functions; a LoweringError at the location of what cannot be lifted."""
    try:
        return Lifter(src, fn).lift()
    except RecursionError:  # the lifting recurses per level of nesting; far past MAX_NESTING levels
        raise LoweringError(f"the control flow of @{fn.sym_name.data} nests too deeply to be lifted to scf (more than "
                            f"{MAX_NESTING} levels)", src.loc(fn)) from None
