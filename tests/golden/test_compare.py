"""The one comparison with the reference (`dfv.golden.compare`), and the engines that make it: a wrong
result or memref is reported by the golden engines of `dfv run` in the same words as by the kernel
environment (tests/rtl/test_kernel_env.py, tests/lowering/test_handshake_input.py)."""

from __future__ import annotations

from dfv.golden.compare import reference_problems
from dfv.kernels import gen, kernel_path
from dfv.lowering.parse import parse_file
from dfv.lowering.pipeline import lower_program
from dfv.runner import ENGINES, Run


def test_equal_results_give_no_problem():
    assert reference_problems("golden", "source interpreter", [1, None], {0: [1, 2]}, [1, None], {0: [1, 2]}) == []


def test_every_difference_is_one_line():
    got = reference_problems("RTL", "source interpreter", [4, 7], {0: [1, 2, 9], 1: None}, [3, 7],
                             {0: [1, 5, 6], 1: [0]}, {0: "a"})
    assert got == ["result 0: RTL returned 4, the source interpreter 3",
                   "memref argument 0 (a): final contents differ from the source interpreter at 2 element(s), "
                   "first [1]: RTL 2, source interpreter 5",
                   "memref argument 1: RTL reported no final contents, the source interpreter [0]"]
    assert reference_problems("x", "r", [], {}, [5], {}) == ["result 0: x returned None, the r 5"]


def test_the_golden_engines_compare_with_the_reference():
    """A run handed a wrong reference fails on both golden engines, naming the result and the memref."""
    path = str(kernel_path("dot_product"))
    prog = lower_program(parse_file(path))
    args = gen("dot_product", 2)
    ret, mems = prog.reference(args)
    wrong = ([ret[0] + 1], {k: [v[0] + 1, *v[1:]] for k, v in mems.items()})
    for engine in ("golden", "golden-unbounded"):
        out = ENGINES[engine](Run(path, "dot_product", 32, prog, dict(enumerate(args)), wrong))
        assert out.problems[0] == f"result 0: golden returned {ret[0]}, the source interpreter {ret[0] + 1}"
        assert out.problems[1].startswith("memref argument 0: final contents differ from the source interpreter "
                                          "at 1 element(s), first [0]: golden ")
        assert ENGINES[engine](Run(path, "dot_product", 32, prog, dict(enumerate(args)), (ret, mems))).problems == []
