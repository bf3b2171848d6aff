"""`dataflow.stream`: the one-step-ahead index generator of a counted loop (specs 000 and 001).

An activation latches `start`, `step` and `bound`; each later firing emits one `(idx, cont)` pair,
`cont = idx <cont_cond> bound`, and advances `idx = idx <step_op> step` while `cont` is true.
A loop of N iterations therefore yields N + 1 indices and N trues followed by one false: the
extra element lets `carry` / `gate` see the terminating condition one step ahead.

Encodings (the project README settles 000 against 001):

* `step_op` is structural (a module parameter): `+= -= *= /= <<= >>=` are 0..5.
* `cont_cond` is runtime configuration (a 3-bit input): `< <= > >= !=` are 0..4 and 5 picks the
  comparison by the sign of `step` (`<` for step > 0, `>` for step < 0), which is spec 000's rule.
  6 and 7 raise `CFG_DATAFLOW_STREAM_CONT_COND`. With `cont_cond=None` the machine reads it from a
  fourth input port, one token per activation, exactly as the RTL latches its input: a sideband of
  `start` (`PortDecl.sideband`), driven with each start token.

All values are raw `width`-bit words; comparisons, `/=` and `>>=` read them as two's complement,
and results wrap to `width` bits. A zero step (or an invalid `cont_cond`) cannot define a loop, so
the activation degrades to a zero-trip one (`idx = start`, `cont = false`) and raises a sticky
error instead of deadlocking or running forever.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dfv.golden.core import Machine, PortDecl, Queues, check_width, check_word, run_streams
from dfv.golden.encodings import CONT_COND_BITS, ContCond, StepOp
from dfv.golden.errors import ErrorCode
from dfv.golden.types import to_signed, to_unsigned

STEP_OPS = tuple(m.spelling for m in StepOp)
"""`step_op` spellings (dfv.golden.encodings.StepOp); the position is the encoding."""

CONT_CONDS = tuple(m.spelling for m in ContCond if m is not ContCond.BY_SIGN)
"""`cont_cond` spellings of the comparisons 0..4 (dfv.golden.encodings.ContCond); the position is the encoding."""

BY_SIGN = int(ContCond.BY_SIGN)
"""`cont_cond` encoding that selects `<` or `>` by the sign of `step`."""

LT, GT = CONT_CONDS.index("<"), CONT_CONDS.index(">")


def _encode(value: int | str, names: Sequence[str], limit: int, what: str) -> int:
    """The integer encoding of an attribute given by number (0..limit-1) or by spelling."""
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < limit:
        return value
    raise ValueError(f"invalid {what} {value!r}: expected 0..{limit - 1} or one of {' '.join(names)}")


def apply_step_op(step_op: int, idx: int, step: int, width: int) -> int:
    """`idx <step_op> step` on raw `width`-bit words, wrapped to `width` bits.

    `/=` truncates toward zero (so INT_MIN / -1 wraps back to INT_MIN); shift amounts are `step`
    read as unsigned, and an amount of `width` or more gives 0 for `<<=` and the sign fill for
    `>>=`. Division by zero is never asked for: a zero step stops the stream first.
    """
    s_idx, s_step = to_signed(idx, width), to_signed(step, width)
    if step_op == 0:
        result = s_idx + s_step
    elif step_op == 1:
        result = s_idx - s_step
    elif step_op == 2:
        result = s_idx * s_step
    elif step_op == 3:
        quotient = abs(s_idx) // abs(s_step)
        result = quotient if (s_idx < 0) == (s_step < 0) else -quotient
    elif step_op == 4:
        result = 0 if step >= width else idx << step
    elif step_op == 5:
        result = (-1 if s_idx < 0 else 0) if step >= width else s_idx >> step
    else:
        raise ValueError(f"invalid step_op encoding {step_op}")
    return to_unsigned(result, width)


def compare(cont_cond: int, idx: int, bound: int, width: int) -> bool:
    """`idx <cont_cond> bound` for a resolved comparison 0..4, signed in `width` bits."""
    a, b = to_signed(idx, width), to_signed(bound, width)
    results = (a < b, a <= b, a > b, a >= b, a != b)
    if not 0 <= cont_cond < len(results):
        raise ValueError(f"invalid comparison encoding {cont_cond}")
    return results[cont_cond]


class Stream(Machine):
    """`%idx, %cont = dataflow.stream %start, %step, %bound {step_op, cont_cond}`.

    Two states: IDLE (initial) waits for one token on every input and latches them (this
    activation firing emits nothing); ACTIVE emits one `(idx, cont)` pair per firing and returns
    to IDLE after emitting the false one.
    """

    def __init__(self, width: int = 32, step_op: int | str = 0, cont_cond: int | str | None = BY_SIGN):
        self.width = check_width(width)
        self.step_op = _encode(step_op, STEP_OPS, len(STEP_OPS), "step_op")
        self.cont_cond = None if cont_cond is None else _encode(
            cont_cond, CONT_CONDS, 1 << CONT_COND_BITS, "cont_cond")
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        w = self.width
        sideband = (("cont_cond", CONT_COND_BITS),) if self.cont_cond is None else ()
        return (PortDecl("start", w, True, sideband=sideband), PortDecl("step", w, True), PortDecl("bound", w, True),
                PortDecl("idx", w, False), PortDecl("cont", 1, False))

    def reset(self) -> None:
        super().reset()
        self.active = False
        self.next_idx = self.step = self.bound = 0
        # Resolved comparison 0..4 of the current activation; None forces a zero-trip one.
        self.compare_with: int | None = None

    def is_initial(self) -> bool:
        return not self.active

    def state_name(self) -> str:
        return "ACTIVE" if self.active else "IDLE"

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if self.active:
            self._emit(outq)
            return True
        if not all(inq[p] for p in self.INPUTS):
            return False
        start, step, bound = (check_word(inq[p][0], self.width, p) for p in ("start", "step", "bound"))
        if self.cont_cond is None:
            cont_cond = check_word(inq["cont_cond"][0], CONT_COND_BITS, "cont_cond")
        else:
            cont_cond = self.cont_cond
        for p in self.INPUTS:
            inq[p].popleft()
        self._activate(start, step, bound, cont_cond)
        return True

    def _activate(self, start: int, step: int, bound: int, cont_cond: int) -> None:
        """Latch one activation, resolving `cont_cond` and raising configuration/zero-step errors."""
        if step == 0:
            self.raise_error(ErrorCode.RT_DATAFLOW_STREAM_ZERO_STEP)
        if cont_cond > BY_SIGN:
            self.raise_error(ErrorCode.CFG_DATAFLOW_STREAM_CONT_COND)
        if step == 0 or cont_cond > BY_SIGN:
            self.compare_with = None
        elif cont_cond == BY_SIGN:
            self.compare_with = LT if to_signed(step, self.width) > 0 else GT
        else:
            self.compare_with = cont_cond
        self.active = True
        self.next_idx, self.step, self.bound = start, step, bound

    def _emit(self, outq: Queues) -> None:
        """Emit the current index and its continue flag; advance or finish the activation."""
        cont = self.compare_with is not None and compare(
            self.compare_with, self.next_idx, self.bound, self.width)
        outq["idx"].append(self.next_idx)
        outq["cont"].append(int(cont))
        if cont:
            self.next_idx = apply_step_op(self.step_op, self.next_idx, self.step, self.width)
        else:
            self.active = False


def stream_streams(
    activations: Iterable[Sequence[int]],
    width: int = 32,
    step_op: int | str = 0,
    cont_cond: int | str | None = BY_SIGN,
) -> tuple[list[int], list[int], int]:
    """Run whole activations through a fresh `Stream`; return `(idx, cont, error)`.

    Each activation is `(start, step, bound)`, or `(start, step, bound, cont_cond)` when
    `cont_cond` is None (token mode); values are raw `width`-bit words.
    """
    machine = Stream(width, step_op, cont_cond)
    rows = [tuple(a) for a in activations]
    for row in rows:
        if len(row) != len(machine.INPUTS):
            raise ValueError(f"activation {row} does not match the inputs {machine.INPUTS}")
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(machine.INPUTS)
    result = run_streams(machine, dict(zip(machine.INPUTS, columns, strict=True)))
    return result.outputs["idx"], result.outputs["cont"], result.error
