"""Make a handshake program with CIRCT, as a team using CIRCT's Handshake flow would (docs/handshake.md).

    python3.13 -m venv /tmp/circt && /tmp/circt/bin/pip install circt
    /tmp/circt/bin/python tools/circt_handshake.py prog_cf.mlir > prog.mlir
    /tmp/circt/bin/python tools/circt_handshake.py --handshake prog_hs.mlir > prog.mlir

Reads a `func.func` in the `cf` + `arith` dialects and prints it after CIRCT's `lower-cf-to-handshake`,
`handshake-materialize-forks-sinks` and `handshake-insert-buffers` passes, the text `dfv lower` / `dfv run`
take. With `--handshake` it reads a `handshake.func` and runs the last two passes only: CIRCT's Python
package has no `memref` dialect, so a loop over memory is written at the handshake level first. It runs
on CIRCT's Python package (built for Python 3.13), not in the project's environment.
"""

from __future__ import annotations

import sys

HANDSHAKE_PASSES = "handshake.func(handshake-materialize-forks-sinks,handshake-insert-buffers)"
PIPELINE = f"builtin.module(lower-cf-to-handshake,{HANDSHAKE_PASSES})"


def main(argv: list[str]) -> int:
    import circt
    from circt.ir import Context, Module
    from circt.passmanager import PassManager

    handshake = argv[:1] == ["--handshake"]
    argv = argv[1:] if handshake else argv
    if len(argv) != 1:
        print("usage: circt_handshake.py [--handshake] PROGRAM.mlir", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as fh, Context() as ctx:
        circt.register_dialects(ctx)
        module = Module.parse(fh.read())
        PassManager.parse(f"builtin.module({HANDSHAKE_PASSES})" if handshake else PIPELINE).run(module.operation)
        print(module)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
