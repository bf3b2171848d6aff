"""The files a user names on the command line: read with a size bound, written with a located error.

A program or an inputs file is read through `read_bounded`, which never reads more than its limit plus one
byte: `/dev/zero`, a FIFO fed forever or a multi-gigabyte file is refused as soon as it is seen to be too
large, with the limit named, instead of being read whole (a MemoryError after a minute). Every artefact
`dfv lower` and `dfv run` write goes through `write_text`, so an output that cannot be written (a folder in
the way, no permission, a full disk) is a `LoweringError` naming the path and the reason (exit status 2), not
an internal error.
"""

from __future__ import annotations

import json
import os

from dfv.lowering.errors import LoweringError

MAX_PROGRAM_BYTES = 8 << 20
"""Largest MLIR program read (8 MiB): some 150,000 operations, far beyond what the lowering and the simulators
take in reasonable time (the kernels are a few kB)."""

MAX_INPUTS_BYTES = 64 << 20
"""Largest inputs file read (64 MiB): room for several memref arguments of the largest memory
(`dfv.golden.memory.memory.MAX_DEPTH` elements of 20-digit integers)."""


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n % (1 << 20) == 0 else f"{n} bytes"


def read_bounded(path: str, limit: int, what: str, bound: str) -> bytes:
    """The bytes of file `path`, at most `limit` of them; a LoweringError naming the file when it cannot be
    read or holds more (`what` names the kind of file, `bound` the constant that is its limit)."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise LoweringError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise LoweringError(f"{path}: more than {_size(limit)}, the largest {what} dfv reads ({bound})")
    return raw


def decode_text(raw: bytes, path: str, what: str) -> str:
    """The text of file `path`, which must be UTF-8 (a leading byte order mark is kept, for the caller to
    skip); otherwise a LoweringError that names the encoding it has instead (UTF-16 or UTF-32, told by its
    byte order mark or its zero bytes), the first byte that is not UTF-8, or the zero byte of binary data.
    `what` names the file in the message (`a program`)."""
    other = json.detect_encoding(raw)
    if not other.startswith("utf-8"):
        try:
            if "\x00" not in raw.decode(other):
                raise LoweringError(f"{path}: {other.upper()} text; {what} must be UTF-8")
        except UnicodeDecodeError:
            pass
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LoweringError(f"{path}: not UTF-8 text (byte {raw[exc.start]:#04x} at offset {exc.start})") from None
    if "\x00" in text:
        raise LoweringError(f"{path}: binary data, not text (a zero byte at offset {raw.index(0)})")
    return text


def write_text(path: str, text: str) -> str:
    """Write `text` to `path` (UTF-8); a LoweringError naming the path and the reason when it cannot be."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise LoweringError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def make_folder(path: str) -> None:
    """Create folder `path` (and its parents) unless it exists; a LoweringError naming it when that fails."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise LoweringError(f"cannot create the folder {path}: {exc.strerror or exc}") from None
