"""Reading spec 003's raw signals in a handshake program (docs/handshake.md): an `unbundle` and the `bundle`
that takes its control token back are a `handshake.repack` (wiring), the valid and ready of a control token
unbundled and bundled back are that token; raw signals used any other way are refused with the reason.
A mixin of the handshake reader (`dfv.lowering.from_handshake`), whose graph and helpers it uses.
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from dfv.golden.types import ChannelType
from dfv.lowering import handshake_signals as sig
from dfv.lowering.dfg import CONTROL
from dfv.lowering.handshake_types import is_control
from dfv.lowering.parse import LoweringError
from dfv.lowering.read_upstream import channel_bundle


class SignalReading:
    """The reader's handling of `unbundle` / `bundle` (state: `fields`, `bundled`, `paired`)."""

    def field_uses(self, v: SSAValue, k: int, loc: str) -> None:
        """Result `k` of an unbundle (a raw signal) runs only bundled again with its control token; the
        control token (k = 0) may also have its valid and ready unbundled and put back on the way."""
        for u in v.uses:
            user = u.operation
            if not (channel_bundle(user) or k == 0 and isinstance(user, sig.UnbundleOp)):
                raise LoweringError(f"a raw signal of unbundle (result {k}) is used outside a bundle: raw signals "
                                    "run only bundled again with their control token", loc)

    def unbundle(self, op: sig.UnbundleOp, loc: str) -> None:
        """Record the fields of an unbundled channel: its control token (None) and `(lo, width)` bit
        fields of its word. They run only bundled again with their own control token (`bundle`), which
        gives back the upstream signals the unbundle takes."""
        t = op.ins[0].type
        if is_control(t):
            self.valid_ready(op, loc)
            return
        vt = self.g.value_type(self.dtype(t, loc))
        widths = [vt.data.width, *(e.width for e in vt.down)] if isinstance(vt, ChannelType) else [vt.width]
        fields, lo = [None], 0
        for w in widths:
            fields.append((lo, w))
            lo += w
        for k, (r, f) in enumerate(zip(op.outs, fields, strict=True)):
            self.field_uses(r, k, loc)
            self.fields[r] = (op, f)
        if not all(channel_bundle(v.owner) for v in op.ins[1:]):
            raise LoweringError("the upstream signals of an unbundle are the upstream results of the bundle that "
                                "takes its control token (the pair that puts the channel back together)", loc)

    def valid_ready(self, u: sig.UnbundleOp, loc: str) -> None:
        """`%v = unbundle %c, %r : i1` with `%c2, %r = bundle %v : control, i1`: a control token's valid and
        ready as raw wires, put back together, so `%c2` is `%c`: a repack of a control token, or, when `%c`
        is the control token of a channel's unbundle, that token still in step with its fields. Neither
        wire may be used elsewhere (a valid without its ready is not a handshake)."""
        if u in self.paired:
            return
        valid, ready = u.outs[0], u.ins[1]
        b = ready.owner
        if not (isinstance(b, sig.BundleOp) and not channel_bundle(b) and b.outs[1] is ready
                and [x.operation for x in valid.uses] == [b] and len(list(ready.uses)) == 1):
            raise LoweringError("the valid and ready of a control token run only put back together, neither used "
                                "elsewhere: %v = unbundle %c, %r : i1 with %c2, %r = bundle %v : control, i1", loc)
        self.paired.add(u)
        c, c2 = u.ins[0], b.outs[0]
        if c in self.fields:
            self.field_uses(c2, 0, loc)
            self.fields[c2] = self.fields[c]
        else:
            self.node(b, "handshake.repack", {"in": (CONTROL, c)}, {"out": CONTROL},
                      {"width": 0, "in_width": 0, "fields": []}, results=[(c2, "out")])

    def bundle(self, op: sig.BundleOp, loc: str) -> None:
        """A bundle of an unbundle's control token and fields: a `handshake.repack` of that channel, with
        the upstream signals passed back unchanged (the pair must give them in order and nowhere else);
        a bundle of a valid: see `valid_ready`."""
        if not channel_bundle(op):
            u = op.ins[0].owner
            if not (isinstance(u, sig.UnbundleOp) and is_control(u.ins[0].type)):
                raise LoweringError("bundle %valid : control, i1 takes the valid of an unbundle %c, %ready : i1 "
                                    "whose ready it gives", loc)
            self.valid_ready(u, loc)
            return
        got = [self.fields.get(v) for v in op.ins]
        if any(g is None for g in got):
            raise LoweringError("bundle takes the control token and fields of an unbundle written before it", loc)
        source = got[0][0]
        if got[0][1] is not None or any(u is not source for u, _ in got):
            raise LoweringError("bundle must take the control token and the fields of one unbundle (the raw "
                                "signals of two channels are not in step)", loc)
        if source in self.bundled:
            raise LoweringError("the control token of an unbundle goes into one bundle only", loc)
        ups = list(op.outs[1:])
        if ups != list(source.ins[1:]) or any(len(list(r.uses)) != 1 for r in ups):
            raise LoweringError("the upstream results of a bundle go, in order and nowhere else, to the unbundle "
                                "whose control token it takes (from the bundled channel's consumer to the "
                                "unbundled channel's producer)", loc)
        self.bundled.add(source)
        t_in, t_out = self.dtype(source.ins[0].type, loc), self.dtype(op.outs[0].type, loc)
        self.node(op, "handshake.repack", {"in": (t_in, source.ins[0])}, {"out": t_out},
                  {"width": self.g.width(t_out), "in_width": self.g.width(t_in),
                   "fields": [list(f) for _, f in got[1:]]}, results=[(op.outs[0], "out")])
