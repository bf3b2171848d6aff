"""Make this directory's helpers importable by its tests: `oracle` (the independent reference) and
`fp_cases` (what is checked, with which operands)."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
