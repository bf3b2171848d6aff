"""Make tests/ip/run_cli.py importable (running `dfv run` in-process and reading its JSON line)."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
