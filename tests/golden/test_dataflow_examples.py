"""Worked examples of the four dataflow golden models.

Every example of specs 000 and 001 verbatim, then hand-computed `dataflow.stream` cases for each
step_op x cont_cond pair, zero steps, invalid cont_cond, sticky errors and signed corner cases.
Expected values are written out by hand (as signed numbers, converted with `u`), never computed
by the model under test.
"""

from __future__ import annotations

from collections import deque

import pytest

from dfv.golden.catalogue import OPS, make_machine
from dfv.golden.core import make_queues, run_streams
from dfv.golden.dataflow import (
    Carry,
    Gate,
    Invariant,
    Stream,
    carry_streams,
    gate_streams,
    invariant_streams,
    stream_streams,
)
from dfv.golden.dataflow.stream import apply_step_op
from dfv.golden.errors import ErrorCode
from dfv.golden.types import to_signed

ZERO_STEP = ErrorCode.RT_DATAFLOW_STREAM_ZERO_STEP
BAD_COND = ErrorCode.CFG_DATAFLOW_STREAM_CONT_COND
T, F = 1, 0
# Letters of the spec examples as distinct payload words.
A, B, C, D, E, F_, G, H = range(0xA, 0xA + 8)


def u(value: int, width: int = 8) -> int:
    """A signed number as the raw `width`-bit word a token carries."""
    return value & ((1 << width) - 1)


def signed_stream(activations, width=8, step_op=0, cont_cond=5):
    """Run a stream on signed operands; return (signed idx, cont, error)."""
    raw = [tuple(u(v, width) for v in act) for act in activations]
    idx, cont, error = stream_streams(raw, width, step_op, cont_cond)
    return [to_signed(i, width) for i in idx], cont, error


# --- spec examples -----------------------------------------------------------------------------


def test_000_carry_example():
    d = [T, T, F, T, T, T, T, F]
    assert carry_streams(d, [A, B], [C, D, E, F_, G, H]) == [A, C, D, B, E, F_, G, H]


def test_000_invariant_example():
    d = [T, T, F, T, T, T, T, F]
    assert invariant_streams(d, [A, B]) == [A, A, A, B, B, B, B, B]


def test_000_stream_example_0_1_5():
    assert stream_streams([(0, 1, 5)]) == ([0, 1, 2, 3, 4, 5], [T, T, T, T, T, F], 0)


def test_000_stream_zero_trip_3_1_3():
    assert stream_streams([(3, 1, 3)]) == ([3], [F], 0)


def test_000_gate_example():
    assert gate_streams([A, B, C, D, E], [T, T, T, T, F]) == ([A, B, C, D], [T, T, T, F])


def test_000_gate_single_false_gives_empty_outputs():
    assert gate_streams([A], [F]) == ([], [])


def test_001_stream_example_0_1_4():
    assert stream_streams([(0, 1, 4)], step_op="+=", cont_cond="<") == ([0, 1, 2, 3, 4], [T, T, T, T, F], 0)


def test_001_gate_example():
    assert gate_streams([0, 1, 2, 3, 4], [T, T, T, T, F]) == ([0, 1, 2, 3], [T, T, T, F])


# --- stream: every step_op x cont_cond on hand-computed cases (W = 8, signed notation) ----------

# (step_op, cont_cond, start, step, bound, expected idx); cont is N trues then one false.
STEP_CASES = [
    ("+=", "<", 0, 2, 5, [0, 2, 4, 6]),
    ("+=", "<=", 0, 2, 4, [0, 2, 4, 6]),
    ("+=", "<", 0, 2, 4, [0, 2, 4]),
    ("+=", ">", 5, -2, 0, [5, 3, 1, -1]),
    ("+=", ">", 5, -2, 1, [5, 3, 1]),
    ("+=", ">=", 4, -2, 0, [4, 2, 0, -2]),
    ("+=", "!=", 0, 3, 9, [0, 3, 6, 9]),
    ("+=", 5, 1, 3, 7, [1, 4, 7]),
    ("+=", 5, 2, -1, -1, [2, 1, 0, -1]),
    ("-=", "<", 0, -3, 7, [0, 3, 6, 9]),
    ("-=", "<=", 0, -2, 4, [0, 2, 4, 6]),
    ("-=", ">", 6, 2, 1, [6, 4, 2, 0]),
    ("-=", ">=", 6, 2, 2, [6, 4, 2, 0]),
    ("-=", "!=", 10, 5, 0, [10, 5, 0]),
    ("-=", 5, 3, 1, 3, [3]),
    ("-=", 5, 0, 2, 5, list(range(0, -129, -2)) + [126]),  # < by sign; wraps past -128
    ("-=", 5, 5, -2, 0, list(range(5, 128, 2)) + [-127]),  # > by sign; wraps past 127
    ("*=", "<", 1, 2, 8, [1, 2, 4, 8]),
    ("*=", "<=", 1, 2, 8, [1, 2, 4, 8, 16]),
    ("*=", ">", -1, 3, -27, [-1, -3, -9, -27]),
    ("*=", ">=", -1, 3, -27, [-1, -3, -9, -27, -81]),
    ("*=", ">", 1, 2, 0, [1, 2, 4, 8, 16, 32, 64, -128]),  # 64 * 2 wraps to -128
    ("*=", "!=", 3, 2, 48, [3, 6, 12, 24, 48]),
    ("*=", 5, 3, 2, 20, [3, 6, 12, 24]),
    ("*=", 5, 1, -2, -10, [1, -2, 4, -8, 16, -32]),
    ("/=", "<", -64, 2, -4, [-64, -32, -16, -8, -4]),
    ("/=", "<=", -64, 2, -4, [-64, -32, -16, -8, -4, -2]),
    ("/=", ">", 100, 3, 3, [100, 33, 11, 3]),
    ("/=", ">=", 100, 3, 3, [100, 33, 11, 3, 1]),
    ("/=", "!=", -7, 2, 0, [-7, -3, -1, 0]),  # truncates toward zero, not floor
    ("/=", 5, -64, 2, -4, [-64, -32, -16, -8, -4]),
    ("/=", 5, 100, -2, -20, [100, -50]),
    ("<<=", "<", 1, 1, 16, [1, 2, 4, 8, 16]),
    ("<<=", "<=", 1, 1, 16, [1, 2, 4, 8, 16, 32]),
    ("<<=", ">", -1, 1, -16, [-1, -2, -4, -8, -16]),
    ("<<=", ">=", -1, 1, -16, [-1, -2, -4, -8, -16, -32]),
    ("<<=", "!=", 3, 2, 0, [3, 12, 48, -64, 0]),  # 48 << 2 = 192 wraps to -64
    ("<<=", 5, 1, 2, 20, [1, 4, 16, 64]),
    ("<<=", 5, 5, -1, 0, [5, 0]),  # amount 255 >= 8 shifts everything out
    ("<<=", "!=", 1, 7, 0, [1, -128, 0]),
    ("<<=", "!=", 1, 8, 0, [1, 0]),
    (">>=", "<", -128, 1, -8, [-128, -64, -32, -16, -8]),
    (">>=", "<=", -128, 1, -8, [-128, -64, -32, -16, -8, -4]),
    (">>=", ">", 100, 1, 12, [100, 50, 25, 12]),
    (">>=", ">=", 100, 1, 12, [100, 50, 25, 12, 6]),
    (">>=", "!=", -100, 2, -1, [-100, -25, -7, -2, -1]),  # arithmetic: rounds toward -inf
    (">>=", 5, -128, 1, -8, [-128, -64, -32, -16, -8]),
    (">>=", 5, 100, -1, 0, [100, 0]),  # amount 255 >= 8: sign fill of a positive value
    (">>=", "!=", -100, 8, -1, [-100, -1]),  # amount 8 >= 8: sign fill of a negative value
    (">>=", "!=", -100, -56, -1, [-100, -1]),  # step -56 is amount 200
]


@pytest.mark.parametrize(("step_op", "cont_cond", "start", "step", "bound", "expected"), STEP_CASES)
def test_stream_step_op_cont_cond(step_op, cont_cond, start, step, bound, expected):
    idx, cont, error = signed_stream([(start, step, bound)], 8, step_op, cont_cond)
    assert idx == expected
    assert cont == [T] * (len(expected) - 1) + [F]
    assert error == 0


def test_every_step_op_and_cont_cond_pair_is_covered():
    ops = {"+=": 0, "-=": 1, "*=": 2, "/=": 3, "<<=": 4, ">>=": 5}
    conds = {"<": 0, "<=": 1, ">": 2, ">=": 3, "!=": 4, 5: 5}
    covered = {(ops[op], conds[cc]) for op, cc, *_ in STEP_CASES}
    assert covered == {(o, c) for o in range(6) for c in range(6)}


@pytest.mark.parametrize("step_op", ["+=", "-=", "*=", "/=", "<<=", ">>="])
def test_stream_numeric_and_spelled_encodings_agree(step_op):
    number = ["+=", "-=", "*=", "/=", "<<=", ">>="].index(step_op)
    cases = [c for c in STEP_CASES if c[0] == step_op]
    for _, cont_cond, start, step, bound, expected in cases:
        code = ["<", "<=", ">", ">=", "!="].index(cont_cond) if isinstance(cont_cond, str) else cont_cond
        assert signed_stream([(start, step, bound)], 8, number, code)[0] == expected


def test_stream_token_mode_reads_cont_cond_per_activation():
    # Same start/step/bound, three different runtime comparisons.
    acts = [(0, 2, 4, 0), (0, 2, 4, 1), (0, 2, 4, 4)]
    idx, cont, error = stream_streams(acts, 8, "+=", None)
    assert idx == [0, 2, 4] + [0, 2, 4, 6] + [0, 2, 4]
    assert cont == [T, T, F] + [T, T, T, F] + [T, T, F]
    assert error == 0


def test_stream_several_activations_back_to_back():
    idx, cont, error = stream_streams([(0, 1, 2), (7, 1, 7), (10, 5, 20)])
    assert idx == [0, 1, 2, 7, 10, 15, 20]
    assert cont == [T, T, F, F, T, T, F]
    assert error == 0


def test_stream_default_width_is_32_bits_signed():
    minus_one = 0xFFFF_FFFF
    idx, cont, _ = stream_streams([(2, minus_one, 0)])  # step -1: counts down while idx > 0
    assert idx == [2, 1, 0]
    assert cont == [T, T, F]


def test_stream_wraps_at_width_8_with_plus():
    # 120, 125, then 125 + 5 = 130 wraps to -126, which is the bound.
    idx, cont, _ = signed_stream([(120, 5, -126)], 8, "+=", "!=")
    assert idx == [120, 125, -126]
    assert cont == [T, T, F]


# --- stream: zero step, invalid cont_cond, sticky errors -----------------------------------------


@pytest.mark.parametrize("step_op", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("cont_cond", [0, 1, 2, 3, 4, 5])
def test_stream_zero_step_is_one_element_zero_trip_with_error(step_op, cont_cond):
    # bound 3 == start, bound 100 > start, bound 0 < start: the comparison never matters.
    for bound in (3, 100, 0):
        result = run_streams(Stream(8, step_op, cont_cond), {"start": [3], "step": [0], "bound": [bound]})
        assert result.outputs == {"idx": [3], "cont": [F]}
        assert result.error == ZERO_STEP == 259
        assert result.initial and result.leftover == {}


def test_stream_activation_after_zero_step_runs_normally():
    assert stream_streams([(3, 0, 5), (3, 1, 5)], 8) == ([3, 3, 4, 5], [F, T, T, F], 259)


@pytest.mark.parametrize("step_op", ["+=", "-=", "*=", "/=", "<<=", ">>="])
def test_stream_zero_step_alone(step_op):
    assert stream_streams([(3, 0, 100)], 8, step_op, "<") == ([3], [F], 259)


@pytest.mark.parametrize("bad", [6, 7])
def test_stream_invalid_cont_cond_from_constructor_is_runtime_config_error(bad):
    machine = Stream(8, "+=", bad)
    result = run_streams(machine, {"start": [0, 5], "step": [1, 1], "bound": [4, 9]})
    assert result.outputs == {"idx": [0, 5], "cont": [F, F]}
    assert result.error == BAD_COND == 3
    assert result.initial


@pytest.mark.parametrize("bad", [6, 7])
def test_stream_invalid_cont_cond_token(bad):
    idx, cont, error = stream_streams([(0, 1, 2, 0), (0, 1, 4, bad), (1, 1, 2, 0)], 8, "+=", None)
    assert idx == [0, 1, 2, 0, 1, 2]
    assert cont == [T, T, F, F, T, F]
    assert error == 3


def test_stream_zero_step_and_bad_cont_cond_together_report_the_lower_code():
    assert stream_streams([(4, 0, 9, 7)], 8, 0, None) == ([4], [F], 3)


def test_stream_errors_are_sticky_and_lowest_wins():
    machine = Stream(8, "+=", None)
    inq = make_queues(machine.INPUTS)
    outq = make_queues(machine.OUTPUTS)

    def activate(start, step, bound, cond):
        for port, value in zip(machine.INPUTS, (start, step, bound, cond), strict=True):
            inq[port].append(value)
        while machine.fire(inq, outq):
            pass

    activate(0, 0, 5, 0)
    assert machine.error == 259
    activate(0, 1, 2, 0)  # a good activation does not clear it
    assert machine.error == 259
    activate(0, 1, 2, 6)  # a lower code replaces it
    assert machine.error == 3
    activate(1, 0, 2, 0)  # a higher one does not
    assert machine.error == 3
    assert list(outq["idx"]) == [0, 0, 1, 2, 0, 1]
    assert list(outq["cont"]) == [F, T, T, F, F, F]
    machine.reset()
    assert machine.error == 0 and machine.is_initial()


def test_stream_int_min_divided_by_minus_one_wraps_to_int_min():
    assert apply_step_op(3, u(-128), u(-1), 8) == u(-128)
    assert apply_step_op(3, 0x8000_0000, 0xFFFF_FFFF, 32) == 0x8000_0000
    # In the machine the index then stays at INT_MIN while cont holds (here: forever).
    machine = Stream(8, "/=", "<")
    inq = make_queues(machine.INPUTS, {"start": [u(-128)], "step": [u(-1)], "bound": [0]})
    outq = make_queues(machine.OUTPUTS)
    for _ in range(4):
        assert machine.fire(inq, outq)
    assert list(outq["idx"]) == [u(-128)] * 3 and list(outq["cont"]) == [T] * 3
    assert machine.state_name() == "ACTIVE"


def test_stream_division_truncates_toward_zero_for_every_sign():
    assert to_signed(apply_step_op(3, u(7), u(2), 8), 8) == 3
    assert to_signed(apply_step_op(3, u(-7), u(2), 8), 8) == -3
    assert to_signed(apply_step_op(3, u(7), u(-2), 8), 8) == -3
    assert to_signed(apply_step_op(3, u(-7), u(-2), 8), 8) == 3


def test_stream_shift_amounts_are_unsigned_and_saturate_at_width():
    assert apply_step_op(4, 1, 7, 8) == 0x80
    assert apply_step_op(4, 1, 8, 8) == 0
    assert apply_step_op(4, 0xFF, 0xFF, 8) == 0
    assert apply_step_op(5, 0x80, 7, 8) == 0xFF
    assert apply_step_op(5, 0x80, 8, 8) == 0xFF
    assert apply_step_op(5, 0x7F, 200, 8) == 0
    assert apply_step_op(5, 0x80, 1, 8) == 0xC0


def test_stream_states_and_activation_firing():
    machine = Stream(8)
    result = run_streams(machine, {"start": [0], "step": [1], "bound": [2]})
    assert result.states == ["IDLE", "ACTIVE", "ACTIVE", "ACTIVE", "IDLE"]


def test_stream_waits_for_all_inputs():
    machine = Stream(8)
    result = run_streams(machine, {"start": [0], "step": [1]})
    assert result.firings == 0 and result.outputs == {"idx": [], "cont": []}
    assert result.leftover == {"start": [0], "step": [1]}


@pytest.mark.parametrize("step_op", [6, -1, "+", "==", None, True])
def test_stream_invalid_step_op_is_structural(step_op):
    with pytest.raises(ValueError, match="step_op"):
        Stream(8, step_op)


@pytest.mark.parametrize("cont_cond", [8, -1, "==", "<>"])
def test_stream_unencodable_cont_cond_is_rejected(cont_cond):
    with pytest.raises(ValueError, match="cont_cond"):
        Stream(8, 0, cont_cond)


def test_stream_rejects_tokens_that_do_not_fit():
    with pytest.raises(ValueError, match="start"):
        stream_streams([(256, 1, 3)], 8)
    with pytest.raises(ValueError, match="step"):
        stream_streams([(0, -1, 3)], 8)
    with pytest.raises(ValueError, match="cont_cond"):
        stream_streams([(0, 1, 3, 8)], 8, 0, None)


def test_stream_token_mode_has_a_fourth_port_only_then():
    assert Stream().INPUTS == ("start", "step", "bound")
    assert Stream(cont_cond=None).INPUTS == ("start", "step", "bound", "cont_cond")
    assert Stream().OUTPUTS == ("idx", "cont")


# --- gate ----------------------------------------------------------------------------------------


def test_gate_zero_trip_bursts_emit_nothing():
    assert gate_streams([A, B, C], [F, F, F]) == ([], [])


def test_gate_bursts_of_one_and_several():
    values = [A, B, C, D, E, F_]
    conds = [T, F, T, T, F, F]
    # bursts: [A:T, B:F] -> N=1; [C:T, D:T, E:F] -> N=2; [F_:F] -> N=0
    assert gate_streams(values, conds) == ([A, C, D], [F, T, F])


def test_gate_states():
    result = run_streams(Gate(8), {"before_value": [1, 2, 3, 4], "before_cond": [F, T, T, F]})
    assert result.states == ["NEED_HEAD", "NEED_HEAD", "NEED_NEXT", "NEED_NEXT", "NEED_HEAD"]
    assert result.initial


def test_gate_needs_both_inputs_and_accepts_bool():
    result = run_streams(Gate(8), {"before_value": [1, 2], "before_cond": [True]})
    assert result.outputs == {"after_value": [1], "after_cond": []}
    assert result.leftover == {"before_value": [2]}
    assert not result.initial


def test_gate_checks_widths():
    with pytest.raises(ValueError, match="before_value"):
        gate_streams([256], [T], width=8)
    with pytest.raises(ValueError, match="before_cond"):
        gate_streams([1], [2], width=8)


# --- carry ---------------------------------------------------------------------------------------


def test_carry_zero_trip_burst_emits_only_the_initial_value():
    assert carry_streams([F, F], [A, B], []) == [A, B]


def test_carry_states_and_stalls():
    result = run_streams(Carry(8), {"d": [T, T, F], "a": [A], "b": [B]})
    assert result.outputs == {"o": [A, B]}
    assert result.states == ["INIT", "COND", "LOOP", "COND", "LOOP"]
    assert result.leftover == {"d": [F]}
    assert not result.initial


def test_carry_does_not_read_d_in_init():
    result = run_streams(Carry(8), {"d": [F, T], "a": [], "b": [B]})
    assert result.firings == 0 and result.leftover == {"d": [F, T], "b": [B]}


def test_carry_checks_widths():
    with pytest.raises(ValueError, match="'a'"):
        carry_streams([F], [256], [], width=8)
    with pytest.raises(ValueError, match="'d'"):
        carry_streams([3], [1], [], width=8)


# --- invariant -----------------------------------------------------------------------------------


def test_invariant_zero_trip_burst_emits_seed_once():
    assert invariant_streams([F, F], [A, B]) == [A, B]


def test_invariant_states_and_final_reset():
    result = run_streams(Invariant(8), {"d": [T, F], "a": [A, B]})
    assert result.outputs == {"o": [A, A, B]}
    assert result.states == ["INIT", "COND", "COND", "INIT", "COND"]
    assert not result.initial  # the second seed started a burst with no control yet
    assert Invariant(8).is_initial()


def test_invariant_checks_widths():
    with pytest.raises(ValueError, match="'a'"):
        invariant_streams([], [-1])


# --- common --------------------------------------------------------------------------------------


def test_registry_builds_every_dataflow_machine_with_keyword_params():
    assert {op for op in OPS if op.startswith("dataflow.")} == {"dataflow.stream", "dataflow.gate", "dataflow.carry",
                                                                  "dataflow.invariant"}
    stream = make_machine("dataflow.stream", width=16, step_op="*=", cont_cond=None)
    assert isinstance(stream, Stream) and stream.width == 16 and stream.step_op == 2
    assert make_machine("dataflow.gate", width=37).width == 37
    assert isinstance(make_machine("dataflow.carry"), Carry)
    assert make_machine("dataflow.invariant", width=1).width == 1


@pytest.mark.parametrize("factory", [Stream, Gate, Carry, Invariant])
@pytest.mark.parametrize("width", [0, -3, 1.5, True])
def test_invalid_width_is_rejected(factory, width):
    with pytest.raises(ValueError, match="width"):
        factory(width=width)


def test_tagged_payload_passes_through_unchanged():
    word = (0b10101 << 32) | 0x3F80_0000  # tagged<f32, i5>: tag 21, value 1.0
    assert gate_streams([word, word], [T, F], width=37) == ([word], [F])
    assert carry_streams([F], [word], [], width=37) == [word]
    assert invariant_streams([T, F], [word], width=37) == [word, word]


# --- a stream -> gate -> carry (+ invariant) loop, with feedback ---------------------------------


def test_loop_chain_sum_of_index_plus_invariant():
    """`s = 0; for i in range(0, 4): s = s + i + k` with k = 10, as a dataflow graph.

    stream -> (idx, cont); carry(cont, s0, s_next) -> s; gate(idx, cont) -> i_body, c_body;
    gate(s, cont) -> s_body; invariant(c_body, k) -> k_body; s_next = s_body + i_body + k_body.
    The exit value is the carried `s` seen with cont = false.
    """
    stream, carry, gate_i, gate_s, inv = Stream(), Carry(), Gate(), Gate(), Invariant()
    q = {name: deque() for name in ("cont_c", "cont_gi", "cont_gs", "cont_exit", "idx", "s0", "s_next",
                                    "s_g", "s_exit", "k", "c_body", "i_body", "s_body", "k_body")}
    nodes = [
        (stream, {"start": deque([0]), "step": deque([1]), "bound": deque([4])},
         {"idx": ["idx"], "cont": ["cont_c", "cont_gi", "cont_gs", "cont_exit"]}),
        (carry, {"d": q["cont_c"], "a": q["s0"], "b": q["s_next"]}, {"o": ["s_g", "s_exit"]}),
        (gate_i, {"before_value": q["idx"], "before_cond": q["cont_gi"]},
         {"after_value": ["i_body"], "after_cond": ["c_body"]}),
        (gate_s, {"before_value": q["s_g"], "before_cond": q["cont_gs"]},
         {"after_value": ["s_body"], "after_cond": []}),
        (inv, {"d": q["c_body"], "a": q["k"]}, {"o": ["k_body"]}),
    ]
    q["s0"].append(0)
    q["k"].append(10)
    exits: list[int] = []
    progress = True
    while progress:
        progress = False
        for machine, inq, fanout in nodes:
            outq = make_queues(machine.OUTPUTS)
            if machine.fire(inq, outq):
                progress = True
                for port, tokens in outq.items():
                    for name in fanout[port]:
                        q[name].extend(tokens)
        if q["i_body"] and q["s_body"] and q["k_body"]:  # the adder
            q["s_next"].append(q["s_body"].popleft() + q["i_body"].popleft() + q["k_body"].popleft())
            progress = True
        if q["cont_exit"] and q["s_exit"]:  # the exit filter: keep s where cont is false
            cont, s = q["cont_exit"].popleft(), q["s_exit"].popleft()
            if not cont:
                exits.append(s)
            progress = True
    assert exits == [46]  # 0+0+10=10, +1+10=21, +2+10=33, +3+10=46
    assert all(m.is_initial() for m, _, _ in nodes)
    assert not any(q.values())
