"""`handshake.fork`: copy every token of `in` to each of the N outputs `out[0]` .. `out[n-1]`.

The RTL fork is eager (each output takes the token as soon as it is ready, the input is consumed when the
last output took it); the token streams are the same as this model's: every output sees exactly the
input stream.
"""

from __future__ import annotations

from dfv.golden.core import PortDecl, Queues, Stateless
from dfv.golden.handshake.common import check_count, check_data_or_ctrl_width, check_token


class Fork(Stateless):
    """`Fork(n=2, width=32)`; `width=0` is the control-only fork (`handshake_fork_ctrl`)."""

    def __init__(self, n: int = 2, width: int | None = 32):
        self.n = check_count(n)
        self.width = check_data_or_ctrl_width(width)
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return PortDecl("in", self.width, True), PortDecl("out", self.width, False, lanes=self.n)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not inq["in"]:
            return False
        token = check_token(inq["in"][0], self.width, "in")
        inq["in"].popleft()
        for p in self.OUTPUTS:
            outq[p].append(token)
        return True
