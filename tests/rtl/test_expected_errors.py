"""`dfv.tb.common.faults.ExpectedErrors`, the verdict of an expected-failure test: it passes only on exactly the
errors its fault provokes; no failure at all, a missing expected error or any other error fails it. (The
kernel tests in test_kernel_env.py show it in simulation.)"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from dfv.tb.common.faults import ExpectedErrors


class _Verdict(ExpectedErrors):
    """The mixin on a stand-in for a scoreboard that reported `errors`."""

    def __init__(self, errors: list[str]):
        self.errors = errors
        self.cfg = SimpleNamespace(name="op")

    def expected_errors(self) -> list[str]:
        return [r"^out: token 0 is \d+, the model expects \d+ "]


def test_exactly_the_expected_errors_pass():
    _Verdict(["out: token 0 is 3, the model expects 2 (DUT [3] (1 tokens), model [2] (1 tokens))"]).verdict()


@pytest.mark.parametrize(("errors", "needle"), [
    ([], r"expected error not reported: /^out: token 0 is \d+, the model expects \d+ /"),
    (["out: 1 extra token(s) after the model's 1: [None]"], "unexpected error: out: 1 extra token(s)"),
    (["out: token 0 is 3, the model expects 2 ", "op: deadlock"], "unexpected error: op: deadlock"),
])
def test_anything_else_fails(errors, needle):
    with pytest.raises(AssertionError, match=re.escape("op: not the expected failure")) as info:
        _Verdict(errors).verdict()
    assert needle in str(info.value)
