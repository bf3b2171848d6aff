#!/bin/sh
# End-to-end check of the floating-point RTL units of dfv/rtl/fp/ (vectors, lint, Yosys, Icarus + Verilator),
# driven by the unit table tools/fpcheck/units.py: see run.py (run.sh --help, run.sh --list).
# Uses the venv of this checkout, else the main checkout's, unless VENV says otherwise; arguments go to run.py.
set -e
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
venv=${VENV:-$repo/.venv}
[ -x "$venv/bin/python" ] || venv=/work/main/.venv
PYTHONPATH="$repo" exec "$venv/bin/python" "$here/run.py" "$@"
