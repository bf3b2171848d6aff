"""The picture never holds up or fails the lowering: a large straight-line function lowers in bounded time with a
picture or a note (250 operations took 121 s and ended in `internal error: TimeoutExpired`); Graphviz runs as a
bounded child (time, memory), killed with its session on a timeout and when `dfv` dies, so no `dot` is left
running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from dfv_cli import run_dfv
from kernel_inputs import ROOT

from dfv.lowering import dot as dot_module
from dfv.lowering.dot import PICTURE_MAX_NODES, draw


def _chain(n: int) -> str:
    """A straight-line function of `n` operations whose constants and one argument fan out widely: the shape
    that took Graphviz's full layout minutes (and 3.2 GB at 1,000 operations)."""
    lines = ["func.func @f(%a: i32) -> i32 {"]
    prev = "%a"
    for i in range(n):
        if i % 2 == 0:
            lines += [f"  %k{i} = arith.constant {i} : i32", f"  %v{i} = arith.addi {prev}, %k{i} : i32"]
        else:
            lines.append(f"  %v{i} = arith.muli {prev}, %a : i32")
        prev = f"%v{i}"
    return "\n".join([*lines, f"  func.return {prev} : i32", "}"]) + "\n"


@pytest.mark.parametrize("n", [250, 1000])
def test_large_function_lowers_in_bounded_time(tmp_path, n):
    (tmp_path / "k.mlir").write_text(_chain(n))
    start = time.monotonic()
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "-o", str(tmp_path / "o"), timeout=300)
    seconds = time.monotonic() - start
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "o" / "top.sv").is_file() and (tmp_path / "o" / "dfg.dot").is_file()
    drawn = (tmp_path / "o" / "dfg.svg").is_file()
    assert drawn or "note: dfg.svg not drawn:" in proc.stdout, proc.stdout
    # the lowering itself and at most both layouts' bounds, with room for a loaded machine
    assert seconds < 60 + dot_module.FULL_SECONDS + dot_module.FAST_SECONDS, seconds


def _fake_dot(tmp_path, body: str) -> str:
    """A `dot` on PATH that runs `body` (Python), its own pid written to dot.pid, its child's to child.pid.

    Each pid file is written whole under another name and renamed, so a test that sees the file reads the pid
    (CI once read an empty dot.pid: the file was created but not yet written)."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    exe = bindir / "dot"
    exe.write_text(f"#!{sys.executable}\n" + textwrap.dedent(f"""
        import os, subprocess, sys, time
        def publish(path, pid):
            with open(path + ".tmp", "w") as fh:
                fh.write(str(pid))
            os.replace(path + ".tmp", path)
        publish({str(tmp_path / "dot.pid")!r}, os.getpid())
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        publish({str(tmp_path / "child.pid")!r}, child.pid)
    """) + textwrap.dedent(body))
    exe.chmod(0o755)
    return str(bindir)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as fh:  # a zombie is dead, only not yet reaped by its parent
        return fh.read().split(") ")[1][0] != "Z"


def _wait_dead(pid: int, seconds: float = 10) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not _alive(pid):
            return True
        time.sleep(0.1)
    return False


def test_dot_that_never_ends_is_killed_with_its_session(tmp_path, monkeypatch):
    """A `dot` that runs forever (and started a process of its own): a note after the bound, and both gone."""
    monkeypatch.setenv("PATH", _fake_dot(tmp_path, "time.sleep(600)\n") + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(dot_module, "FULL_SECONDS", 1.0)
    monkeypatch.setattr(dot_module, "FAST_SECONDS", 1.0)
    (tmp_path / "g.dot").write_text("digraph g { a -> b }\n")
    start = time.monotonic()
    pic = draw(str(tmp_path / "g.dot"), 2)
    assert time.monotonic() - start < 10
    assert pic.svg is None and pic.note == "g.svg not drawn: Graphviz dot did not finish in 1 s; g.dot has the graph"
    for f in ("dot.pid", "child.pid"):
        assert _wait_dead(int((tmp_path / f).read_text())), f"{f}: still running"
    assert not any(p.name.endswith(".part") for p in tmp_path.iterdir())


def test_dot_memory_is_bounded(tmp_path, monkeypatch):
    """A `dot` that wants more than DOT_MEMORY gets an allocation failure, and the lowering a note."""
    monkeypatch.setenv("PATH", _fake_dot(tmp_path, "child.kill()\nbytearray(512 << 20)\n") + os.pathsep +
                       os.environ["PATH"])
    monkeypatch.setattr(dot_module, "DOT_MEMORY", 256 << 20)
    (tmp_path / "g.dot").write_text("digraph g { a -> b }\n")
    pic = draw(str(tmp_path / "g.dot"), 2)
    assert pic.svg is None and "Graphviz dot failed (exit status 1: " in pic.note and "MemoryError" in pic.note


def test_no_orphan_when_dfv_is_killed(tmp_path):
    """`dfv lower` killed while `dot` draws: `dot` dies with it (it kept running before)."""
    env = dict(os.environ, PATH=_fake_dot(tmp_path, "child.kill()\ntime.sleep(600)\n") + os.pathsep +
               os.environ["PATH"], PYTHONPATH=ROOT)
    (tmp_path / "k.mlir").write_text(_chain(2))
    proc = subprocess.Popen([sys.executable, "-m", "dfv.cli", "lower", str(tmp_path / "k.mlir"), "-o",
                             str(tmp_path / "o")], cwd=ROOT, env=env)
    end = time.monotonic() + 60
    while not (tmp_path / "dot.pid").exists() and time.monotonic() < end:
        time.sleep(0.1)
    dot_pid = int((tmp_path / "dot.pid").read_text())
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert _wait_dead(dot_pid), "dot outlived dfv"


def test_too_large_is_a_note(tmp_path):
    (tmp_path / "g.dot").write_text("digraph g { a -> b }\n")
    pic = draw(str(tmp_path / "g.dot"), PICTURE_MAX_NODES + 1)
    if pic.note != "g.svg not drawn: Graphviz dot is not installed":
        assert pic.svg is None and pic.note == (f"g.svg not drawn: {PICTURE_MAX_NODES + 1} nodes, more than "
                                                f"{PICTURE_MAX_NODES} (dfv.lowering.dot.PICTURE_MAX_NODES); g.dot has "
                                                "the graph")
