"""The control-flow graph of a function body written with `cf` branches (`cf.br`, `cf.cond_br`,
`cf.switch`): its edges, loops, reducibility, and the values that cross from one block to another.
`dfv.lowering.lift_cf` lifts such a body to `scf` with it; the source interpreter
(`dfv.lowering.source_branches`) counts loop trips with its loops.

Only the blocks reachable from the entry block take part: an unreachable block never runs, in the
source interpreter or in hardware. The graph is *reducible* when every cycle has one entry block (its
header, which dominates the whole cycle); then the edges that close cycles are the back edges (to a
block that dominates their source) and also the retreating edges of any depth-first walk, the loops
(`loops`) are the natural loops of those edges, merged per header, and two loops are nested or
disjoint. `irreducible_cycle` finds a cycle with several entry blocks by splitting the graph into
strongly connected components, removing the single entry of each and splitting what is left, as
loop-nesting forests are built (Ramalingam, "On loops, dominators, and dominance frontiers", 2002); a
graph is reducible exactly when it finds none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import cf
from xdsl.ir import Block, Region, SSAValue


@dataclass(frozen=True, eq=False)
class Edge:
    """Successor `index` of `src`'s terminator: control goes to `dst`, whose arguments take `operands`."""

    src: Block
    index: int
    dst: Block
    operands: tuple[SSAValue, ...]


def successor_edges(block: Block) -> list[Edge]:
    """The edges out of `block`, in the order of its terminator's successors (for `cf.switch`: the
    default first, then the cases); none for a block that does not end in a branch."""
    term = block.last_op
    if isinstance(term, cf.BranchOp):
        return [Edge(block, 0, term.successor, tuple(term.arguments))]
    if isinstance(term, cf.ConditionalBranchOp):
        return [Edge(block, 0, term.then_block, tuple(term.then_arguments)),
                Edge(block, 1, term.else_block, tuple(term.else_arguments))]
    if isinstance(term, cf.SwitchOp):
        return [Edge(block, 0, term.default_block, tuple(term.default_operands)),
                *(Edge(block, i + 1, b, tuple(ops))
                  for i, (b, ops) in enumerate(zip(term.case_blocks, term.case_operand, strict=True)))]
    return []


@dataclass(eq=False)
class Loop:
    """A natural loop: `header` and every block that reaches one of its back edges without passing the
    header. `children` are the loops directly inside it."""

    header: Block
    blocks: set[Block]
    back_edges: list[Edge]
    parent: Loop | None = None
    children: list[Loop] = field(default_factory=list)


class ControlFlowGraph:
    """The reachable blocks of `region` with their edges, in reverse post-order from the entry block."""

    def __init__(self, region: Region):
        self.entry: Block = region.blocks[0]
        self.position = {b: i for i, b in enumerate(region.blocks)}  # textual order, for messages
        self.rpo = self._reverse_post_order()
        self.order = {b: i for i, b in enumerate(self.rpo)}
        self.succs = {b: successor_edges(b) for b in self.rpo}
        self.preds: dict[Block, list[Edge]] = {b: [] for b in self.rpo}
        for b in self.rpo:
            for e in self.succs[b]:
                self.preds[e.dst].append(e)
        self._loops: list[Loop] | None = None
        self._def_block: dict[SSAValue, Block] | None = None
        self._value_order: dict[SSAValue, tuple[int, int]] = {}
        self._upward: dict[Block, set[SSAValue]] | None = None
        self._live_in: dict[Block, set[SSAValue]] | None = None

    # ------------------------------------------------------------------ order
    def _reverse_post_order(self) -> list[Block]:
        """The reachable blocks in reverse post-order of a depth-first walk from the entry block, which also
        records the walk's retreating edges (to a block still being walked: each closes a cycle)."""
        seen, post, on_path = {self.entry}, [], {self.entry}
        self.retreating: list[Edge] = []
        stack = [(self.entry, iter(successor_edges(self.entry)))]
        while stack:
            block, it = stack[-1]
            for e in it:
                if e.dst in on_path:
                    self.retreating.append(e)
                elif e.dst not in seen:
                    seen.add(e.dst)
                    on_path.add(e.dst)
                    stack.append((e.dst, iter(successor_edges(e.dst))))
                    break
            else:
                stack.pop()
                on_path.discard(block)
                post.append(block)
        return post[::-1]

    # ------------------------------------------------------------------ cycles
    def _components(self, nodes: set[Block]) -> list[list[Block]]:
        """Strongly connected components of the subgraph on `nodes` (Tarjan, iterative), each in reverse
        post-order."""
        index: dict[Block, int] = {}
        low: dict[Block, int] = {}
        on_stack: set[Block] = set()
        stack: list[Block] = []
        out: list[list[Block]] = []
        for root in (b for b in self.rpo if b in nodes):
            if root in index:
                continue
            work = [(root, iter([e.dst for e in self.succs[root] if e.dst in nodes]))]
            index[root] = low[root] = len(index)
            stack.append(root)
            on_stack.add(root)
            while work:
                node, it = work[-1]
                for nxt in it:
                    if nxt not in index:
                        index[nxt] = low[nxt] = len(index)
                        stack.append(nxt)
                        on_stack.add(nxt)
                        work.append((nxt, iter([e.dst for e in self.succs[nxt] if e.dst in nodes])))
                        break
                    if nxt in on_stack:
                        low[node] = min(low[node], index[nxt])
                else:
                    work.pop()
                    if work:
                        low[work[-1][0]] = min(low[work[-1][0]], low[node])
                    if low[node] == index[node]:
                        comp = []
                        while True:
                            b = stack.pop()
                            on_stack.discard(b)
                            comp.append(b)
                            if b is node:
                                break
                        out.append(sorted(comp, key=self.order.__getitem__))
        return out

    def entries(self, blocks: set[Block]) -> list[Block]:
        """The blocks of `blocks` entered from outside it (or the function's entry block), in textual order."""
        return sorted((b for b in blocks if b is self.entry or any(e.src not in blocks for e in self.preds[b])),
                      key=self.position.__getitem__)

    def irreducible_cycle(self) -> tuple[list[Block], list[Block]] | None:
        """(blocks, entry blocks) of a cycle with more than one entry block, or None when the graph is
        reducible."""
        pending = [set(self.rpo)]
        while pending:
            nodes = pending.pop()
            for comp in self._components(nodes):
                members = set(comp)
                if len(comp) == 1 and not any(e.dst is comp[0] for e in self.succs[comp[0]]):
                    continue
                entries = self.entries(members)
                if len(entries) > 1:
                    return sorted(comp, key=self.position.__getitem__), entries
                pending.append(members - {entries[0]})
        return None

    @property
    def loops(self) -> list[Loop]:
        """The loops, outer before inner: one per block that a retreating edge goes to (its header), made of
        the header and the blocks that reach one of those edges without passing it. In a reducible graph
        the retreating edges are the back edges and these are the natural loops."""
        if self._loops is None:
            self._loops = self._natural_loops()
        return self._loops

    def _natural_loops(self) -> list[Loop]:
        loops = []
        for h in self.rpo:
            back = [e for e in self.retreating if e.dst is h]
            if not back:
                continue
            body, work = {h}, [e.src for e in back]
            while work:
                b = work.pop()
                if b not in body:
                    body.add(b)
                    work.extend(e.src for e in self.preds[b])
            loops.append(Loop(h, body, back))
        loops.sort(key=lambda lp: -len(lp.blocks))
        for i, inner in enumerate(loops):
            for outer in reversed(loops[:i]):
                if inner.header in outer.blocks:
                    inner.parent = outer
                    outer.children.append(inner)
                    break
        return loops

    def loop_of(self, block: Block) -> Loop | None:
        """The innermost loop containing `block`."""
        best = None
        for lp in self.loops:
            if block in lp.blocks and (best is None or len(lp.blocks) < len(best.blocks)):
                best = lp
        return best

    def exit_edges(self, loop: Loop) -> list[Edge]:
        """The edges that leave `loop`, in reverse post-order of their sources."""
        return [e for b in self.rpo if b in loop.blocks for e in self.succs[b] if e.dst not in loop.blocks]

    # ------------------------------------------------------------------ values across blocks
    def def_block(self, v: SSAValue) -> Block | None:
        """The block of the body that defines `v` (an argument or the result of one of its operations), or
        None for a value defined inside an operation's region or outside the body."""
        if self._def_block is None:
            self._def_block, self._value_order = {}, {}
            for b in self.rpo:
                values = [*b.args, *(r for op in b.ops for r in op.results)]
                for i, value in enumerate(values):
                    self._def_block[value] = b
                    self._value_order[value] = (self.position[b], i)
        return self._def_block.get(v)

    def upward_uses(self, block: Block) -> set[SSAValue]:
        """The values `block` uses (in its operations, their regions and its branch operands) that another
        block defines."""
        if self._upward is None:
            self._upward = {}
            for b in self.rpo:
                used = set()
                for op in b.ops:
                    for inner in op.walk():
                        for v in inner.operands:
                            d = self.def_block(v)
                            if d is not None and d is not b:
                                used.add(v)
                self._upward[b] = used
        return self._upward[block]

    def live_in(self, block: Block) -> set[SSAValue]:
        """The values defined in other blocks that are used on some path from the start of `block`."""
        if self._live_in is None:
            live = {b: set(self.upward_uses(b)) for b in self.rpo}
            changed = True
            while changed:
                changed = False
                for b in reversed(self.rpo):
                    out = set().union(*(live[e.dst] for e in self.succs[b]))
                    new = live[b] | {v for v in out if self.def_block(v) is not b}
                    if new != live[b]:
                        live[b] = new
                        changed = True
            self._live_in = live
        return self._live_in[block]

    def used_outside(self, blocks: set[Block]) -> set[SSAValue]:
        """The values defined in `blocks` that a block outside them uses."""
        return {v for b in self.rpo if b not in blocks for v in self.upward_uses(b) if self.def_block(v) in blocks}

    def value_order(self, v: SSAValue) -> tuple[int, int]:
        """A fixed order of the body's values (textual: block, then arguments before results)."""
        self.def_block(v)
        return self._value_order[v]
