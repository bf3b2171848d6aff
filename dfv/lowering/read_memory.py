"""Reading the memory operations of a handshake program: `load` / `store` ports, `memory` / `extmemory`
interfaces, and the memory groups that tie each interface to its accesses and, for an `extmemory`, to its
memref argument. A mixin of the handshake reader (`dfv.lowering.from_handshake`), whose graph and helpers
it uses.
"""

from __future__ import annotations

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import SSAValue

from dfv.golden.handshake.access import LOAD_EXTRAS_DEPTH
from dfv.golden.memory.memory import EXTMEMORY_MAX_OUTSTANDING
from dfv.golden.types import ChannelType
from dfv.lowering import handshake_ir as hs
from dfv.lowering.dfg import CONTROL, MemGroup, Ref
from dfv.lowering.handshake_types import is_control
from dfv.lowering.parse import LoweringError


class MemoryReading:
    """The reader's handling of memory operations (state: `memories`)."""

    def access(self, op: hs.LoadOp | hs.StoreOp, loc: str) -> None:
        """A load or store port. A load's address may carry downstream extra signals: the memory gets the
        plain index and the data comes back with them (the specs README); a store returns no data to give
        them to, and dropping them would lose what they mean (a speculative store), so it refuses them."""
        load = isinstance(op, hs.LoadOp)
        dt = self.plain(op.data_in.type, "memory data", loc)
        if load:
            at = self.dtype(op.addr.type, loc)
            vt = self.g.value_type(at)
            extras = vt.extra_width if isinstance(vt, ChannelType) else 0
            plain_at = str(vt.data) if extras else at
        else:
            at = plain_at = self.plain(op.addr.type, "the address of a store (it returns no data to forward its "
                                       "extras to)", loc)
            extras = 0
        if plain_at != "index":
            raise LoweringError(f"{op.name}: the address must be an index, got {op.addr.type}", loc)
        params = {"width": self.g.width(dt), "addr_width": self.g.index_width}
        if extras:
            params |= {"addr_extras": extras, "extras_depth": LOAD_EXTRAS_DEPTH}
        data_in, data_out = ("data_from_mem", "data") if load else ("data", "data_to_mem")
        out_t = self.dtype(op.data_out.type, loc)
        self.node(op, op.name, {"addr": (at, op.addr), data_in: (dt, op.data_in), "ctrl": (CONTROL, op.ctrl)},
                  {data_out: out_t, "addr_to_mem": plain_at}, params)

    def memory(self, op: hs.MemoryOp | hs.ExtMemoryOp, loc: str) -> None:
        ld, st = op.counts()
        ext = isinstance(op, hs.ExtMemoryOp)
        mt = op.ins[0].type if ext else op.memRefType
        ports = list(op.ins[1:] if ext else op.ins)
        shape = list(mt.get_shape())
        if any(d < 0 for d in shape):
            raise LoweringError(f"{op.name}: the memref {mt} needs a static shape", loc)
        size = 1
        for d in shape:
            size *= d
        et = self.plain(mt.get_element_type(), "a memory element", loc)
        ins: dict[str, tuple[str, SSAValue]] = {}
        for i in range(st):
            ins[f"st_data[{i}]"] = (et, ports[2 * i])
            ins[f"st_addr[{i}]"] = ("index", ports[2 * i + 1])
        for i in range(ld):
            ins[f"ld_addr[{i}]"] = ("index", ports[2 * st + i])
        outs = {**{f"ld_data[{i}]": et for i in range(ld)}, **{f"st_done[{i}]": CONTROL for i in range(st)},
                **{f"ld_done[{i}]": CONTROL for i in range(ld)}}
        params = {"width": self.g.width(et), "addr_width": self.g.index_width, "n_load": ld, "n_store": st}
        if ext:
            params["max_outstanding"] = EXTMEMORY_MAX_OUTSTANDING
        else:
            params["depth"] = size
        n = self.node(op, op.name, ins, outs, params)
        n.meta.update({"size": size, "elem_type": et})
        self.memories.append((op, n))

    def groups(self, block) -> None:
        """One MemGroup per memory / extmemory, with the accesses whose ports reach it."""
        g = self.g
        mem_args = [a for a in block.args if isinstance(a.type, MemRefType)]
        positions = {}
        position = 0
        for a in block.args:
            if is_control(a.type):
                continue
            if isinstance(a.type, MemRefType):
                positions[a] = position
            position += 1
        for k, (op, n) in enumerate(self.memories):
            pos = positions.get(op.ins[0]) if isinstance(op, hs.ExtMemoryOp) else None
            if isinstance(op, hs.ExtMemoryOp) and op.ins[0] not in positions:
                raise LoweringError("extmemory must take a memref argument of the function", n.loc)
            name = f"mem{k}"
            grp = MemGroup(name, name, "extmemory" if pos is not None else "memory", n.id, n.meta["elem_type"],
                           n.meta["size"], pos)
            n.group = name
            n.meta["position"] = pos
            for p, r in n.inputs.items():
                src = self.through_buffers(r)
                acc = g.nodes[src.node]
                if acc.op not in ("handshake.load", "handshake.store") or src.port not in ("data_to_mem",
                                                                                         "addr_to_mem"):
                    raise LoweringError(f"memory port {p} is fed by {acc.op}, not by a load or store", n.loc)
                acc.group = name
                acc.meta["mem"] = n.id
                port = p.replace("ld_addr", "ld_done").replace("st_addr", "st_done")
                if port != p:
                    acc.meta["done"] = Ref(n.id, port)
                if acc.id not in grp.accesses:
                    grp.accesses.append(acc.id)
            g.groups[name] = grp
        for a in mem_args:
            if not any(grp.position == positions[a] for grp in g.groups.values()):
                raise LoweringError(f"memref argument {a.name_hint or positions[a]} has no extmemory",
                                    self.loc(self.fn))
            grp = next(grp for grp in g.groups.values() if grp.position == positions[a])
            g.args.append({"position": positions[a], "kind": "memref", "type": str(a.type),
                           "elem_type": grp.elem_type, "size": grp.size, "shape": list(a.type.get_shape())})
        g.args.sort(key=lambda a: a["position"])

    def through_buffers(self, ref: Ref) -> Ref:
        seen = 0
        while self.g.nodes[ref.node].op in ("handshake.buffer", "handshake.fifo") and seen < len(self.g.nodes):
            ref = self.g.nodes[ref.node].inputs["in"]
            seen += 1
        return ref
