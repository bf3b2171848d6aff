"""The depth of the hardware memory of a memref argument with a dynamic size (`memref<?xi32>`,
`dfv.lowering.memref_args`): `dfv lower` / `dfv run --max-mem N` for every such argument, `--max-mem POS=N` for
argument POS; `DEFAULT_MAX_MEM` elements without the option. Free of xDSL imports, so `dfv` can show the
default in its help without loading the parser.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MAX_MEM = 4096
"""Elements of the hardware memory of a memref argument with a dynamic size, unless `--max-mem` says otherwise."""


@dataclass(frozen=True)
class MemLimits:
    """The depth (elements) of the memory of each memref argument with a dynamic size: `default`, or the
    position's own in `per_arg` (`(position, depth)` pairs)."""

    default: int = DEFAULT_MAX_MEM
    per_arg: tuple[tuple[int, int], ...] = ()

    def of(self, position: int) -> int:
        return dict(self.per_arg).get(position, self.default)

    def option(self, position: int) -> str:
        """The `--max-mem` words that set `position`'s depth (for messages)."""
        own = dict(self.per_arg)
        return f"--max-mem {position}={own[position]}" if position in own else f"--max-mem {self.default}"

    @classmethod
    def parse(cls, words: list[str] | None) -> MemLimits:
        """From the `--max-mem` values of the command line: `N` (every argument) or `POS=N` (argument POS);
        a ValueError names a bad one."""
        default, per_arg = DEFAULT_MAX_MEM, {}
        for w in words or []:
            pos, sep, n = w.partition("=")
            try:
                depth = int(n if sep else pos)
                position = int(pos) if sep else None
            except ValueError:
                raise ValueError(f"--max-mem {w}: expected N or POS=N (integers)") from None
            if depth < 1 or (position is not None and position < 0):
                raise ValueError(f"--max-mem {w}: the depth must be at least 1 and the position at least 0")
            if position is None:
                default = depth
            else:
                per_arg[position] = depth
        return cls(default, tuple(sorted(per_arg.items())))


DEFAULT_LIMITS = MemLimits()
"""`DEFAULT_MAX_MEM` for every argument (no `--max-mem`)."""
