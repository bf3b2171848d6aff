"""One bounded child process: the mutation workers and the formal jobs both run a tool that starts
processes of its own (a simulator, solvers), so a runaway is stopped with its whole session; `dfv lower`
draws its picture with Graphviz under a bound of time and memory."""

from __future__ import annotations

import contextlib
import ctypes
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence

_PR_SET_PDEATHSIG = 1


def _limits(memory_bytes: int | None, die_with_parent: bool) -> Callable[[], None] | None:
    """What the child does before it runs the command: cap its address space, and (Linux) ask to be killed
    when this process dies, so a `dfv` killed from outside leaves no orphan behind."""
    if memory_bytes is None and not die_with_parent:
        return None

    def apply() -> None:
        if memory_bytes is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        if die_with_parent and sys.platform.startswith("linux"):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)

    return apply


def run_bounded(cmd: Sequence[str], timeout: float, *, memory_bytes: int | None = None,
                die_with_parent: bool = False, **popen) -> subprocess.CompletedProcess | None:
    """Run `cmd` in a session of its own with stdout captured as text (other `Popen` arguments as given);
    None when it is still running after `timeout` seconds, in which case the session is killed. The session
    is killed too when this process is interrupted while it waits (Ctrl-C). `memory_bytes` caps the child's
    address space (an allocation past it fails in the child); `die_with_parent` kills it with this process
    (for a single-threaded caller: the signal follows the thread that started the child)."""
    proc = subprocess.Popen(list(cmd), stdout=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_limits(memory_bytes, die_with_parent), **popen)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill(proc)
        return None
    except BaseException:
        _kill(proc)
        raise
    return subprocess.CompletedProcess(proc.args, proc.returncode, out)


def _kill(proc: subprocess.Popen) -> None:
    """Kill the session of `proc` (whatever of it is left) and reap it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()
