"""Seeded input sets for the kernel suite in kernels/ (the generators live in `dfv.kernels`)."""

from __future__ import annotations

from dfv.kernels import KERNEL_DIR as _KERNEL_DIR
from dfv.kernels import KERNELS, gen
from dfv.paths import REPO as _ROOT

ROOT = str(_ROOT)
KERNEL_DIR = str(_KERNEL_DIR)
SEEDS = range(6)

__all__ = ["KERNELS", "KERNEL_DIR", "ROOT", "SEEDS", "gen"]
