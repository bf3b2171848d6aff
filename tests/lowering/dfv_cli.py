"""Running the `dfv` command line in a child process, and the bad-input contract its errors keep: exit
status 2 and one `dfv: error:` line naming the problem, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

from kernel_inputs import ROOT


def run_dfv(*args: str, cwd: str = ROOT, env: dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    """`dfv ARGS...` (as `python -m dfv.cli`, this interpreter) in `cwd`, with `env` added to the environment."""
    return subprocess.run([sys.executable, "-m", "dfv.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, env={**os.environ, **env} if env else None)


def check_one_line_error(proc: subprocess.CompletedProcess, *needles: str) -> str:
    """Assert that `proc` failed as bad input must, its one error line holding every one of `needles`; the line."""
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    for n in needles:
        assert n in lines[0], lines[0]
    return lines[0]
