"""Running fpcheck's jobs (flow.py) in worker processes, with a line for each as it finishes."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed

import flow


def run_all(tasks: list[tuple[Callable, tuple]], jobs: int, progress: Callable[[object], None]) -> list:
    """Run (function, arguments) tasks in `jobs` worker processes, calling progress on each result as it
    comes; the results in task order."""
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        futures: dict[Future, int] = {pool.submit(fn, *fn_args): i for i, (fn, fn_args) in enumerate(tasks)}
        results: list = [None] * len(tasks)
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            progress(results[futures[future]])
    return results


def sim_text(res: flow.SimResult) -> str:
    if res.error:
        return "ERROR"
    build = "cached" if res.cached else f"build {res.build_s} s"
    return (f"{res.counts['fail_full'] + res.counts['fail_random']} mismatches, "
            f"{res.counts['protocol_errors']} protocol errors ({build}, run {res.run_s} s, cpu {res.run_cpu_s} s)")


def progress_line(result: flow.ConfigResult | flow.SynthResult) -> None:
    if isinstance(result, flow.SynthResult):
        text = result.error or f"{result.cells} cells, {result.ffs} flip-flops"
        print(f"  {result.module} {result.tag}: yosys {text} ({result.seconds} s)", flush=True)
        return
    sims = ", ".join(f"{sim} {sim_text(res)}" for sim, res in result.sims.items())
    print(f"  {result.module} {result.tag}: {result.vectors.count} vectors (generated in {result.vectors_s} s), "
          f"{sims}: {'FAIL' if result.failures else 'ok'}", flush=True)
