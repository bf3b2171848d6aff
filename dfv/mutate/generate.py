"""Mutants of one SystemVerilog module, made on its text token by token.

Only logic is mutated: `assign` statements, `always_comb` / `always_ff` / `always` bodies and
function bodies. The header comment, parameter checks (`initial` blocks), declarations and module
ports are left alone. Each mutant is one edit of the original text, named by a stable id
`<module>.<operator>.<line>.<column>` (a `.2`, `.3` suffix only if one operator makes several
mutants at the same token), and carries its unified diff.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from dfv.mutate.lexer import Kind, Token, matching, tokenize


class Operator(Enum):
    """The mutation operators (docs/mutation.md describes each with an example)."""

    COND = "cond"    # if (c) -> if (!(c))
    NOT = "not"      # ~x -> x, !x -> x
    ANDOR = "andor"  # & <-> |, && <-> || (binary or reduction)
    CMP = "cmp"      # == <-> !=, < <-> >=, > <-> <=
    OBO = "obo"      # off by one: < <-> <=, > <-> >=
    DROP = "drop"    # a term dropped from an &/| chain assigned to a valid/ready/done/... signal
    STUCK = "stuck"  # a register stops updating: q <= d -> q <= q (outside the reset branch)
    KEEP = "keep"    # a flag keeps its value: x_d = 1'b0 -> x_d = x_q
    RESET = "reset"  # another reset value
    MUX = "mux"      # c ? a : b -> c ? b : a


# Left-hand sides whose &/| chains lose a term under DROP: the handshake and completion signals.
HANDSHAKE_NAME = re.compile(r"valid|ready|done|sent|fire|consume|retire|push|pop|load|_ok")
_DECL = {"logic", "bit", "int", "integer", "reg", "wire", "byte", "shortint", "longint", "input", "output",
         "inout", "localparam", "parameter", "automatic", "typedef", "genvar", "var"}
_ALWAYS = {"always", "always_comb", "always_ff", "always_latch"}
_STATEMENT_END = {";", "begin", "end", "else", ")", ":", "endcase"}
_OPERAND_END = {")", "]", "}"}
_NEGATE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_OFF_BY_ONE = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
_SWAP = {"&": "|", "|": "&", "&&": "||", "||": "&&"}
_FLIP = {"'0": "'1", "'1": "'0", "1'b0": "1'b1", "1'b1": "1'b0"}
_RESET = re.compile(r"\w*(rst|reset)\w*", re.IGNORECASE)
_ENUM = re.compile(r"typedef\s+enum\b[^{]*\{([^}]*)\}")


@dataclass(frozen=True)
class Edit:
    """Replace `text[start:end]` by `new`."""

    start: int
    end: int
    new: str

    def apply(self, text: str) -> str:
        return text[:self.start] + self.new + text[self.end:]


@dataclass(frozen=True)
class Mutant:
    """One mutant of `module` (file `path`, relative to the RTL tree): the edit, where and what."""

    module: str
    path: Path
    operator: Operator
    line: int
    col: int
    occurrence: int
    edit: Edit
    diff: str = field(compare=False)

    @property
    def id(self) -> str:
        base = f"{self.module}.{self.operator.value}.{self.line}.{self.col}"
        return base if self.occurrence == 1 else f"{base}.{self.occurrence}"


def id_kind(mutant_id: str) -> tuple[str, str]:
    """The module and operator that a mutant id (`Mutant.id`: `module.operator.line.col[.occurrence]`) names:
    what stays when code moves and the line and column change."""
    module, operator = mutant_id.split(".")[:2]
    return module, operator


@dataclass(frozen=True)
class Assignment:
    """An assignment inside a region: left side, operator and right side as token index ranges."""

    lhs: range
    op: int
    rhs: range
    nonblocking: bool
    in_reset: bool
    in_ff: bool


@dataclass
class _Region:
    """The tokens of one mutable region: an assign, an always body or a function body."""

    indices: range
    ff: bool
    skipped: set[int] = field(default_factory=set)   # declarations
    reset: set[int] = field(default_factory=set)     # reset branch of an always_ff


def _next_at_depth(tokens: list[Token], i: int, texts: set[str]) -> int:
    """Index of the first token from `i` whose text is in `texts`, outside brackets."""
    depth = 0
    for j in range(i, len(tokens)):
        t = tokens[j].text
        if depth == 0 and t in texts:
            return j
        depth += t in ("(", "[", "{")
        depth -= t in (")", "]", "}")
    raise ValueError(f"line {tokens[i].line}: no {sorted(texts)} after it")


def _body(tokens: list[Token], i: int) -> range:
    """The statement starting at `i`: a begin/end block or everything up to its `;`."""
    if tokens[i].text == "begin":
        return range(i, matching(tokens, i) + 1)
    return range(i, _next_at_depth(tokens, i, {";"}) + 1)


def _regions(tokens: list[Token]) -> Iterator[_Region]:
    """The mutable regions in text order; `initial` blocks, declarations and headers are outside them."""
    i = 0
    while i < len(tokens):
        t = tokens[i].text
        if t == "assign":
            region = _Region(range(i + 1, _next_at_depth(tokens, i, {";"}) + 1), ff=False)
        elif t in _ALWAYS:
            j = i + 1
            if tokens[j].text == "@":
                j = matching(tokens, j + 1) + 1 if tokens[j + 1].text == "(" else j + 2
            ff = t == "always_ff" or (t == "always" and tokens[i + 2].text == "(" and
                                      tokens[i + 3].text in ("posedge", "negedge"))
            region = _Region(_body(tokens, j), ff=ff)
        elif t == "function":
            region = _Region(range(_next_at_depth(tokens, i, {";"}) + 1, matching(tokens, i)), ff=False)
        else:
            i += 1
            continue
        _mark(tokens, region)
        yield region
        i = region.indices.stop


def _mark(tokens: list[Token], region: _Region) -> None:
    """Find the declarations (skipped) and the reset branch of `region`."""
    depth, k = 0, region.indices.start
    while k < region.indices.stop:
        t = tokens[k].text
        if depth == 0 and t in _DECL:
            end = _next_at_depth(tokens, k, {";"})
            region.skipped.update(range(k, end + 1))
            k = end + 1
            continue
        if region.ff and t == "if" and not region.reset:
            close = matching(tokens, k + 1)
            cond = [x.text for x in tokens[k + 2:close]]
            if cond and cond[0] in ("!", "~"):
                cond = cond[1:]
            if len(cond) == 1 and _RESET.fullmatch(cond[0]):
                region.reset.update(_body(tokens, close + 1))
        depth += t in ("(", "[", "{")
        depth -= t in (")", "]", "}")
        k += 1


def _lvalue_start(tokens: list[Token], j: int, lo: int) -> int | None:
    """Start of the lvalue `name[...][...]` ending at index `j`, or None if there is none."""
    while j >= lo and tokens[j].text == "]":
        depth = 0
        while True:
            depth += tokens[j].text == "]"
            depth -= tokens[j].text == "["
            j -= 1
            if depth == 0:
                break
    if j < lo or tokens[j].kind is not Kind.IDENT:
        return None
    return j


def _starts_statement(tokens: list[Token], k: int, lo: int) -> bool:
    """Whether the token at `k` starts a statement (also after a block label `begin : name`)."""
    if k == lo or tokens[k - 1].text in _STATEMENT_END:
        return True
    return k - 3 >= lo and tokens[k - 2].text == ":" and tokens[k - 3].text == "begin"


def _assignments(tokens: list[Token], region: _Region) -> Iterator[Assignment]:
    """Assignments of `region`: `=` outside brackets, and `<=` where it starts a statement."""
    depth, lo = 0, region.indices.start
    in_rhs = False
    for k in region.indices:
        t = tokens[k].text
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}"):
            depth -= 1
        elif t == ";":
            in_rhs = False
        if k in region.skipped or depth or in_rhs or t not in ("=", "<="):
            continue
        start = _lvalue_start(tokens, k - 1, lo)
        if start is None or not _starts_statement(tokens, start, lo):
            continue
        end = _next_at_depth(tokens, k + 1, {";"})
        in_rhs = True
        yield Assignment(range(start, k), k, range(k + 1, end), t == "<=", k in region.reset, region.ff)


def _span(tokens: list[Token], r: range) -> tuple[int, int]:
    return tokens[r.start].start, tokens[r.stop - 1].end


class _Builder:
    """Collects the mutants of one file, numbering those that share an operator and a token, and
    keeping only the first of several edits that make the same text (e.g. dropping the only other
    term of `q <= q | (...)` is `stuck` too)."""

    def __init__(self, module: str, path: Path, text: str) -> None:
        self.module, self.path, self.text = module, path, text
        self.mutants: list[Mutant] = []
        self._seen: dict[tuple[Operator, int, int], int] = {}
        self._texts = {text}

    def add(self, op: Operator, at: Token, edit: Edit) -> None:
        mutated = edit.apply(self.text)
        if mutated in self._texts:
            return
        self._texts.add(mutated)
        key = (op, at.line, at.col)
        self._seen[key] = self._seen.get(key, 0) + 1
        diff = "".join(difflib.unified_diff(self.text.splitlines(keepends=True), mutated.splitlines(keepends=True),
                                            f"a/rtl/{self.path}", f"b/rtl/{self.path}", n=1))
        self.mutants.append(Mutant(self.module, self.path, op, at.line, at.col, self._seen[key], edit, diff))

    def replace(self, op: Operator, tokens: list[Token], r: range, new: str, at: Token | None = None) -> None:
        start, end = _span(tokens, r)
        self.add(op, at or tokens[r.start], Edit(start, end, new))


def _is_operand_end(tok: Token) -> bool:
    return tok.kind is not Kind.OP or tok.text in _OPERAND_END


def _chains(tokens: list[Token], r: range) -> Iterator[list[range]]:
    """The terms of every &-chain or |-chain in `r` (at its top level and inside each `( )`)."""
    terms, ops, start, k = [], set(), r.start, r.start
    mixed = False
    while k < r.stop:
        t = tokens[k]
        if t.text == "(":
            close = matching(tokens, k)
            yield from _chains(tokens, range(k + 1, close))
            k = close + 1
            continue
        if t.text in ("[", "{"):
            k = matching(tokens, k) + 1
            continue
        if t.text in _SWAP and k > r.start and _is_operand_end(tokens[k - 1]):
            ops.add(t.text[0])
            terms.append(range(start, k))
            start = k + 1
        elif t.kind is Kind.OP and t.text not in ("~", "!", "'", ".", "::", "&", "|"):
            mixed = True
        k += 1
    terms.append(range(start, r.stop))
    if len(terms) > 1 and len(ops) == 1 and not mixed:
        yield terms


def _drops(b: _Builder, tokens: list[Token], a: Assignment) -> None:
    if not HANDSHAKE_NAME.search(tokens[a.lhs.start].text):
        return
    for terms in _chains(tokens, a.rhs):
        for i, term in enumerate(terms):
            if i == 0:
                start, end = tokens[term.start].start, tokens[terms[1].start].start
            else:
                start, end = tokens[terms[i - 1].stop - 1].end, tokens[term.stop - 1].end
            b.add(Operator.DROP, tokens[term.start], Edit(start, end, ""))


def _enum_successors(text: str) -> dict[str, str]:
    """Each enum member of the file mapped to the next one of its enum (cyclically)."""
    succ = {}
    for body in _ENUM.findall(text):
        names = re.findall(r"(\w+)\s*(?:=[^,]*)?(?:,|$)", body.strip())
        succ.update({n: names[(i + 1) % len(names)] for i, n in enumerate(names) if len(names) > 1})
    return succ


def _assignment_mutants(b: _Builder, tokens: list[Token], a: Assignment, succ: dict[str, str],
                        idents: set[str]) -> None:
    lhs_text = b.text[slice(*_span(tokens, a.lhs))]
    rhs_text = b.text[slice(*_span(tokens, a.rhs))]
    single = tokens[a.rhs.start] if len(a.rhs) == 1 else None
    _drops(b, tokens, a)
    if a.nonblocking and a.in_reset:
        if single is not None and (single.text in _FLIP or single.text in succ):
            new = _FLIP.get(single.text) or succ[single.text]
        else:
            new = f"~({rhs_text})"
        b.replace(Operator.RESET, tokens, a.rhs, new)
    elif a.nonblocking and a.in_ff:
        b.replace(Operator.STUCK, tokens, a.rhs, lhs_text)
    name = tokens[a.lhs.start].text
    if not a.nonblocking and single is not None and single.kind is Kind.NUMBER and name.endswith("_d") \
            and f"{name[:-2]}_q" in idents:
        b.replace(Operator.KEEP, tokens, a.rhs, f"{name[:-2]}_q" + lhs_text[len(name):])


def _ternary(tokens: list[Token], q: int) -> tuple[range, range]:
    """Then- and else-part of the `?` at index `q`, as token ranges."""
    nest, k = 0, q + 1
    while True:
        t = tokens[k].text
        if t in ("(", "[", "{"):
            k = matching(tokens, k)
        elif t == "?":
            nest += 1
        elif t == ":":
            if nest == 0:
                break
            nest -= 1
        k += 1
    colon, k = k, k + 1
    while tokens[k].text not in (";", ",", ")", "]", "}"):
        k = matching(tokens, k) + 1 if tokens[k].text in ("(", "[", "{") else k + 1
    return range(q + 1, colon), range(colon + 1, k)


def _token_mutants(b: _Builder, tokens: list[Token], k: int, assign_ops: set[int]) -> None:
    t = tokens[k]
    if t.text == "if" and tokens[k + 1].text == "(":
        close = matching(tokens, k + 1)
        inner = b.text[tokens[k + 1].end:tokens[close].start]
        b.replace(Operator.COND, tokens, range(k + 1, close + 1), f"(!({inner}))", at=t)
    elif t.text in ("~", "!") and (tokens[k + 1].kind is Kind.IDENT or tokens[k + 1].text == "("):
        b.replace(Operator.NOT, tokens, range(k, k + 1), "")
    elif t.text in _SWAP:
        b.replace(Operator.ANDOR, tokens, range(k, k + 1), _SWAP[t.text])
    elif t.text in _NEGATE and k not in assign_ops:
        b.replace(Operator.CMP, tokens, range(k, k + 1), _NEGATE[t.text])
        if t.text in _OFF_BY_ONE:
            b.replace(Operator.OBO, tokens, range(k, k + 1), _OFF_BY_ONE[t.text])
    elif t.text == "?":
        then, other = _ternary(tokens, k)
        (ts, te), (es, ee) = _span(tokens, then), _span(tokens, other)
        b.add(Operator.MUX, t, Edit(ts, ee, b.text[es:ee] + b.text[te:es] + b.text[ts:te]))


def generate(path: Path, rtl_dir: Path) -> list[Mutant]:
    """Every mutant of the module in `path` (a file under `rtl_dir`), in text order per operator."""
    text = path.read_text()
    tokens = tokenize(text)
    b = _Builder(path.stem, path.relative_to(rtl_dir), text)
    succ = _enum_successors(text)
    idents = {t.text for t in tokens if t.kind is Kind.IDENT}
    for region in _regions(tokens):
        assignments = list(_assignments(tokens, region))
        assign_ops = {a.op for a in assignments}
        for a in assignments:
            _assignment_mutants(b, tokens, a, succ, idents)
        for k in region.indices:
            if k not in region.skipped:
                _token_mutants(b, tokens, k, assign_ops)
    return sorted(b.mutants, key=lambda m: (m.line, m.col, m.operator.value, m.occurrence))
