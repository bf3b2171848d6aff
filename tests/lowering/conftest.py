"""Make tests/lowering/kernel_inputs.py importable (seeded kernel inputs and the repository ROOT)."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
