"""The one error of bad input to the lowering: a located, one-line message (`file:line:col: problem`)."""

from __future__ import annotations


class LoweringError(Exception):
    """A problem in the input program: message is one line, starting with the source location."""

    def __init__(self, message: str, loc: str | None = None):
        self.loc = loc
        text = " ".join(str(message).split())
        super().__init__(f"{loc}: {text}" if loc else text)
