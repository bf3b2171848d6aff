"""nox sessions: lint, unit tests, the regression on each simulator, and the coverage report.

Sessions use the project's pinned environment in .venv/ (created by tools/bootstrap.sh) rather
than building their own, so nox runs exactly what `make` runs.
"""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "none"
nox.options.sessions = ["lint", "unit", "icarus", "verilator"]

PY = ".venv/bin/python"


def _setup(session: nox.Session) -> None:
    session.run("tools/bootstrap.sh", external=True)


@nox.session
def lint(session: nox.Session) -> None:
    """Verilator -Wall on every RTL module, ruff on the Python."""
    _setup(session)
    session.run(PY, "-m", "dfv.sim.lint", external=True)
    session.run(".venv/bin/ruff", "check", "dfv", "tests", "noxfile.py", external=True)


@nox.session
def unit(session: nox.Session) -> None:
    """Golden model and lowering tests (no simulator)."""
    _setup(session)
    session.run(PY, "-m", "pytest", "tests", "--ignore=tests/rtl", external=True)


@nox.session(name="icarus")
def regression_icarus(session: nox.Session) -> None:
    """The regression on Icarus Verilog."""
    _setup(session)
    session.run(PY, "-m", "dfv.sim.regress", "--sim", "icarus", external=True)


@nox.session(name="verilator")
def regression_verilator(session: nox.Session) -> None:
    """The regression on Verilator."""
    _setup(session)
    session.run(PY, "-m", "dfv.sim.regress", "--sim", "verilator", external=True)


@nox.session
def coverage(session: nox.Session) -> None:
    """Merged code and functional coverage (needs the Verilator regression's runs)."""
    _setup(session)
    session.run(PY, "-m", "dfv.sim.coverage", external=True)
