"""run.py --selftest: proof that the generated testbench fails when it should.

arith_addf's f16 addf build is run clean (FAULT 0: must pass) and with each fault the testbench can plant
in what its checker sees (the FAULT parameter, tbgen.py); each faulty run must fail, on every simulator,
with the message of the check that catches that fault.
"""

from __future__ import annotations

from pathlib import Path

import flow
from jobs import progress_line, run_all

FAULTS = {
    1: ("the data of result 3", "MISMATCH pass 0 vector 3:"),
    2: ("a result one cycle late at full rate", "full rate: result 3 in cycle"),
    3: ("the last input's ready in cycle 100 of the random pass", "input readies differ"),
    4: ("a result after draining", "a result after the last one"),
    5: ("the data of a stalled result", "a stalled result changed or dropped"),
}
"""Each fault: what it corrupts, and the start of the line that must report it."""


def verdict(fault: int, result: flow.ConfigResult) -> str:
    """"" if the run ended as it must (fault 0 passes, another fails with its message on every simulator),
    else what went wrong."""
    if fault == 0:
        return "; ".join(result.failures)
    if not result.failures:
        return "not detected: the run passed"
    message = FAULTS[fault][1]
    missing = [sim for sim, res in result.sims.items() if not any(message in line for line in
                                                                    res.mismatches + res.protocol)]
    return f"'{message}' not reported on {', '.join(missing)}" if missing else ""


def run(build: Path, sims: tuple[str, ...], testbench: Path, jobs: int, make_jobs: int) -> int:
    """Run the clean build and every fault; print one line each; 0 if all ended as they must."""
    faults = [0, *FAULTS]
    tasks = [(flow.check_config, (flow.Job("arith_addf", ("f16",), "f16_addf", 1000, 1, sims, build / f"fault{k}",
                                           testbench, make_jobs, fault=k),)) for k in faults]
    results = run_all(tasks, jobs, progress_line)
    bad = 0
    print()
    for fault, result in zip(faults, results, strict=True):
        problem = verdict(fault, result)
        bad += bool(problem)
        what = "no fault: must pass" if fault == 0 else f"FAULT {fault}, {FAULTS[fault][0]}: must fail"
        first = next((line for res in result.sims.values() for line in res.mismatches + res.protocol), "")
        print(f"  {what:75} {'ok' if not problem else 'WRONG: ' + problem}" + (f"\n      {first}" if first else ""))
    print(f"\n{'PASS' if not bad else 'FAIL'}: self-test of the generated testbench")
    return 1 if bad else 0
