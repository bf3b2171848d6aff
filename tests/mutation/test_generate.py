"""The mutant generator: each operator on small SystemVerilog snippets, the ids, and the mutants the
hand-made mutation run found alive (they must be among the generated ones)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dfv.mutate.generate import Operator, generate
from dfv.paths import RTL_DIR

FF = "  always_ff @(posedge clk) begin\n    if (rst) q <= '0;\n    else q <= d;\n  end\n"


def _mutants(tmp_path: Path, body: str, name: str = "m") -> dict[tuple[str, str], str]:
    """(operator, mutated line) -> id for a module `name` whose logic is `body`."""
    path = tmp_path / f"{name}.sv"
    text = f"// header: a ? b : c & d\nmodule {name} (input logic clk);\n{body}endmodule\n"
    path.write_text(text)
    out = {}
    for m in generate(path, tmp_path):
        changed = [ln[1:].strip() for ln in m.diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
        out[(m.operator.value, " ".join(changed))] = m.id
    return out


@pytest.mark.parametrize(("body", "operator", "expected"), [
    ("  always_comb begin\n    if (a) x = b;\n  end\n", "cond", "if (!(a)) x = b;"),
    ("  assign x = a & ~b;\n", "not", "assign x = a & b;"),
    ("  assign x = a & b;\n", "andor", "assign x = a | b;"),
    ("  assign x = a || b;\n", "andor", "assign x = a && b;"),
    ("  assign x = &v;\n", "andor", "assign x = |v;"),
    ("  assign x = (a == b);\n", "cmp", "assign x = (a != b);"),
    ("  assign x = (a < b);\n", "cmp", "assign x = (a >= b);"),
    ("  assign x = (a < b);\n", "obo", "assign x = (a <= b);"),
    ("  always_comb begin\n    for (int i = 0; i < N; i++) y[i] = v[i];\n  end\n", "obo",
     "for (int i = 0; i <= N; i++) y[i] = v[i];"),
    ("  assign out_valid = a & b & c;\n", "drop", "assign out_valid = a & c;"),
    ("  assign out_valid = a & b & c;\n", "drop", "assign out_valid = b & c;"),
    ("  assign in_ready = a | (b & c);\n", "drop", "assign in_ready = a | (c);"),
    (FF, "stuck", "else q <= q;"),
    (FF, "reset", "if (rst) q <= '1;"),
    ("  always_ff @(posedge clk) begin\n    if (rst) q <= 1'b1;\n  end\n", "reset", "if (rst) q <= 1'b0;"),
    ("  always_ff @(posedge clk) begin\n    if (rst) q <= K;\n  end\n", "reset", "if (rst) q <= ~(K);"),
    ("  typedef enum logic {A = 1'b0, B = 1'b1} e_t;\n  always_ff @(posedge clk) begin\n"
     "    if (rst) s_q <= A;\n  end\n", "reset", "if (rst) s_q <= B;"),
    ("  always_comb begin\n    f_d = f_q;\n    if (c) f_d = 1'b0;\n  end\n", "keep", "if (c) f_d = f_q;"),
    ("  assign x = s ? a : b;\n", "mux", "assign x = s ? b : a;"),
])
def test_operator(tmp_path: Path, body: str, operator: str, expected: str) -> None:
    assert (operator, expected) in _mutants(tmp_path, body)


def test_leaves_declarations_comments_and_checks_alone(tmp_path: Path) -> None:
    body = ("  localparam int K = (N > 1) ? N : 1;\n  logic x = a & b;  // c | d\n"
            "  initial begin\n    if (N < 1) $fatal(1, \"N < 1\");\n  end\n")
    assert _mutants(tmp_path, body) == {}


def test_nonblocking_assignment_is_not_a_comparison(tmp_path: Path) -> None:
    body = "  always_ff @(posedge clk) begin\n    if (x <= y) q <= d;\n  end\n"
    mutated = {line for op, line in _mutants(tmp_path, body) if op == "cmp"}
    assert mutated == {"if (x > y) q <= d;"}


def test_ids_are_stable_and_unique(tmp_path: Path) -> None:
    body = "  assign out_valid = a & b;\n  assign in_ready = c | d;\n"
    first = _mutants(tmp_path, body)
    assert first == _mutants(tmp_path, body)
    assert first[("andor", "assign in_ready = c & d;")] == "m.andor.4.23"
    ids = list(first.values())
    assert len(ids) == len(set(ids))
    # a line added below leaves the ids above unchanged
    assert set(first.values()) <= set(_mutants(tmp_path, body + "  assign z = e & f;\n").values())


@pytest.mark.parametrize(("rel", "before", "after"), [
    ("dataflow/dataflow_gate.sv", "assign value_done = ~need_value | value_sent_q | after_value_ready;",
     "assign value_done = ~need_value | after_value_ready;"),
    ("handshake/handshake_fork_ctrl.sv", "done[i] = sent_q[i] | out_ready[i];", "done[i] = out_ready[i];"),
    ("dataflow/dataflow_stream.sv", "assign idx_done   = idx_sent_q  | idx_ready;", "assign idx_done   = idx_ready;"),
])
def test_known_survivors_are_generated(rel: str, before: str, after: str) -> None:
    """The three mutants the hand-made run left alive (sent flag dropped from a done term)."""
    diffs = [m.diff for m in generate(RTL_DIR / rel, RTL_DIR) if m.operator is Operator.DROP]
    assert any(f"-{' ' * d}{before}\n" in diff and f"+{' ' * d}{after}\n" in diff
               for diff in diffs for d in (2, 6))
