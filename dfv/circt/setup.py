"""`make circt` (`python -m dfv.circt.setup`): the CIRCT environment, `.venv-circt/` in the work folder, a Python 3.13
virtual environment with the pinned `circt` wheel (`dfv.circt.flow.CIRCT_VERSION`; the wheel is built for 3.13).

Python 3.13 is `python3.13` on the PATH, or the newest 3.13 that pyenv installed (`pyenv root`/versions/3.13.*).
Idempotent: an environment that already has the pinned wheel is left as it is. Exit status 2 with one line when
there is no Python 3.13 or the installation fails.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from dfv.circt.flow import CIRCT_VERSION, VENV

_IS_313 = "import sys; print(sys.version_info[:2] == (3, 13))"
_VERSION_CHECK = "import importlib.metadata as m, circt; print(m.version('circt'))"


def python313() -> Path | None:
    """A Python 3.13 that runs: `python3.13` on the PATH (a pyenv shim there may lead nowhere), else the newest
    that pyenv installed."""
    candidates = [Path(p) for p in [shutil.which("python3.13")] if p]
    pyenv = shutil.which("pyenv")
    roots = [Path.home() / ".pyenv"]
    if pyenv:
        res = subprocess.run([pyenv, "root"], capture_output=True, text=True, check=False)
        if res.returncode == 0 and res.stdout.strip():
            roots.insert(0, Path(res.stdout.strip()))
    for root in roots:
        candidates += sorted((root / "versions").glob("3.13.*/bin/python3.13"), reverse=True,
                             key=lambda p: [int(x) if x.isdigit() else 0 for x in p.parents[1].name.split(".")])
    for python in candidates:
        res = subprocess.run([str(python), "-c", _IS_313], capture_output=True, text=True, check=False)
        if res.returncode == 0 and res.stdout.strip() == "True":
            return python
    return None


def installed_version(python: Path) -> str | None:
    """The version of the `circt` wheel `python` imports, None when it has none."""
    if not python.is_file():
        return None
    res = subprocess.run([str(python), "-c", _VERSION_CHECK], capture_output=True, text=True, check=False)
    return res.stdout.strip() if res.returncode == 0 else None


def main() -> int:
    python = VENV / "bin" / "python"
    if installed_version(python) == CIRCT_VERSION:
        print(f"circt: {VENV} has circt {CIRCT_VERSION}")
        return 0
    base = python313()
    if base is None:
        print("dfv: error: make circt needs Python 3.13 (python3.13 on the PATH, or `pyenv install 3.13`): the circt "
              "wheel is built for it", file=sys.stderr)
        return 2
    print(f"circt: creating {VENV} with {base} and circt=={CIRCT_VERSION}")
    steps = [[str(base), "-m", "venv", "--clear", str(VENV)],
             [str(python), "-m", "pip", "install", "-q", f"circt=={CIRCT_VERSION}"]]
    for cmd in steps:
        res = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if res.returncode != 0:
            print(res.stdout + res.stderr, file=sys.stderr)
            print(f"dfv: error: make circt: `{' '.join(cmd)}` failed (output above)", file=sys.stderr)
            return 2
    got = installed_version(python)
    if got != CIRCT_VERSION:
        print(f"dfv: error: make circt: {python} imports circt {got}, not {CIRCT_VERSION}", file=sys.stderr)
        return 2
    print(f"circt: {VENV} ready (circt {got})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
