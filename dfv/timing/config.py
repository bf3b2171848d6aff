"""configs/timing.yaml: the part, the placement seeds, the bound of a tool run, the clock the kernels are lowered
for and the Fmax goals.

Schema-checked on load (`SCHEMA`); a goal is chosen per target by the first rule whose kind and width
match (docs/timing.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from dfv.args import FASTEST, MAX_TARGET_MHZ, MIN_TARGET_MHZ, target_mhz
from dfv.config_file import read_checked
from dfv.lowering.timing_plan import ClockGoal, ClockTarget
from dfv.paths import REPO

CONFIG = REPO / "configs" / "timing.yaml"


class TimingConfigError(ValueError):
    """configs/timing.yaml cannot be read or breaks its schema."""


class TargetKind(Enum):
    """What a target is: an integer or floating-point module of dfv/rtl/, or a kernel's generated top."""

    INTEGER = "integer"
    FLOAT = "float"
    KERNEL = "kernel"


SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["version", "device", "package", "target_mhz", "placer_timing_weight", "kernel_target_mhz", "seeds",
                 "timeout_seconds", "goals"],
    "properties": {
        "version": {"const": 1},
        "device": {"enum": ["25k", "45k", "85k", "um-25k", "um-45k", "um-85k", "um5g-25k", "um5g-45k", "um5g-85k"]},
        "package": {"type": "string", "pattern": "^[A-Z]+[0-9]+$"},
        "target_mhz": {"type": "number", "exclusiveMinimum": 0},
        "placer_timing_weight": {"type": "integer", "minimum": 0},
        "kernel_target_mhz": {"oneOf": [{"type": "number", "minimum": MIN_TARGET_MHZ, "maximum": MAX_TARGET_MHZ},
                                        {"enum": [FASTEST, ClockGoal.BEST.value]}, {"type": "null"}]},
        "seeds": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"type": "integer", "minimum": 1}},
        "timeout_seconds": {"type": "number", "exclusiveMinimum": 0},
        "goals": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "mhz"],
                "properties": {
                    "kind": {"enum": [k.value for k in TargetKind]},
                    "max_width": {"type": "integer", "minimum": 1},
                    "mhz": {"type": "number", "exclusiveMinimum": 0},
                },
            },
        },
    },
}


@dataclass(frozen=True)
class Goal:
    """The Fmax a target of `kind` whose widest data word is at most `max_width` bits (any, when None) must
    reach."""

    kind: TargetKind
    max_width: int | None
    mhz: float

    def matches(self, kind: TargetKind, width: int) -> bool:
        return kind is self.kind and (self.max_width is None or width <= self.max_width)


@dataclass(frozen=True)
class TimingConfig:
    """The whole file."""

    device: str
    package: str
    target_mhz: float
    placer_timing_weight: int  # nextpnr's --placer-heap-timingweight
    kernel_target_mhz: ClockTarget | None  # `dfv lower --target-mhz` of the kernels (inf: `max`; None: no slices)
    seeds: tuple[int, ...]
    timeout_seconds: float
    goals: tuple[Goal, ...]

    def goal(self, kind: TargetKind, width: int) -> float | None:
        """The Fmax goal of a target (None when no rule matches: reported, not judged)."""
        return next((g.mhz for g in self.goals if g.matches(kind, width)), None)


def load_config(path: Path = CONFIG) -> TimingConfig:
    """Read and check `path`."""
    doc = read_checked(path, SCHEMA, TimingConfigError)
    goals = tuple(Goal(TargetKind(g["kind"]), g.get("max_width"), float(g["mhz"])) for g in doc["goals"])
    kernel = doc["kernel_target_mhz"]
    return TimingConfig(doc["device"], doc["package"], float(doc["target_mhz"]),
                        doc["placer_timing_weight"], None if kernel is None else target_mhz(str(kernel)),
                        tuple(doc["seeds"]), float(doc["timeout_seconds"]), goals)
