"""`handshake.join`: one control token out for one control token from each of the N inputs."""

from __future__ import annotations

from dfv.golden.core import PortDecl, Queues, Stateless
from dfv.golden.handshake.common import check_count, check_token


class Join(Stateless):
    """`Join(n=2)`: inputs `in[0]` .. `in[n-1]` (control), output `out` (control)."""

    def __init__(self, n: int = 2, width: int | None = 0):
        self.n = check_count(n)
        if width not in (None, 0):
            raise ValueError("handshake.join joins control-only channels (width 0)")
        self.width = 0
        super().__init__()

    def ports(self) -> tuple[PortDecl, ...]:
        return PortDecl("in", 0, True, lanes=self.n), PortDecl("out", 0, False)

    def fire(self, inq: Queues, outq: Queues) -> bool:
        if not all(inq[p] for p in self.INPUTS):
            return False
        for p in self.INPUTS:
            check_token(inq[p].popleft(), 0, p)
        outq["out"].append(None)
        return True
