#!/usr/bin/env bash
# Bring a Debian 12 machine to the state every Makefile target needs:
#   system packages (Icarus, lcov/genhtml, Debian's verilator for verilator_coverage only, Graphviz, ccache)
#   and the project's virtual environment .venv/ with the pinned Python packages (pyproject.toml).
# Idempotent and quiet when nothing is missing; re-installs .venv when pyproject.toml changes.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v iverilog >/dev/null 2>&1 || missing+=(iverilog)
command -v genhtml >/dev/null 2>&1 || missing+=(lcov)
[ -x /usr/bin/verilator_coverage ] || missing+=(verilator)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
command -v ccache >/dev/null 2>&1 || missing+=(ccache)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v perl >/dev/null 2>&1 || missing+=(perl)
command -v make >/dev/null 2>&1 || missing+=(make)
python3 -c "import venv, ensurepip" >/dev/null 2>&1 || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing system packages: ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "bootstrap: need root (or sudo) to apt-get install: ${missing[*]}" >&2; exit 1; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

stamp=.venv/.installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "bootstrap: creating .venv with the pinned packages"
  log=$(mktemp)
  if ! { python3 -m venv .venv && .venv/bin/python -m pip install -q --upgrade pip &&
         .venv/bin/python -m pip install -q -e '.[dev]'; } >"$log" 2>&1; then
    cat "$log" >&2; echo "bootstrap: creating .venv failed (log above)" >&2; exit 1
  fi
  rm -f "$log"
  touch "$stamp"
fi
