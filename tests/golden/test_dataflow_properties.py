"""Hypothesis properties of the dataflow golden models.

Stream shape (N + 1 indices, one false per activation, at the end), gate shape (N values and N
conditions ending in false, nothing for N = 0), carry/invariant length = len(d) per burst, return
to the initial state after complete bursts, and independence from token arrival order (the
models are Kahn processes, which is what lets an RTL run be checked against whole streams).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dfv.golden.core import Machine, make_queues, run_streams
from dfv.golden.dataflow import Carry, Gate, Invariant, Stream, gate_streams
from dfv.golden.errors import ErrorCode
from dfv.golden.types import parse_type, to_signed, to_unsigned

W32 = 32
LT, LE, GT, GE, NE, BY_SIGN = range(6)
ADD, SUB, MUL, DIV, SHL, SHR = range(6)


def raw(value: int) -> int:
    return to_unsigned(value, W32)


@st.composite
def terminating_activation(draw, op: int) -> tuple[int, int, int, int]:
    """(start, step, bound, cont_cond) for `op` whose activation ends without wrapping (W = 32)."""
    if op in (ADD, SUB):
        step = draw(st.integers(1, 20)) * draw(st.sampled_from([1, -1]))
        direction = step if op == ADD else -step
        start = draw(st.integers(-500, 500))
        if draw(st.booleans()):
            cond = NE
            bound = start + direction * draw(st.integers(0, 30))
        else:
            choices = [LT, LE] if direction > 0 else [GT, GE]
            cond = draw(st.sampled_from(choices + ([BY_SIGN] if op == ADD else [])))
            bound = draw(st.integers(-500, 500))
    elif op == MUL:
        step = draw(st.integers(2, 5))
        if draw(st.booleans()):
            start, cond, bound = draw(st.integers(1, 50)), draw(st.sampled_from([LT, LE, BY_SIGN])), \
                draw(st.integers(-100, 1_000_000))
        else:
            start, cond, bound = draw(st.integers(-50, -1)), draw(st.sampled_from([GT, GE])), \
                draw(st.integers(-1_000_000, 100))
    elif op == DIV:
        step = draw(st.integers(2, 5)) * draw(st.sampled_from([1, -1]))
        start, cond, bound = draw(st.integers(-1_000_000, 1_000_000)), NE, 0
    else:
        step = draw(st.integers(1, 4))
        start = draw(st.integers(-(1 << 31), (1 << 31) - 1))
        cond, bound = NE, (-1 if op == SHR and start < 0 else 0)
    return raw(start), raw(step), raw(bound), cond


@st.composite
def faulty_activation(draw) -> tuple[int, int, int, int]:
    """An activation with a zero step and/or an invalid cont_cond (6, 7)."""
    start, bound = draw(st.integers(0, (1 << W32) - 1)), draw(st.integers(0, (1 << W32) - 1))
    zero = draw(st.booleans())
    step = 0 if zero else draw(st.integers(1, (1 << W32) - 1))
    cond = draw(st.integers(0, 7) if zero else st.integers(6, 7))
    return start, step, bound, cond


def expected_error(acts) -> int:
    codes = [ErrorCode.RT_DATAFLOW_STREAM_ZERO_STEP for _, step, _, _ in acts if step == 0]
    codes += [ErrorCode.CFG_DATAFLOW_STREAM_CONT_COND for *_, cond in acts if cond > BY_SIGN]
    return min(codes, default=0)


def split_bursts(cont: list[int]) -> list[list[int]]:
    """Cut a cont stream after every false."""
    bursts, cur = [], []
    for c in cont:
        cur.append(c)
        if not c:
            bursts.append(cur)
            cur = []
    assert cur == [], "cont does not end with a false"
    return bursts


@settings(max_examples=200)
@given(st.integers(0, 5), st.data())
def test_stream_shape_per_activation(step_op, data):
    acts = data.draw(st.lists(st.one_of(terminating_activation(step_op), faulty_activation()), max_size=6))
    machine = Stream(W32, step_op, None)
    columns = list(zip(*acts, strict=True)) or [()] * 4
    result = run_streams(machine, dict(zip(machine.INPUTS, columns, strict=True)))
    idx, cont = result.outputs["idx"], result.outputs["cont"]
    assert len(idx) == len(cont)
    bursts = split_bursts(cont)
    assert len(bursts) == len(acts)
    pos = 0
    for burst, (start, step, _, cond) in zip(bursts, acts, strict=True):
        assert burst == [1] * (len(burst) - 1) + [0]  # N trues then one false: N + 1 elements
        assert idx[pos] == start
        if step == 0 or cond > BY_SIGN:
            assert len(burst) == 1
        pos += len(burst)
    assert result.error == expected_error(acts)
    assert result.initial and result.leftover == {}


@settings(max_examples=300)
@given(st.integers(0, 5), st.integers(0, 7), st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
def test_stream_any_byte_config_never_deadlocks_and_keeps_its_shape(step_op, cond, start, step, bound):
    """W = 8, arbitrary operands: the activation fires every time until it ends (it may cycle)."""
    machine = Stream(8, step_op, None)
    inq = make_queues(machine.INPUTS, {"start": [start], "step": [step], "bound": [bound],
                                       "cont_cond": [cond]})
    outq = make_queues(machine.OUTPUTS)
    assert machine.fire(inq, outq) and machine.state_name() == "ACTIVE"
    for _ in range(300):
        if machine.is_initial():
            break
        assert machine.fire(inq, outq)
    cont = list(outq["cont"])
    if machine.is_initial():
        assert cont == [1] * (len(cont) - 1) + [0]
        assert not machine.fire(inq, outq)
    else:
        assert all(cont)
    assert list(outq["idx"])[0] == start
    if step == 0 or cond > BY_SIGN:
        assert cont == [0] and machine.error != 0
    if cond == BY_SIGN and step != 0 and len(cont) > 1:
        # Direction by sign: the first index continued only because it was on the right side.
        first, lim = to_signed(start, 8), to_signed(bound, 8)
        assert first < lim if to_signed(step, 8) > 0 else first > lim


bursts_n = st.lists(st.integers(0, 6), max_size=8)


@given(bursts_n, st.data())
def test_gate_bursts(ns, data):
    values, conds, want_values, want_conds = [], [], [], []
    for n in ns:
        burst = data.draw(st.lists(st.integers(0, 255), min_size=n + 1, max_size=n + 1))
        values += burst
        conds += [1] * n + [0]
        want_values += burst[:n]
        want_conds += [1] * (n - 1) + [0] if n else []
    result = run_streams(Gate(8), {"before_value": values, "before_cond": conds})
    assert result.outputs == {"after_value": want_values, "after_cond": want_conds}
    assert len(want_values) == len(want_conds) == sum(ns)
    assert result.initial and result.leftover == {}


@given(bursts_n, st.data())
def test_carry_bursts(ns, data):
    d, a, b, want = [], [], [], []
    for n in ns:
        seed = data.draw(st.integers(0, 255))
        carried = data.draw(st.lists(st.integers(0, 255), min_size=n, max_size=n))
        d += [1] * n + [0]
        a.append(seed)
        b += carried
        want.append([seed, *carried])
    result = run_streams(Carry(8), {"d": d, "a": a, "b": b})
    assert result.outputs["o"] == [x for burst in want for x in burst]
    assert [len(w) for w in want] == [n + 1 for n in ns]  # len(o) == len(d) burst by burst
    assert len(result.outputs["o"]) == len(d)
    assert result.initial and result.leftover == {}


@given(bursts_n, st.data())
def test_invariant_bursts(ns, data):
    seeds = data.draw(st.lists(st.integers(0, 255), min_size=len(ns), max_size=len(ns)))
    d = [x for n in ns for x in [1] * n + [0]]
    result = run_streams(Invariant(8), {"d": d, "a": seeds})
    assert result.outputs["o"] == [s for s, n in zip(seeds, ns, strict=True) for _ in range(n + 1)]
    assert len(result.outputs["o"]) == len(d)
    assert result.initial and result.leftover == {}


def _interleaved_run(machine: Machine, streams: dict[str, list[int]], schedule: list[int]) -> dict:
    """Deliver tokens one at a time in the order `schedule` picks, firing at most once in between."""
    pending = {p: list(v) for p, v in streams.items()}
    inq, outq = make_queues(machine.INPUTS), make_queues(machine.OUTPUTS)
    for choice in schedule:
        ports = [p for p in machine.INPUTS if pending.get(p)]
        if choice % 3 == 0 or not ports:
            machine.fire(inq, outq)
        else:
            port = ports[choice % len(ports)]
            inq[port].append(pending[port].pop(0))
    for port, rest in pending.items():
        inq[port].extend(rest)
    while machine.fire(inq, outq):
        pass
    return {p: list(q) for p, q in outq.items()}


@given(bursts_n, st.lists(st.integers(0, 1000), max_size=80), st.data())
def test_outputs_do_not_depend_on_token_arrival_order(ns, schedule, data):
    d = [x for n in ns for x in [1] * n + [0]]
    vals = data.draw(st.lists(st.integers(0, 255), min_size=len(d), max_size=len(d)))
    seeds = vals[: len(ns)]
    cases = [
        (Gate, {"before_value": vals, "before_cond": d}),
        (Carry, {"d": d, "a": seeds, "b": vals[: sum(ns)]}),
        (Invariant, {"d": d, "a": seeds}),
        (lambda width: Stream(width, "+=", None),
         {"start": seeds, "step": [1] * len(ns), "cont_cond": [LT] * len(ns),
          "bound": [s + n for s, n in zip(seeds, ns, strict=True)]}),
    ]
    for factory, streams in cases:
        whole = run_streams(factory(width=16), streams).outputs
        assert _interleaved_run(factory(width=16), streams, schedule) == whole


@given(st.integers(1, 16), st.data())
def test_tagged_payloads_pass_through_gate_unchanged(tag_width, data):
    t = parse_type(f"!dataflow.tagged<f16, i{tag_width}>")
    pairs = data.draw(st.lists(st.tuples(st.integers(0, 0xFFFF), st.integers(0, (1 << tag_width) - 1)),
                               min_size=1, max_size=10))
    words = [t.pack(v, tag) for v, tag in pairs]
    conds = [1] * (len(words) - 1) + [0]
    after_value, _ = gate_streams(words, conds, width=t.width)
    assert [t.unpack(w) for w in after_value] == pairs[:-1]
