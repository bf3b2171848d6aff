# dfv: verification kit for dataflow hardware.
#   make sim SIM=verilator|icarus   the regression of configs/regression.yaml, with a summary table
#   make sim SHARD=i/N              only shard i (1-based) of N; merge shards with `dfv report merge`
#   make test                       every test: golden model, lowering, RTL on both simulators
#   make lint                       Verilator --lint-only -Wall on every RTL module, and ruff
#   make coverage                   merged code + functional coverage report (reports/coverage/)
#   make bench                      throughput / speed tables (reports/bench/)
#   make formal                     SymbiYosys proofs of the RTL (configs/formal.yaml, reports/formal/)
#   make fuzz                       generated programs on golden (both modes) and Verilator, failures
#                                   shrunk into reports/fuzz/*/<class>/<seed>/ (FUZZ_COUNT, FUZZ_RTL_COUNT, ...)
#   make mutate                     mutation testing of every RTL module against its suites, scores checked
#                                   against configs/mutation.yaml (MUTATE_SIM, MUTATE_JOBS); reports/mutation/
#   make mutate-sample              the same on a fixed sample (MUTATE_SAMPLE per module, MUTATE_SEED)
#   make fpcheck                    every floating-point RTL unit with RTL (tools/fpcheck/units.py) against the
#                                   golden model: lint, Yosys, Icarus + Verilator, 100,000 random vectors per
#                                   configuration (FPCHECK_ARGS, FPCHECK_JOBS; build/fpcheck/)
#   make timing                     area, Fmax and critical path of every module (regression parameter sets)
#                                   and every kernel on Yosys + nextpnr-ecp5 (configs/timing.yaml,
#                                   TIMING_JOBS, TIMING_ARGS; reports/timing/, docs/timing.md)
#   make signoff                    per module: code + functional coverage, mutation score, formal proofs,
#                                   from the reports the targets above left (refuses missing or stale ones)
#   make circt                      CIRCT's environment .venv-circt/ (Python 3.13 from pyenv, the pinned circt
#                                   wheel) for the engines circt-icarus / circt-verilator (docs/verify_your_ip.md)
#   make clean                      remove builds and reports
# Every target bootstraps system packages and .venv/ on first use (tools/bootstrap.sh).

SIM ?= verilator
VENV := .venv

# Every simulator process imports the testbench anew (hundreds per regression): keep compiled Python, under
# build/, even where the environment asks not to write it; compiling took half of a short process's start-up.
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(CURDIR)/build/pycache
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# make fuzz: programs FUZZ_SEED .. FUZZ_SEED + FUZZ_COUNT - 1 (size FUZZ_SIZE) on both golden modes,
# then FUZZ_RTL_COUNT smaller ones (size FUZZ_RTL_SIZE: each needs its own Verilator build) on Verilator
# and both golden modes; reproducers in $(FUZZ_OUT)/golden/ and $(FUZZ_OUT)/verilator/.
# FUZZ_FLOATS=1: float programs instead (dfv fuzz --floats; on Verilator only the ops with RTL), e.g.
# make fuzz FUZZ_FLOATS=1 FUZZ_OUT=reports/fuzz-float
FUZZ_SEED ?= 1
FUZZ_COUNT ?= 2000
FUZZ_SIZE ?= 3
FUZZ_RTL_COUNT ?= 200
FUZZ_RTL_SIZE ?= 2
FUZZ_JOBS ?= 2
FUZZ_OUT ?= reports/fuzz
FUZZ_FLOATS ?= 0
FUZZ_FLAGS := $(if $(filter 1,$(FUZZ_FLOATS)),--floats)

# make fpcheck: tools/fpcheck/run.py with FPCHECK_ARGS (run.py --help), e.g.
# make fpcheck FPCHECK_ARGS="--units arith_addf --random 1000000 --sims verilator"; a --jobs there wins.
FPCHECK_ARGS ?=
FPCHECK_JOBS ?= 2

# make mutate / mutate-sample: docs/mutation.md.
MUTATE_SIM ?= both
MUTATE_JOBS ?= 2
MUTATE_SAMPLE ?= 2
MUTATE_SEED ?= 1

# make timing: python -m dfv.timing with TIMING_ARGS, e.g. make timing TIMING_ARGS="--kernels-only --seed 1".
TIMING_JOBS ?= 2
TIMING_ARGS ?=

.PHONY: sim test lint coverage bench fuzz mutate mutate-sample formal fpcheck timing signoff clean setup circt

$(STAMP): pyproject.toml tools/bootstrap.sh
	@tools/bootstrap.sh

setup: $(STAMP)

sim: $(STAMP)
	$(PY) -m dfv.sim.regress --sim $(SIM)$(if $(SHARD), --shard=$(SHARD))

test: $(STAMP)
	$(PY) -m pytest

circt: $(STAMP)
	$(PY) -m dfv.circt.setup

lint: $(STAMP)
	$(PY) -m dfv.sim.lint
	$(VENV)/bin/ruff check dfv tests noxfile.py

coverage: $(STAMP)
	$(PY) -m dfv.sim.coverage

bench: $(STAMP)
	$(PY) -m dfv.sim.bench

formal: $(STAMP)
	$(PY) -m dfv.sim.formal

fuzz: $(STAMP)
	@status=0; \
	$(VENV)/bin/dfv fuzz $(FUZZ_FLAGS) --seed $(FUZZ_SEED) --count $(FUZZ_COUNT) --size $(FUZZ_SIZE) \
		--engines golden,golden-unbounded --jobs $(FUZZ_JOBS) --out $(FUZZ_OUT)/golden || status=1; \
	$(VENV)/bin/dfv fuzz $(FUZZ_FLAGS) --seed $(FUZZ_SEED) --count $(FUZZ_RTL_COUNT) --size $(FUZZ_RTL_SIZE) \
		--engines golden,golden-unbounded,verilator --jobs $(FUZZ_JOBS) --out $(FUZZ_OUT)/verilator || status=1; \
	exit $$status

mutate: $(STAMP)
	$(PY) -m dfv.mutate --sim $(MUTATE_SIM) --jobs $(MUTATE_JOBS)

mutate-sample: $(STAMP)
	$(PY) -m dfv.mutate --sim $(MUTATE_SIM) --jobs $(MUTATE_JOBS) --sample $(MUTATE_SAMPLE) --seed $(MUTATE_SEED)

fpcheck: $(STAMP)
	PYTHONPATH=$(CURDIR) $(PY) tools/fpcheck/run.py --jobs $(FPCHECK_JOBS) $(FPCHECK_ARGS)

timing: $(STAMP)
	$(PY) -m dfv.timing --jobs $(TIMING_JOBS) $(TIMING_ARGS)

signoff: $(STAMP)
	$(PY) -m dfv.sim.signoff

clean:
	rm -rf build reports .pytest_cache .hypothesis
