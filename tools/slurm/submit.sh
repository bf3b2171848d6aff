#!/usr/bin/env bash
# Queue the dfv regression on SLURM (docs/regression.md): per simulator a job array of N shards
# (tools/slurm/regression.sbatch), then one merge job (tools/slurm/merge.sbatch) that starts when
# every array task has completed (--dependency=afterok).
#
#   tools/slurm/submit.sh [-n SHARDS] [-o OUT] [-- SBATCH_OPTION...]
#       SHARDS per simulator (default 4); OUT a folder every node sees (default reports/slurm/<time>);
#       SIMS="verilator icarus" (the default) picks the simulators, REGRESS_ARGS passes options to the
#       regression; options after -- go to every sbatch (partition, account, ...).
# Run it from a checkout on the shared file system: the tasks use its .venv and build/ (two shards
# never build the same design: a shard holds every job of each build it makes).
set -euo pipefail
cd "$(dirname "$0")/../.."

shards=4
out="$PWD/reports/slurm/$(date +%Y%m%d-%H%M%S)"
while getopts "n:o:" opt; do
  case $opt in
    n) shards=$OPTARG ;;
    o) out=$(realpath -m "$OPTARG") ;;
    *) echo "usage: $0 [-n SHARDS] [-o OUT] [-- SBATCH_OPTION...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
case $shards in ''|*[!0-9]*|0) echo "submit.sh: -n wants a positive number of shards, got '$shards'" >&2; exit 2 ;; esac

tools/bootstrap.sh  # once, here: every task shares this checkout's .venv
mkdir -p "$out/logs"
ids=()
for sim in ${SIMS:-verilator icarus}; do
  id=$(sbatch --parsable "$@" --array="1-$shards" --output="$out/logs/%x-$sim-%a.out" \
         --export="ALL,SIM=$sim,OUT=$out" tools/slurm/regression.sbatch)
  ids+=("${id%%;*}")  # --parsable prints "id" or "id;cluster"
done
dependency=$(IFS=:; echo "afterok:${ids[*]}")
merge=$(sbatch --parsable "$@" --dependency="$dependency" --output="$out/logs/%x-%j.out" \
          --export="ALL,OUT=$out" tools/slurm/merge.sbatch)
echo "queued: shard arrays ${ids[*]}, merge ${merge%%;*}; report in $out/merged/ (log $out/logs/)"
