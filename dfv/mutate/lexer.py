"""A token-level view of SystemVerilog text, enough to place mutants: no parser, no preprocessor.

Comments and strings are skipped; every other token keeps its offsets, so a mutant is an edit of
the original text and everything around it (layout, comments) stays as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """What a token is, as far as mutation cares."""

    IDENT = "ident"    # identifiers, keywords, system names ($signed), macros
    NUMBER = "number"  # 12, 4'b1010, '0, 16'hBEEF
    OP = "op"          # operators and punctuation


@dataclass(frozen=True)
class Token:
    """One token: its text, kind and position (0-based offsets, 1-based line and column)."""

    text: str
    kind: Kind
    start: int
    end: int
    line: int
    col: int


_SKIP = re.compile(r"\s+|//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\])*\"", re.DOTALL)
_NUMBER = re.compile(r"\d[\d_]*\s*'[sS]?[bBoOdDhH][0-9a-fA-F_xXzZ?]+|'[sS]?[bBoOdDhH][0-9a-fA-F_xXzZ?]+"
                     r"|'[01xXzZ](?![\w'])|\d[\d_]*(?:\.\d+)?")
_IDENT = re.compile(r"[A-Za-z_$`][\w$]*")
# longest first: `<<<` before `<<` before `<=` before `<`
_OPS = sorted(["<<<", ">>>", "===", "!==", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+:", "-:", "::",
               "++", "--", "+=", "-=", "->", "**", "~^", "^~"], key=len, reverse=True)
_OP = re.compile("|".join(re.escape(o) for o in _OPS) + r"|[^\s\w]")


def tokenize(text: str) -> list[Token]:
    """The tokens of `text`, comments and strings left out."""
    tokens: list[Token] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        skip = _SKIP.match(text, pos)
        if skip:
            chunk = skip.group()
            if "\n" in chunk:
                line += chunk.count("\n")
                line_start = pos + chunk.rindex("\n") + 1
            pos = skip.end()
            continue
        for kind, pattern in ((Kind.NUMBER, _NUMBER), (Kind.IDENT, _IDENT), (Kind.OP, _OP)):
            m = pattern.match(text, pos)
            if m:
                tokens.append(Token(m.group(), kind, pos, m.end(), line, pos - line_start + 1))
                pos = m.end()
                break
    return tokens


def matching(tokens: list[Token], i: int) -> int:
    """Index of the bracket closing the one opened at `i` ( `(`, `[`, `{`, or `begin`/`case`/... )."""
    pairs = {"(": ")", "[": "]", "{": "}", "begin": "end", "case": "endcase", "function": "endfunction"}
    opener, closer = tokens[i].text, pairs[tokens[i].text]
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j].text == opener:
            depth += 1
        elif tokens[j].text == closer:
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(f"line {tokens[i].line}: unbalanced '{opener}'")
