"""The regression's JUnit XML, written by `make sim` and merged across shards by `dfv report merge`.

The file is a `<testsuites>` with one `<testsuite name="regression-<sim>">` per simulator and a
testcase per cocotb test. Each testcase carries two properties: `cycles` (simulated cycles, as in the
summary table) and `job` (the position of its job in the unsharded job list), by which the merge puts
the testcases of every shard back in the order of an unsharded run.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dfv.sim.run import TestResult

FILE = "junit.xml"
_MESSAGE_LIMIT = 2000


class JunitError(ValueError):
    """A JUnit file that is missing or is not one this module wrote."""


@dataclass(frozen=True)
class Case:
    """One testcase: `name` is `<job label>::<test>[seed=N]`; `failure` its message, None when it passed."""

    sim: str
    name: str
    job: int
    cycles: int
    failure: str | None

    @classmethod
    def of(cls, result: TestResult, job: int) -> Case:
        failure = None if result.passed else result.message[:_MESSAGE_LIMIT]
        return cls(result.sim, f"{result.name}[seed={result.seed}]", job, result.cycles, failure)

    def element(self) -> ET.Element:
        case = ET.Element("testcase", classname=self.sim, name=self.name)
        props = ET.SubElement(case, "properties")
        ET.SubElement(props, "property", name="cycles", value=str(self.cycles))
        ET.SubElement(props, "property", name="job", value=str(self.job))
        if self.failure is not None:
            ET.SubElement(case, "failure", message=self.failure)
        return case

    @classmethod
    def from_element(cls, case: ET.Element) -> Case:
        props = {p.get("name"): p.get("value") for p in case.iter("property")}
        failure = case.find("failure")
        return cls(case.get("classname", ""), case.get("name", ""), int(props["job"]), int(props["cycles"]),
                   None if failure is None else failure.get("message", ""))


def write(cases: Mapping[str, Sequence[Case]], path: Path) -> None:
    """Write `cases` (simulator -> its testcases, in order) as one file."""
    root = ET.Element("testsuites", name="regression")
    for sim, sim_cases in cases.items():
        suite = ET.SubElement(root, "testsuite", name=f"regression-{sim}", tests=str(len(sim_cases)),
                              failures=str(sum(c.failure is not None for c in sim_cases)))
        suite.extend(c.element() for c in sim_cases)
    root.set("tests", str(sum(len(c) for c in cases.values())))
    root.set("failures", str(sum(c.failure is not None for cs in cases.values() for c in cs)))
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(path, encoding="unicode")


def read(path: Path) -> list[Case]:
    """Every testcase of a file `write` wrote, in file order."""
    try:
        root = ET.parse(path).getroot()
        return [Case.from_element(c) for c in root.iter("testcase")]
    except OSError:
        raise JunitError(f"{path}: missing") from None
    except (ET.ParseError, KeyError, ValueError) as exc:
        raise JunitError(f"{path}: not a regression JUnit file: {exc}") from None
