"""CIRCT's flow run from the kit: the CIRCT environment (a Python with the pinned `circt` wheel), and a program
through it to Verilog, bounded in time, cached by content.

The environment is `$DFV_CIRCT_PYTHON` when set, else `.venv-circt/` in the work folder (the checkout), which
`make circt` creates (`dfv.circt.setup`). The wheel is not a dependency of the kit: without it the CIRCT engines
are unavailable (`CirctUnavailable`) and everything else works.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

from dfv.paths import BUILD_DIR, WORK_DIR
from dfv.sim.process import run_bounded

CIRCT_VERSION = "1.162.0"  # the wheel `make circt` installs and the committed fixtures were made with
PYTHON_ENV = "DFV_CIRCT_PYTHON"
VENV = WORK_DIR / ".venv-circt"
EXPORT = Path(__file__).with_name("export.py")
CIRCT_INDEX_WIDTH = 64  # CIRCT lowers `index` to 64 bits
CIRCT_CLOCK = "clock"  # the clock port of the tops `lower-handshake-to-hw` makes
CIRCT_RESET = "reset"  # their synchronous active-high reset port
TIMEOUT = 300.0  # seconds for CIRCT's flow on one program
_DIAGNOSTIC_LINES = 12  # of CIRCT's output in an error message

NOT_LOWERED = frozenset({"math.absi", "math.ctlz", "math.cttz", "math.ctpop", "arith.index_castui"})
"""The integer operations of the kit that CIRCT's flow does not take (circt 1.162.0): the wheel has no `math`
dialect (the program does not parse), and `lower-handshake-to-hw` has no pattern for `arith.index_castui`
("failed to legalize"). Not findings: what CIRCT does not claim to support; a fuzz campaign on a CIRCT engine
leaves them out (tests/ip/test_circt_engine.py probes every integer operation against this set)."""


class CirctUnavailable(Exception):
    """No CIRCT environment: the message says how to make one."""


class CirctError(Exception):
    """CIRCT's flow failed on a program (its diagnostics in the message), or ran past its time bound."""


def circt_python() -> Path:
    """The Python of the CIRCT environment; CirctUnavailable when there is none."""
    env = os.environ.get(PYTHON_ENV)
    python = Path(env) if env else VENV / "bin" / "python"
    if not (python.is_file() and os.access(python, os.X_OK)):
        where = f"${PYTHON_ENV} = {env}" if env else f"{python}"
        raise CirctUnavailable(f"CIRCT's flow needs the circt wheel ({where} is not a Python): run `make circt` "
                               f"(Python 3.13, circt=={CIRCT_VERSION}), or set {PYTHON_ENV} to a Python that has it")
    return python


def export_verilog(text: str, source: str, timeout: float = TIMEOUT) -> Path:
    """The Verilog CIRCT exports for the program `text` (`source`: `cf` or `handshake`), as a file under
    build/circt/ named by the program, the source kind, the environment and the script (a second request is
    served from it). CirctError when CIRCT fails or takes longer than `timeout` seconds."""
    python = circt_python()
    key = hashlib.sha256(f"{python.resolve()}\0{EXPORT.read_text()}\0{source}\0{text}".encode()).hexdigest()[:20]
    folder = BUILD_DIR / "circt" / key
    out = folder / "circuit.sv"
    if out.is_file():
        return out
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "program.mlir"
    program.write_text(text)
    partial = folder / f"circuit.sv.{os.getpid()}"  # renamed once whole: a killed run leaves no half file behind
    res = run_bounded([str(python), str(EXPORT), "--from", source, str(program), str(partial)], timeout,
                      stderr=subprocess.STDOUT, die_with_parent=True)
    if res is None:
        raise CirctError(f"CIRCT's flow ran past {timeout:g} s on {program} (stopped)")
    if res.returncode != 0:
        lines = [ln for ln in res.stdout.splitlines() if ln.strip()]
        shown = "; ".join(lines[:_DIAGNOSTIC_LINES]) + (" ..." if len(lines) > _DIAGNOSTIC_LINES else "")
        raise CirctError(f"CIRCT's flow failed on {program} (exit status {res.returncode}): {shown}")
    partial.replace(out)
    return out
