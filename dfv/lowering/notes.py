"""Notes: what dfv reads past in a program without refusing it (another tool's annotations), told on stderr
as one line each, `dfv: note: FILE:LINE:COL: what`, so a run stays quiet about nothing it left out. Bad
input is a `LoweringError` instead (`dfv: error:`, exit 2)."""

from __future__ import annotations

import sys


def note(message: str, loc: str) -> None:
    """Tell the user, on one stderr line, that something at `loc` was read past."""
    print(f"dfv: note: {loc}: {' '.join(message.split())}", file=sys.stderr)
