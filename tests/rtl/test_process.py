"""`dfv.sim.process.run_bounded`: the output of a finished child, and a runaway stopped with the processes it
started (the mutation workers' simulators, the formal jobs' solvers)."""

from __future__ import annotations

import os
import sys
import time

from dfv.sim.process import run_bounded


def test_finished_child_gives_its_output_and_status():
    proc = run_bounded([sys.executable, "-c", "print('hi'); raise SystemExit(3)"], 30)
    assert proc is not None and proc.stdout == "hi\n" and proc.returncode == 3


def test_runaway_is_killed_with_its_children(tmp_path):
    pidfile = tmp_path / "grandchild"
    code = ("import subprocess, sys, time; "
            f"p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
            f"open({str(pidfile)!r}, 'w').write(str(p.pid)); time.sleep(60)")
    start = time.monotonic()
    assert run_bounded([sys.executable, "-c", code], 2) is None
    assert time.monotonic() - start < 30
    pid = int(pidfile.read_text())
    for _ in range(50):  # the grandchild was killed with the session (reaped by init, so it goes away)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        raise AssertionError(f"grandchild {pid} still runs after the bound")
