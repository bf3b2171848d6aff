"""Run one fuzzer program on one engine, bounded in wall-clock time, and classify what happened.

`run_once` writes the program and its inputs to a folder, prepares it in-process (`dfv.runner.prepare_run`:
parse, lower, inputs and the source interpreter, with which every engine is compared), runs it
(`dfv.runner.execute`) and returns an `Outcome`; `run_engines` does so for several engines, the golden
ones from one lowering. The classes (`Verdict`):

- `pass`: the engine matches the source interpreter and reports nothing;
- `deadlock`: the engine says so (bounded golden run, RTL watchdog), or it went quiet before `done`
  or a result arrived;
- `timeout`: the run did not end within its wall-clock bound, or the engine's own limit on work
  (golden firings, RTL cycles) ran out while the circuit was still busy;
- `mismatch`: a result, a memref, the memory access order or an error flag differs;
- `stranded`: the results are right but tokens were left in channels, a machine is not back in its
  initial state, or `done` / a result fired more than once;
- `lowering-error`: the lowering rejected or broke a program the source interpreter runs (a
  `LoweringError` after parsing, or the DFG verifier);
- `internal-error`: any other exception (its type and text are kept), and xDSL's own interpreter
  failing on a program that keeps the contract (kind `source-interpreter`);
- `generator-invalid`: the program breaks the fuzzer's own contract (`program.check`), does not
  parse, or the source interpreter names an undefined operation in it (index out of range, division
  by zero, bad loop): a fuzzer bug, not a finding.

Each run happens in a forked child process in a process group of its own: the parent waits at most
the run's time bound, then kills the whole group, so a hung engine and whatever it started (an RTL
build, a simulator) never outlive the run, and a crash of the run cannot take the campaign down.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from dfv.fuzz.gen import generate
from dfv.fuzz.printer import inputs_json, to_mlir
from dfv.fuzz.program import Program, check
from dfv.golden.types import DEFAULT_INDEX_WIDTH
from dfv.lowering.lower_control import find_function
from dfv.lowering.parse import LoweringError, parse_file
from dfv.lowering.reference import run_source
from dfv.lowering.timing_plan import ClockTarget
from dfv.lowering.verify import DfgVerifyError
from dfv.runner import CIRCUIT_ENGINES, EngineUnavailable, default_index_width, execute, load_inputs, prepare_run


class Verdict(Enum):
    PASS = "pass"
    MISMATCH = "mismatch"
    DEADLOCK = "deadlock"
    STRANDED = "stranded"
    LOWERING_ERROR = "lowering-error"
    INTERNAL_ERROR = "internal-error"
    TIMEOUT = "timeout"
    GENERATOR_INVALID = "generator-invalid"


FAILURES = tuple(v for v in Verdict if v is not Verdict.PASS)


@dataclass(frozen=True)
class Outcome:
    """What one run gave: the class, the engine's (or exception's) message, and how long it took.

    `kind` is the exception type of an internal error (empty otherwise): shrinking an internal error
    keeps it, so a reproducer does not drift to a different crash."""

    verdict: Verdict
    message: str
    seconds: float
    kind: str = ""

    def same_failure(self, other: Outcome) -> bool:
        return self.verdict is other.verdict and self.kind == other.kind


def _isolated(work: Callable[[], Outcome], timeout: float | None) -> tuple[str, object]:
    """Run `work` in a forked child in a process group of its own and return what it sent back:
    `("outcome", Outcome)`, `("unavailable", message)` (EngineUnavailable), `("timeout", seconds)`, or
    `("lost", exit status)` when the child ended without an answer.

    The whole group is killed when the run is over or its `timeout` expires, so nothing a run
    started (an RTL build, a simulator) outlives it."""
    r, w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: do the work, send the answer, exit without running the parent's cleanup
        code = 0
        try:
            os.close(r)
            os.setpgid(0, 0)
            try:
                answer: tuple[str, object] = ("outcome", work())
            except EngineUnavailable as exc:
                answer = ("unavailable", str(exc))
            with os.fdopen(w, "wb") as f:
                f.write(pickle.dumps(answer))
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - the parent reports a child without an answer
            code = 70
        os._exit(code)
    with contextlib.suppress(OSError):
        os.setpgid(pid, pid)  # also here, so the group exists before the parent may kill it
    os.close(w)
    data = b""
    end = None if timeout is None else time.monotonic() + timeout
    expired = False
    try:
        while True:
            left = None if end is None else max(0.0, end - time.monotonic())
            if not select.select([r], [], [], left)[0]:
                expired = True
                break
            chunk = os.read(r, 1 << 16)
            if not chunk:
                break
            data += chunk
    finally:
        os.close(r)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
        status = os.waitpid(pid, 0)[1]
    if expired:
        return "timeout", timeout
    if not data:
        return "lost", os.waitstatus_to_exitcode(status)
    return pickle.loads(data)


def default_timeout(engine: str) -> float:
    """Wall-clock bound of one run: a golden run takes well under a second, an RTL run builds first."""
    return 600.0 if engine in CIRCUIT_ENGINES else 60.0


_VALUE_MARKERS = (" returned ", "differ from", "reported no final contents", "mem_req access", "outside its",
                  "raised error")
_LEFTOVER_MARKERS = ("stranded", "not in its initial state", "holds a valid token", "done fired", "received",
                     "pending", "left over")


def classify(message: str) -> Verdict:
    """The class of a failed run from its message (see the module docstring for the order)."""
    m = message.lower()
    if "deadlock" in m or "done fired 0 times" in m or "received 0 tokens" in m:
        return Verdict.DEADLOCK
    if "still running after" in m or "did not become quiescent" in m:
        return Verdict.TIMEOUT
    if any(k in m for k in _VALUE_MARKERS):
        return Verdict.MISMATCH
    if any(k in m for k in _LEFTOVER_MARKERS):
        return Verdict.STRANDED
    return Verdict.MISMATCH


def write_program(p: Program, folder: Path, stem: str = "prog") -> tuple[Path, Path]:
    """Write `<stem>.mlir` and its inputs file (`inputs.json`, `<stem>_inputs.json` for other stems)."""
    folder.mkdir(parents=True, exist_ok=True)
    mlir = folder / f"{stem}.mlir"
    inputs = folder / ("inputs.json" if stem == "prog" else f"{stem}_inputs.json")
    mlir.write_text(to_mlir(p))
    inputs.write_text(inputs_json(p))
    return mlir, inputs


def source_fault(exc: Exception) -> Outcome:
    """The class of an error of the source interpreter on a program that parses.

    An undefined operation it names (an index out of range, a division by zero, a bad loop, too many
    trips) breaks the fuzzer's contract: `generator-invalid`. xDSL's own interpretation errors (`cannot
    be run on these inputs`) on such a program are a fault of the reference: `internal-error`, kind
    `source-interpreter`."""
    if "cannot be run on these inputs" in str(exc):
        return Outcome(Verdict.INTERNAL_ERROR, f"source interpreter: {exc}", 0.0, "source-interpreter")
    return Outcome(Verdict.GENERATOR_INVALID, str(exc), 0.0)


def _source_problem(mlir: Path, inputs: Path) -> Outcome | None:
    """Why a program the lowering or the source interpreter refused is bad (it does not parse, its
    inputs do not fit, or `source_fault`), None when it is fine: the LoweringError came from the
    lowering itself."""
    try:
        src = parse_file(str(mlir))
        fn = find_function(src, None)
        args = load_inputs(str(inputs), fn, DEFAULT_INDEX_WIDTH)
    except LoweringError as exc:
        return Outcome(Verdict.GENERATOR_INVALID, str(exc), 0.0)
    try:
        run_source(src, fn, args, DEFAULT_INDEX_WIDTH)
    except LoweringError as exc:
        return source_fault(exc)
    return None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _classified(mlir: Path, inputs: Path, func: str, engine: str, seed: int) -> Outcome:
    """Run the files on `engine` (in the current process) and classify what happened."""
    return _classified_engines(mlir, inputs, func, (engine,), seed)[engine]


def _classified_engines(mlir: Path, inputs: Path, func: str, engines: tuple[str, ...],
                        seed: int, target_mhz: ClockTarget | None = None) -> dict[str, Outcome]:
    """Run the files on each of `engines` (in the current process) from one lowering (`dfv.runner.prepare_run`)
    and classify what happened on each. A failure to prepare (parse, lower, run the reference) is every
    engine's outcome; each outcome's time includes the preparation. The engines share the width of `index`
    (`dfv.runner.default_index_width`: `run_engines` runs the golden ones together, each circuit engine alone)."""
    t0 = time.monotonic()
    width = default_index_width(engines[0])

    def done(verdict: Verdict, message: str, kind: str = "", start: float = t0) -> Outcome:
        text = _one_line(message).replace(str(mlir), mlir.name)
        return Outcome(verdict, text, round(time.monotonic() - start, 3), kind)

    def failed(exc: Exception, start: float = t0) -> Outcome:
        """The class of an exception other than a LoweringError."""
        if isinstance(exc, DfgVerifyError):
            return done(Verdict.LOWERING_ERROR, f"internal lowering error: {exc}", start=start)
        if "did not become quiescent" in str(exc):
            return done(Verdict.TIMEOUT, str(exc), start=start)
        return done(Verdict.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}", type(exc).__name__, start=start)

    try:
        run = prepare_run(str(mlir), func, str(inputs), width, seed=seed, target_mhz=target_mhz)
    except LoweringError as exc:
        bad = _source_problem(mlir, inputs)
        outcome = done(bad.verdict, bad.message, bad.kind) if bad is not None else done(Verdict.LOWERING_ERROR,
                                                                                          str(exc))
        return dict.fromkeys(engines, outcome)
    except Exception as exc:  # noqa: BLE001 - every other exception is a finding, kept with its type
        return dict.fromkeys(engines, failed(exc))
    prepared = time.monotonic() - t0
    outcomes = {}
    for engine in engines:
        start = time.monotonic() - prepared  # each engine's time includes the one preparation
        try:
            res = execute(run, engine)
        except EngineUnavailable:
            raise
        except LoweringError as exc:  # an engine's own refusal (an RTL build of the lowered top)
            outcomes[engine] = done(Verdict.LOWERING_ERROR, str(exc), start=start)
            continue
        except Exception as exc:  # noqa: BLE001 - every other exception is a finding, kept with its type
            outcomes[engine] = failed(exc, start)
            continue
        verdict = Verdict.PASS if res["status"] == "pass" else classify(res["message"])
        outcomes[engine] = done(verdict, res["message"], start=start)
    return outcomes


_warmed = False


def _warm_up() -> None:
    """Once per process, run a tiny program on the golden engine here, before any fork: that imports
    every module a run loads lazily, so each forked run starts warm (a cold child spends most of a
    golden run importing). What the warm-up run gives does not matter."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    with tempfile.TemporaryDirectory() as tmp:
        mlir, inputs = write_program(generate(0, 1), Path(tmp))
        with contextlib.suppress(Exception):
            _classified(mlir, inputs, "fuzz", "golden", 0)


def run_files(mlir: Path, inputs: Path, func: str, engine: str, seed: int, timeout: float | None,
              target_mhz: ClockTarget | None = None) -> Outcome:
    """Run an MLIR file and inputs file on `engine` in a child process bounded by `timeout` seconds
    and classify the result (lowered for `target_mhz`, `dfv.lowering.timing_buffers`); EngineUnavailable (a
    missing simulator) is raised, not classified."""
    return run_files_engines(mlir, inputs, func, (engine,), seed, timeout, target_mhz)[engine]


def run_files_engines(mlir: Path, inputs: Path, func: str, engines: tuple[str, ...], seed: int,
                      timeout: float | None, target_mhz: ClockTarget | None = None) -> dict[str, Outcome]:
    """`run_files` on several engines in one child process, from one lowering, bounded by `timeout` seconds
    in all: when it expires, every engine has the timeout outcome."""
    _warm_up()
    t0 = time.monotonic()
    kind, value = _isolated(lambda: _classified_engines(mlir, inputs, func, engines, seed, target_mhz), timeout)
    seconds = round(time.monotonic() - t0, 3)
    if kind == "outcome":
        assert isinstance(value, dict)
        return value
    if kind == "unavailable":
        raise EngineUnavailable(str(value))
    if kind == "timeout":
        return dict.fromkeys(engines, Outcome(Verdict.TIMEOUT, f"no result within {value:g} s (the run and its "
                                              "processes were killed)", seconds))
    return dict.fromkeys(engines, Outcome(Verdict.INTERNAL_ERROR, f"the run's process ended without a result "
                                          f"(exit status {value})", seconds, "lost"))


def run_once(p: Program, engine: str, folder: Path, seed: int, timeout: float | None,
             target_mhz: ClockTarget | None = None) -> Outcome:
    """Check `p` against the fuzzer's contract, write it to `folder` and run it on `engine`."""
    return run_engines(p, (engine,), folder, seed, lambda _engine: timeout, target_mhz)[engine]


def run_engines(p: Program, engines: tuple[str, ...], folder: Path, seed: int,
                timeout_of: Callable[[str], float | None], target_mhz: ClockTarget | None = None) -> dict[str, Outcome]:
    """`run_once` on each of `engines`: the golden ones in one child from one lowering (a golden run spends
    most of its time lowering), bounded by the sum of their timeouts; each RTL engine in a child of its own
    (a build may take minutes)."""
    problems = check(p)
    if problems:
        return dict.fromkeys(engines, Outcome(Verdict.GENERATOR_INVALID, "; ".join(problems[:5]), 0.0))
    mlir, inputs = write_program(p, folder)
    golden = tuple(e for e in engines if e not in CIRCUIT_ENGINES)
    outcomes: dict[str, Outcome] = {}
    if golden:
        bounds = [timeout_of(e) for e in golden]
        bound = None if None in bounds else sum(bounds)
        outcomes.update(run_files_engines(mlir, inputs, p.name, golden, seed, bound, target_mhz))
    for e in engines:
        if e in CIRCUIT_ENGINES:
            outcomes[e] = run_files(mlir, inputs, p.name, e, seed, timeout_of(e), target_mhz)
    return {e: outcomes[e] for e in engines}
