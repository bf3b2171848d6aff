"""One bounded child process: the mutation workers and the formal jobs both run a tool that starts
processes of its own (a simulator, solvers), so a runaway is stopped with its whole session."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Sequence


def run_bounded(cmd: Sequence[str], timeout: float, **popen) -> subprocess.CompletedProcess | None:
    """Run `cmd` in a session of its own with stdout captured as text (other `Popen` arguments as given);
    None when it is still running after `timeout` seconds, in which case the session is killed."""
    proc = subprocess.Popen(list(cmd), stdout=subprocess.PIPE, text=True, start_new_session=True, **popen)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out)
