#!/bin/sh
# End-to-end check of dfv/rtl/fp/arith_addf.sv (vectors, lint, Yosys, Icarus + Verilator): see run.py.
# Uses the venv of the main checkout unless VENV says otherwise; arguments go to run.py.
set -e
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
venv=${VENV:-$repo/.venv}
[ -x "$venv/bin/python" ] || venv=/work/main/.venv
PYTHONPATH="$repo" exec "$venv/bin/python" "$here/run.py" "$@"
