"""When `dfv.sim.build.build` reuses a build and when it rebuilds (cocotb's runner replaced by a recorder,
so no simulator runs): an unchanged stamp with its output present is not touched, anything else builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from dfv.sim import build as build_mod
from dfv.sim.build import BuildError, BuildSpec, build


class RecordingRunner:
    """Stands in for cocotb's runner: counts builds and leaves the output a finished build leaves."""

    def __init__(self, sim: str) -> None:
        self.sim = sim
        self.builds = 0
        self.log = build_mod.logging.getLogger("recording-runner")
        self.env: dict[str, str] = {}

    def build(self, *, build_dir: Path, hdl_toplevel: str, **_kwargs) -> None:
        self.builds += 1
        (Path(build_dir) / (hdl_toplevel if self.sim == "verilator" else "sim.vvp")).write_text("built")


@pytest.fixture
def runners(monkeypatch) -> list[RecordingRunner]:
    made: list[RecordingRunner] = []

    def get_runner(sim: str) -> RecordingRunner:
        made.append(RecordingRunner(sim))
        return made[-1]

    monkeypatch.setattr(build_mod, "get_runner", get_runner)
    return made


def builds(runners: list[RecordingRunner]) -> int:
    return sum(r.builds for r in runners)


@pytest.mark.parametrize("sim", ["verilator", "icarus"])
def test_an_unchanged_build_is_built_once(tmp_path, runners, sim):
    spec = BuildSpec("handshake_join", {"N": 2}, build_root=tmp_path)
    first = build(spec, sim)
    assert builds(runners) == 1 and (first.folder / "stamp").exists() and not first.reused
    assert build(spec, sim).reused
    build(spec, sim)
    assert builds(runners) == 1


@pytest.mark.parametrize("sim", ["verilator", "icarus"])
def test_a_missing_output_or_a_changed_stamp_rebuilds(tmp_path, runners, sim):
    spec = BuildSpec("handshake_join", {"N": 2}, build_root=tmp_path)
    build_dir = build(spec, sim).folder
    (build_dir / ("handshake_join" if sim == "verilator" else "sim.vvp")).unlink()
    build(spec, sim)
    assert builds(runners) == 2
    (build_dir / "stamp").write_text("an older digest")
    build(spec, sim)
    assert builds(runners) == 3
    build(spec, sim)
    assert builds(runners) == 3


def test_a_tool_upgrade_rebuilds(tmp_path, runners, monkeypatch):
    spec = BuildSpec("handshake_join", {"N": 2}, build_root=tmp_path)
    build(spec, "verilator")
    monkeypatch.setattr(build_mod, "_tool_versions", lambda sim: ("99.0", "9.9"))
    build(spec, "verilator")
    assert builds(runners) == 2


def test_a_failed_build_leaves_no_stamp(tmp_path, runners, monkeypatch):
    spec = BuildSpec("handshake_join", {"N": 2}, build_root=tmp_path)
    build_dir = build(spec, "icarus").folder

    def fail(self, **_kwargs) -> None:
        raise RuntimeError("compile error")

    (build_dir / "stamp").write_text("an older digest")
    monkeypatch.setattr(RecordingRunner, "build", fail)
    with pytest.raises(BuildError, match=r"^icarus cannot build handshake_join: compile error \(no build log at "):
        build(spec, "icarus")
    assert not (build_dir / "stamp").exists()
