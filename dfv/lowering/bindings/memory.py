"""The memory operations: `load` / `store` ports and `memory` / `extmemory` interfaces, and, once every
operation is read, the memory groups that tie each interface to its accesses and an `extmemory` to its
memref argument (`groups`, called by the reader)."""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IntegerAttr, IntegerType, MemRefType, TensorType
from xdsl.ir import Attribute, SSAValue

from dfv.golden.catalogue import BUFFERS
from dfv.golden.handshake.access import LOAD_EXTRAS_DEPTH
from dfv.golden.memory.memory import EXTMEMORY_MAX_OUTSTANDING, MAX_DEPTH
from dfv.golden.types import CONTROL, ChannelType, TokenType, is_index
from dfv.lowering import handshake_ir as hs
from dfv.lowering.bindings.registry import builds, reads
from dfv.lowering.dfg import Arg, ArgKind, MemGroup, Ref
from dfv.lowering.errors import LoweringError
from dfv.lowering.handshake_types import is_control


# ------------------------------------------------------------------ reading
@reads(hs.LoadOp, hs.StoreOp)
def read_access(r, op: hs.LoadOp | hs.StoreOp, loc: str) -> None:
    """A load or store port. A load's address may carry downstream extra signals: the memory gets the
    plain index and the data comes back with them (the specs README); a store returns no data to give
    them to, and dropping them would lose what they mean (a speculative store), so it refuses them."""
    load = isinstance(op, hs.LoadOp)
    dt = r.plain(op.data_in.type, "memory data", loc)
    if load:
        at = r.dtype(op.addr.type, loc)
        extras = at.extra_width if isinstance(at, ChannelType) else 0
        plain_at = at.data if extras else at
    else:
        at = plain_at = r.plain(op.addr.type, "the address of a store (it returns no data to forward its "
                                   "extras to)", loc)
        extras = 0
    if not is_index(plain_at):
        raise LoweringError(f"{op.name}: the address must be an index, got {op.addr.type}", loc)
    params = {"width": dt.width, "addr_width": r.g.index_width}
    if extras:
        params |= {"addr_extras": extras, "extras_depth": LOAD_EXTRAS_DEPTH}
    data_in, data_out = ("data_from_mem", "data") if load else ("data", "data_to_mem")
    out_t = r.dtype(op.data_out.type, loc)
    r.node(op, op.name, {"addr": (at, op.addr), data_in: (dt, op.data_in), "ctrl": (CONTROL, op.ctrl)},
              {data_out: out_t, "addr_to_mem": plain_at}, params)


@reads(hs.MemoryOp, hs.ExtMemoryOp)
def read_memory(r, op: hs.MemoryOp | hs.ExtMemoryOp, loc: str) -> None:
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
    if size > MAX_DEPTH:
        raise LoweringError(f"{op.name}: the memref {mt} has {size} elements, more than the {MAX_DEPTH} a memory may "
                            "hold (dfv.golden.memory.memory.MAX_DEPTH)", loc)
    if size == 0 and not ext:
        raise LoweringError(f"{op.name}: the memref {mt} has no elements; a memory needs at least one", loc)
    et = r.plain(mt.get_element_type(), "a memory element", loc)
    ins: dict[str, tuple[TokenType, SSAValue]] = {}
    it = r.g.index_type
    for i in range(st):
        ins[f"st_data[{i}]"] = (et, ports[2 * i])
        ins[f"st_addr[{i}]"] = (it, ports[2 * i + 1])
    for i in range(ld):
        ins[f"ld_addr[{i}]"] = (it, ports[2 * st + i])
    outs = {**{f"ld_data[{i}]": et for i in range(ld)}, **{f"st_done[{i}]": CONTROL for i in range(st)},
            **{f"ld_done[{i}]": CONTROL for i in range(ld)}}
    params = {"width": et.width, "addr_width": r.g.index_width, "n_load": ld, "n_store": st}
    if ext:
        params["max_outstanding"] = EXTMEMORY_MAX_OUTSTANDING
    else:
        params["depth"] = size
        if op.init is not None:
            params["contents"] = _init_words(op, et.width, loc)
    n = r.node(op, op.name, ins, outs, params)
    n.meta["size"] = size
    r.memories.append((op, n, et))


def _init_words(op: hs.MemoryOp, width: int, loc: str) -> list[int]:
    """The initial contents of a memory (its `init`): words of the element's width (a value that is not one is
    refused: a hand-edited graph)."""
    assert op.init is not None
    et = op.init.get_element_type()
    if not isinstance(et, IntegerType) or et.width.data != width:
        raise LoweringError(f"{op.name}: init must hold {width}-bit words (i{width}), got {op.init.type}", loc)
    return [int(v) & ((1 << width) - 1) for v in op.init.get_values()]


def init_attr(words: list[int], width: int) -> DenseIntOrFPElementsAttr:
    """The `init` of a memory holding `words` (`width`-bit words, written as signed values of the width)."""
    signed = [w - (1 << width) if w >> (width - 1) else w for w in words]
    return DenseIntOrFPElementsAttr.from_list(TensorType(IntegerType(width), [len(words)]), signed)


def groups(r, block) -> None:
    """One MemGroup per memory / extmemory, with the accesses whose ports reach it."""
    g = r.g
    mem_args = [a for a in block.args if isinstance(a.type, MemRefType)]
    positions = {}
    position = 0
    for a in block.args:
        if is_control(a.type):
            continue
        if isinstance(a.type, MemRefType):
            positions[a] = position
        position += 1
    for k, (op, n, et) in enumerate(r.memories):
        pos = positions.get(op.ins[0]) if isinstance(op, hs.ExtMemoryOp) else None
        if isinstance(op, hs.ExtMemoryOp) and op.ins[0] not in positions:
            raise LoweringError("extmemory must take a memref argument of the function", n.loc)
        name = f"mem{k}"
        grp = MemGroup(name, name, "extmemory" if pos is not None else "memory", n.id, et,
                       n.meta["size"], pos)
        if "contents" in n.params:
            grp.init = tuple(n.params["contents"])
        n.group = name
        n.meta["position"] = pos
        for p, ref in n.inputs.items():
            src = _through_buffers(r, ref)
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
                                r.loc(r.fn))
        grp = next(grp for grp in g.groups.values() if grp.position == positions[a])
        g.args.append(Arg(positions[a], ArgKind.MEMREF, str(a.type), elem_type=grp.elem_type, size=grp.size,
                          shape=list(a.type.get_shape())))
    g.args.sort(key=lambda a: a.position)


def _through_buffers(r, ref: Ref) -> Ref:
    seen = 0
    while r.g.nodes[ref.node].op in BUFFERS and seen < len(r.g.nodes):
        ref = r.g.nodes[ref.node].inputs["in"]
        seen += 1
    return ref


# ------------------------------------------------------------------ building
@builds("handshake.load", "handshake.store")
def build_access(b, n) -> None:
    load = n.op == "handshake.load"
    data, cls = ("data_from_mem", hs.LoadOp) if load else ("data", hs.StoreOp)
    outs = ["data" if load else "data_to_mem", "addr_to_mem"]
    b.emit(n, cls.create(operands=b.operands(n, ["addr", data, "ctrl"]), result_types=b.types(n, outs),
                         attributes=b.attrs(n)), outs)


@builds("handshake.memory", "handshake.extmemory")
def build_memory(b, n) -> None:
    p = n.params
    ports = [x for i in range(p["n_store"]) for x in (f"st_data[{i}]", f"st_addr[{i}]")]
    ports += [f"ld_addr[{i}]" for i in range(p["n_load"])]
    outs = [f"ld_data[{i}]" for i in range(p["n_load"])] + [f"st_done[{i}]" for i in range(p["n_store"])] + \
        [f"ld_done[{i}]" for i in range(p["n_load"])]
    props: dict[str, Attribute] = {"ldCount": IntegerAttr(p["n_load"], 32), "stCount": IntegerAttr(p["n_store"], 32)}
    operands = b.operands(n, ports)
    if n.op == "handshake.extmemory":
        operands.insert(0, b.args[n.meta["position"]])
        cls = hs.ExtMemoryOp
    else:
        props["memRefType"] = MemRefType(b.ir_type(b.g.groups[n.group].elem_type), [p["depth"]])
        if "contents" in p:
            props["init"] = init_attr(p["contents"], p["width"])
        cls = hs.MemoryOp
    b.emit(n, cls.create(operands=operands, result_types=b.types(n, outs), attributes=b.attrs(n), properties=props),
           outs)
