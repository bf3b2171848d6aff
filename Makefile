# dfv: verification kit for dataflow hardware.
#   make sim SIM=verilator|icarus   the regression of configs/regression.yaml, with a summary table
#   make test                       every test: golden model, lowering, RTL on both simulators
#   make lint                       Verilator --lint-only -Wall on every RTL module, and ruff
#   make coverage                   merged code + functional coverage report (reports/coverage/)
#   make bench                      throughput / speed tables (reports/bench/)
#   make clean                      remove builds and reports
# Every target bootstraps system packages and .venv/ on first use (tools/bootstrap.sh).

SIM ?= verilator
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: sim test lint coverage bench clean setup

$(STAMP): pyproject.toml tools/bootstrap.sh
	@tools/bootstrap.sh

setup: $(STAMP)

sim: $(STAMP)
	$(PY) -m dfv.sim.regress --sim $(SIM)

test: $(STAMP)
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m dfv.sim.lint
	$(VENV)/bin/ruff check dfv golden lowering tb tests noxfile.py

coverage: $(STAMP)
	$(PY) -m dfv.sim.coverage

bench: $(STAMP)
	$(PY) -m dfv.sim.bench

clean:
	rm -rf build reports .pytest_cache .hypothesis
