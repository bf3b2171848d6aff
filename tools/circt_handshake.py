"""Make a handshake program with CIRCT, as a team using CIRCT's Handshake flow would (docs/handshake.md).

    python3.13 -m venv /tmp/circt && /tmp/circt/bin/pip install circt
    /tmp/circt/bin/python tools/circt_handshake.py prog_cf.mlir > prog.mlir
    /tmp/circt/bin/python tools/circt_handshake.py --strategy cycles prog_cf.mlir > prog.mlir
    /tmp/circt/bin/python tools/circt_handshake.py --handshake prog_hs.mlir > prog.mlir

Reads a `func.func` in the `cf` + `arith` dialects and prints it after CIRCT's `lower-cf-to-handshake`,
`handshake-materialize-forks-sinks` and `handshake-insert-buffers` passes, the text `dfv lower` / `dfv run`
take. With `--handshake` it reads a `handshake.func` and runs the last two passes only: CIRCT's Python
package has no `memref` dialect, so a loop over memory is written at the handshake level first. It runs
on CIRCT's Python package (built for Python 3.13), not in the project's environment.

`--strategy` is `handshake-insert-buffers`' buffering strategy: `all` (the pass's default: a buffer on
every channel), `cycles` (a buffer on each cycle only, what CIRCT's integration tests use), `allFIFO`,
`none`; `--buffer-size` its slots per buffer (default 2, the pass's). The output starts with a comment
naming the CIRCT version, the input file and this command, so every fixture records how it was made.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib.metadata import version

#: the strategies `handshake-insert-buffers` knows (CIRCT's HandshakeInsertBuffers pass)
STRATEGIES = ("all", "cycles", "allFIFO", "none")
#: the pass's own defaults (CIRCT 1.162.0: `buffer-size=2 strategy=all`)
DEFAULT_STRATEGY, DEFAULT_SIZE = "all", 2


def passes(handshake: bool, strategy: str, size: int) -> str:
    """The pass pipeline: the `cf` lowering unless the input is a `handshake.func` already."""
    insert = "handshake-insert-buffers"
    if (strategy, size) != (DEFAULT_STRATEGY, DEFAULT_SIZE):
        insert += f"{{strategy={strategy} buffer-size={size}}}"
    func = f"handshake.func(handshake-materialize-forks-sinks,{insert})"
    return f"builtin.module({func})" if handshake else f"builtin.module(lower-cf-to-handshake,{func})"


def command(argv: list[str]) -> str:
    """This command as the header records it (the input by its file name)."""
    return " ".join(["tools/circt_handshake.py", *argv[:-1], os.path.basename(argv[-1])])


def main(argv: list[str]) -> int:
    import circt
    from circt.ir import Context, Module
    from circt.passmanager import PassManager

    parser = argparse.ArgumentParser(prog="circt_handshake.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--handshake", action="store_true", help="the input is a handshake.func already")
    parser.add_argument("--strategy", choices=STRATEGIES, default=DEFAULT_STRATEGY,
                        help="handshake-insert-buffers' strategy (default: the pass's, all)")
    parser.add_argument("--buffer-size", type=int, default=DEFAULT_SIZE, help="slots per buffer (default 2)")
    parser.add_argument("program")
    args = parser.parse_args(argv)
    if args.buffer_size < 1:
        parser.error("--buffer-size must be at least 1")
    with open(args.program, encoding="utf-8") as fh, Context() as ctx:
        circt.register_dialects(ctx)
        module = Module.parse(fh.read())
        PassManager.parse(passes(args.handshake, args.strategy, args.buffer_size)).run(module.operation)
        print(f"// Made by CIRCT {version('circt')} (pip package circt) from {os.path.basename(args.program)}: "
              f"{command(argv)}")
        print(module)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
