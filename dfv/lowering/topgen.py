"""`top.sv`: one SystemVerilog module per lowered function, instantiating the `dfv/rtl/` modules.

Module `<function>` ports:
* `clk`, `rst` (synchronous, active high);
* `start_valid` / `start_ready`: the start control token; `done_valid` / `done_ready`: the done token;
* `arg<i>_data/_valid/_ready` per scalar argument, `res<i>_data/_valid/_ready` per result; an argument or
  result whose channel has upstream (U) extra signals (spec 003) also has `arg<i>_up` (an output) /
  `res<i>_up` (an input): they flow against the tokens, from a result to the argument wired to it
  (`upstream_routes`);
* per memref argument `i` the extmemory boundary: `arg<i>_mem_req_data[1+AW+W-1:0]` (`{we, addr,
  wdata}`), `arg<i>_mem_req_valid/_ready`, `arg<i>_mem_resp_data[W-1:0]`, `arg<i>_mem_resp_valid/_ready`;
* `err_valid`, `err_code[15:0]`: the lowest non-zero sticky error code of all instances.

Wiring: every node port group `p` (channels `p[0..N-1]`) is a set of packed wires
`<inst>_<p>_data/_valid/_ready`; each channel is three `assign`s between the producer's and the
consumer's slices, and on a channel with upstream extras a fourth, `<producer>_up = <consumer>_up`.
Module choice and parameters come from the operation catalogue (`dfv.golden.catalogue`,
docs/primitives.md): `handshake.X` with width 0 (control) -> `handshake_X_ctrl`; dataflow ops carrying
control tokens use W=1 with the data tied to 0.
`dataflow.stream` gets its `cont_cond` from the lowering as a constant (0 = `<`, scf.for semantics).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dfv.golden.catalogue import WIRING_IN, WIRING_OUT, spec
from dfv.golden.types import CONTROL, data_width, upstream_width
from dfv.lowering.dfg import DFG, Ref, sorted_ports
from dfv.lowering.errors import LoweringError
from dfv.lowering.names import comment_text, sv_identifier


@dataclass
class PortGroup:
    base: str
    direction: str  # "in" | "out"
    n: int
    width: int  # data bits per channel (0: no _data signal)
    dummy: bool = False  # memory ports of a kind with no accesses


def port_base(port: str) -> str:
    """The port group a port belongs to: `out` for `out[2]`, the port itself when it has no index."""
    m = re.fullmatch(r"(.*)\[(\d+)\]", port)
    return m.group(1) if m else port


def _ident(s: str) -> str:
    s = re.sub(r"[^A-Za-z0-9_]", "_", s)
    return s if re.match(r"[A-Za-z_]", s) else "f_" + s


def module_name(g: DFG) -> str:
    """The name of the generated module of `g`: the function's name when it is a legal SystemVerilog identifier,
    else one made from it (`dfv.lowering.names.sv_identifier`)."""
    return sv_identifier(g.name)


def instance_name(nid: str) -> str:
    """The instance name of node `nid` in the generated module (`u_<id>`); it has `at_init`."""
    return f"u_{_ident(nid)}"


@dataclass(frozen=True)
class ChannelWires:
    """Where a channel's handshake is visible in the generated module: the producer side's packed
    `valid` / `ready` wires and the channel's bit in them, and its data slice (None for control)."""

    valid: str
    ready: str
    bit: int
    data: str | None
    lo: int
    width: int


def channel_wires(g: DFG, c) -> ChannelWires:
    """The producer-side wires of channel `c` (the function's own ports for `start` and arguments)."""
    src = g.nodes[c.src.node]
    if src.op == "func.start":
        return ChannelWires("start_valid", "start_ready", 0, None, 0, 0)
    if src.op == "func.arg":
        i = src.params["position"]
        return ChannelWires(f"arg{i}_valid", f"arg{i}_ready", 0, f"arg{i}_data", 0, c.width)
    base = port_base(c.src.port)
    bit = int(c.src.port[len(base) + 1:-1]) if c.src.port != base else 0
    pg = next(p for p in port_groups(g, src) if p.direction == "out" and p.base == base)
    prefix = f"{_ident(src.id)}_{base}"
    data = f"{prefix}_data" if pg.width and c.width else None
    return ChannelWires(f"{prefix}_valid", f"{prefix}_ready", bit, data, bit * pg.width, pg.width if data else 0)


def upstream_routes(g: DFG) -> dict[int, int]:
    """Argument position -> position of the result whose upstream (U) extra signals it gives out, for each
    argument with some: they are wired through unchanged (only wiring carries them), so in every cycle
    `arg<i>_up` equals `res<j>_up`."""
    out = {c.src: c.dst for c in g.channels}
    routes = {}
    for a in g.args:
        if a.scalar and upstream_width(a.type):
            end = out[Ref(a.node, "out")]
            while g.nodes[end.node].op != "func.result":
                end = out[Ref(end.node, "out")]
            routes[a.position] = g.nodes[end.node].params["position"]
    return routes


def module_of(n) -> tuple[str, dict[str, str]]:
    """RTL module name and parameter overrides of one node (from its `dfv.golden.catalogue` entry)."""
    op = spec(n.op)
    return op.module_for(n.params), op.rtl_params(n.params)


def port_groups(g: DFG, n) -> list[PortGroup]:
    groups: dict[tuple[str, str], PortGroup] = {}
    dataflow = n.op.startswith("dataflow.")
    extras = bool(n.params.get("extras"))
    for direction, types in (("in", n.in_types), ("out", n.out_types)):
        for port in sorted_ports(types):
            ty = types[port]
            width = data_width(ty) if extras else ty.width  # an arith unit sees the data bits only
            if dataflow and ty == CONTROL:
                width = n.params.get("width", 1)
            key = (direction, port_base(port))
            if key in groups:
                groups[key].n += 1
            else:
                groups[key] = PortGroup(port_base(port), direction, 1, width)
    out = list(groups.values())
    if n.op in ("handshake.memory", "handshake.extmemory"):
        w, aw = n.params["width"], n.params["addr_width"]
        names = {pg.base for pg in out}
        for base, direction, width in (("st_data", "in", w), ("st_addr", "in", aw), ("ld_addr", "in", aw),
                                       ("ld_data", "out", w), ("st_done", "out", 0), ("ld_done", "out", 0)):
            if base not in names:
                out.append(PortGroup(base, direction, 1, width, dummy=True))
    return out


def func_ports(g: DFG) -> list[str]:
    """The port declarations of the generated module of `g` (see the module docstring)."""
    decl = ["input  logic clk", "input  logic rst", "input  logic start_valid", "output logic start_ready"]
    for a in g.args:
        i = a.position
        if a.scalar:
            w = a.type.width
            decl += [f"input  logic [{w - 1}:0] arg{i}_data", f"input  logic arg{i}_valid",
                     f"output logic arg{i}_ready"]
            if uw := upstream_width(a.type):
                decl.append(f"output logic [{uw - 1}:0] arg{i}_up")
        else:
            grp = next(m for m in g.groups.values() if m.position == i)
            w, aw = grp.elem_type.width, g.index_width
            decl += [f"output logic [{aw + w}:0] arg{i}_mem_req_data", f"output logic arg{i}_mem_req_valid",
                     f"input  logic arg{i}_mem_req_ready", f"input  logic [{w - 1}:0] arg{i}_mem_resp_data",
                     f"input  logic arg{i}_mem_resp_valid", f"output logic arg{i}_mem_resp_ready"]
    for r in g.results:
        i, w = r.position, r.type.width
        decl += [f"output logic [{w - 1}:0] res{i}_data", f"output logic res{i}_valid",
                 f"input  logic res{i}_ready"]
        if uw := upstream_width(r.type):
            decl.append(f"input  logic [{uw - 1}:0] res{i}_up")
    decl += ["output logic done_valid", "input  logic done_ready", "output logic err_valid",
             "output logic [15:0] err_code"]
    return decl


def _slice(width: int, i: int) -> str:
    return f"[{i * width} +: {width}]"


def _wiring(g: DFG, n, pgs: dict, wires: list[str], wire) -> list[str]:
    """The assignments that realise a wiring operation (`dfv.golden.catalogue.WIRING`; its port wires declared
    like a module's). The upstream extra signals of its output, if any, are those of its input: passed
    back unchanged (`dfv.lowering.from_handshake` lets only such pairs run)."""
    for pg in pgs.values():
        if pg.width:
            wires.append(f"wire [{pg.width - 1}:0] {wire(pg.base, 'data')};")
        wires += [f"wire [0:0] {wire(pg.base, 'valid')};", f"wire [0:0] {wire(pg.base, 'ready')};"]
    i, o = WIRING_IN, WIRING_OUT
    uw = upstream_width(n.out_types[o])
    if uw:
        wires += [f"wire [{uw - 1}:0] {wire(base, 'up')};" for base in (i, o)]
    w = pgs[(o, o)].width
    if n.op == "handshake.repack":
        parts = [f"{wire(i, 'data')}[{lo + fw - 1}:{lo}]" for lo, fw in n.params["fields"]]
        data = "{" + ", ".join(reversed(parts)) + "}"
    else:
        data = wire(i, "data")
    out = [f"// {n.op} from {comment_text(g.sources.get(n.loc, '?'))} at {comment_text(n.loc)}: wiring",
           f"assign {wire(o, 'valid')} = {wire(i, 'valid')};",
           f"assign {wire(i, 'ready')} = {wire(o, 'ready')};"]
    if w:
        out.append(f"assign {wire(o, 'data')} = {data};")
    if uw:
        out.append(f"assign {wire(i, 'up')} = {wire(o, 'up')};")
    if n.op == "handshake.repack" and pgs[(i, i)].width:  # fields left out of the bundle are unread
        wires.append(f"/* verilator lint_off UNUSEDSIGNAL */ wire {wire(i, 'data')}_unread_ = "
                     f"|{wire(i, 'data')}; /* verilator lint_on UNUSEDSIGNAL */")
    return out


TUPLE_OPS = ("handshake.pack", "handshake.unpack")
"""CIRCT's pack and unpack: their handshake is a join or a control fork, their data is wired (`_tuple_op`)."""


def _tuple_op(n, inst: str, pgs: dict, wires: list[str], wire) -> list[str]:
    """A pack (`handshake_join` over its inputs' valid and ready; its output data the inputs' data side by
    side, the first in the low bits) or an unpack (`handshake_fork_ctrl` to its outputs; each output data a
    slice of the input's) in the generated top. Its port wires are declared like a module's, one group per
    numbered port."""
    for pg in pgs.values():
        if pg.width:
            wires.append(f"wire [{pg.width - 1}:0] {wire(pg.base, 'data')};")
        wires += [f"wire [0:0] {wire(pg.base, 'valid')};", f"wire [0:0] {wire(pg.base, 'ready')};"]
    widths = n.params["widths"]
    k = len(widths)
    pack = n.op == "handshake.pack"
    many, one = ("in", "out") if pack else ("out", "in")
    ports = [f"{many}{i}" for i in range(k)]
    wires += [f"wire [{k - 1}:0] {inst}_{many}_valid;", f"wire [{k - 1}:0] {inst}_{many}_ready;"]
    lanes = "{" + ", ".join(wire(p, "valid" if pack else "ready") for p in reversed(ports)) + "}"
    out = [f"assign {inst}_{many}_{'valid' if pack else 'ready'} = {lanes};"]
    out += [f"assign {wire(p, 'ready' if pack else 'valid')} = {inst}_{many}_{'ready' if pack else 'valid'}[{i}];"
            for i, p in enumerate(ports)]
    module = "handshake_join" if pack else "handshake_fork_ctrl"
    out.append(f"{module} #(.N({k})) u_{inst} (.clk(clk), .rst(rst), .{many}_valid({inst}_{many}_valid), "
               f".{many}_ready({inst}_{many}_ready), .{one}_valid({wire(one, 'valid')}), "
               f".{one}_ready({wire(one, 'ready')}));")
    if pack:
        out.append(f"assign {wire('out', 'data')} = {{"
                   + ", ".join(wire(p, "data") for p, w in reversed(list(zip(ports, widths, strict=True))) if w) + "};")
    else:
        lo = 0
        for p, w in zip(ports, widths, strict=True):
            if w:
                out.append(f"assign {wire(p, 'data')} = {wire('in', 'data')}[{lo + w - 1}:{lo}];")
            lo += w
    return out


def gen_module(g: DFG) -> str:
    name = module_name(g)
    decl = func_ports(g)
    inst = {nid: _ident(nid) for nid in g.nodes}
    wires: list[str] = []
    lines: list[str] = []
    errs: list[str] = []
    pgs = {nid: {(pg.direction, pg.base): pg for pg in port_groups(g, n)} for nid, n in g.nodes.items()
           if not n.op.startswith("func.")}

    def wire(nid: str, base: str, sig: str) -> str:
        return f"{inst[nid]}_{base}_{sig}"

    # arith units on channels with extra signals: the unit computes on the data bits; the extras of its
    # inputs are ORed (the specs README's rule) and composed above the data of its output
    extras = {nid: n.params["extras"] for nid, n in g.nodes.items() if n.params.get("extras")}
    for nid, e in extras.items():
        ins = [f"{inst[nid]}_{p}_x" for p in sorted_ports(g.nodes[nid].in_types)]
        wires += [f"wire [{e - 1}:0] {x};" for x in ins]
        wires.append(f"wire [{e - 1}:0] {inst[nid]}_x;")
        lines.append(f"assign {inst[nid]}_x = {' | '.join(ins)};")

    for nid, n in g.nodes.items():
        if n.op.startswith("func."):
            continue
        if spec(n.op).wiring:
            lines += _wiring(g, n, pgs[nid], wires, lambda base, sig, nid=nid: wire(nid, base, sig))
            continue
        if n.op in TUPLE_OPS:
            lines.append(f"// {n.op} from {g.sources.get(n.loc, '?')} at {n.loc}")
            lines += _tuple_op(n, inst[nid], pgs[nid], wires, lambda base, sig, nid=nid: wire(nid, base, sig))
            continue
        mod, params = module_of(n)
        conns = [".clk(clk)", ".rst(rst)"]
        for pg in pgs[nid].values():
            unused = pg.dummy and pg.direction == "out"
            if unused:
                wires.append("/* verilator lint_off UNUSEDSIGNAL */")
            if pg.width:
                wires.append(f"wire [{pg.n * pg.width - 1}:0] {wire(nid, pg.base, 'data')};")
            wires.append(f"wire [{pg.n - 1}:0] {wire(nid, pg.base, 'valid')};")
            wires.append(f"wire [{pg.n - 1}:0] {wire(nid, pg.base, 'ready')};")
            if unused:
                wires.append("/* verilator lint_on UNUSEDSIGNAL */")
            for sig in (("data",) if pg.width else ()) + ("valid", "ready"):
                conns.append(f".{pg.base}_{sig}({wire(nid, pg.base, sig)})")
            if pg.dummy and pg.direction == "in":
                if pg.width:
                    lines.append(f"assign {wire(nid, pg.base, 'data')} = '0;")
                lines.append(f"assign {wire(nid, pg.base, 'valid')} = '0;")
                wires.append(f"/* verilator lint_off UNUSEDSIGNAL */ wire {wire(nid, pg.base, 'ready')}_unused_ = "
                             f"|{wire(nid, pg.base, 'ready')}; /* verilator lint_on UNUSEDSIGNAL */")
            if pg.dummy and pg.direction == "out":
                lines.append(f"assign {wire(nid, pg.base, 'ready')} = '1;")
        if n.op == "dataflow.stream":
            conns.append(f".cont_cond(3'd{n.params.get('cont_cond', 0)})")
        if n.op == "handshake.extmemory":
            i = n.meta["position"]
            conns += [f".mem_req_data(arg{i}_mem_req_data)", f".mem_req_valid(arg{i}_mem_req_valid)",
                      f".mem_req_ready(arg{i}_mem_req_ready)", f".mem_resp_data(arg{i}_mem_resp_data)",
                      f".mem_resp_valid(arg{i}_mem_resp_valid)", f".mem_resp_ready(arg{i}_mem_resp_ready)"]
        if spec(n.op).errors:
            wires.append(f"wire {inst[nid]}_err_valid;")
            wires.append(f"wire [15:0] {inst[nid]}_err_code;")
            conns += [f".err_valid({inst[nid]}_err_valid)", f".err_code({inst[nid]}_err_code)"]
            errs.append(inst[nid])
        ptxt = ""
        if params:
            ptxt = " #(" + ", ".join(f".{k}({v})" for k, v in params.items()) + ")"
        lines.append(f"// {n.op} from {comment_text(g.sources.get(n.loc, '?'))} at {comment_text(n.loc)}")
        lines.append(f"{mod}{ptxt} u_{inst[nid]} (\n    " + ",\n    ".join(conns) + "\n  );")

    # channels
    for c in g.channels:
        src, dst = g.nodes[c.src.node], g.nodes[c.dst.node]
        sb, db = port_base(c.src.port), port_base(c.dst.port)
        si = int(c.src.port[len(sb) + 1:-1]) if c.src.port != sb else 0
        di = int(c.dst.port[len(db) + 1:-1]) if c.dst.port != db else 0
        lines.append(f"// {c.id}: {c.src} -> {c.dst} : {c.type}")
        if upstream_width(c.type):  # only wiring and the function's ports carry them (dfv.lowering.from_handshake)
            up_src = f"arg{src.params['position']}_up" if src.op == "func.arg" else wire(src.id, sb, "up")
            up_dst = f"res{dst.params['position']}_up" if dst.op == "func.result" else wire(dst.id, db, "up")
            lines.append(f"assign {up_src} = {up_dst};")
        # producer side
        if src.op == "func.start":
            pv, pd, pr = "start_valid", None, "start_ready"
        elif src.op == "func.arg":
            i = src.params["position"]
            pv, pd, pr = f"arg{i}_valid", f"arg{i}_data", f"arg{i}_ready"
        else:
            pg = pgs[src.id][("out", sb)]
            pv = f"{wire(src.id, sb, 'valid')}[{si}]"
            pr = f"{wire(src.id, sb, 'ready')}[{si}]"
            pd = f"{wire(src.id, sb, 'data')}{_slice(pg.width, si)}" if pg.width else None
            if src.id in extras:
                pd = f"{{{inst[src.id]}_x, {pd}}}"
            if pd is not None and c.width == 0:
                wires.append(f"/* verilator lint_off UNUSEDSIGNAL */ wire {inst[src.id]}_{sb}_{si}_ctrl_data_ = "
                             f"|{pd}; /* verilator lint_on UNUSEDSIGNAL */")
                pd = None
        # consumer side
        if dst.op == "func.done":
            lines += [f"assign done_valid = {pv};", f"assign {pr} = done_ready;"]
            continue
        if dst.op == "func.result":
            i = dst.params["position"]
            lines += [f"assign res{i}_valid = {pv};", f"assign res{i}_data = {pd};", f"assign {pr} = res{i}_ready;"]
            continue
        pg = pgs[dst.id][("in", db)]
        lines.append(f"assign {wire(dst.id, db, 'valid')}[{di}] = {pv};")
        lines.append(f"assign {pr} = {wire(dst.id, db, 'ready')}[{di}];")
        if pg.width and dst.id in extras:
            composed = f"{inst[dst.id]}_{_ident(c.dst.port)}_c"
            wires.append(f"wire [{c.width - 1}:0] {composed};")
            lines += [f"assign {composed} = {pd};",
                      f"assign {wire(dst.id, db, 'data')}{_slice(pg.width, di)} = {composed}[{pg.width - 1}:0];",
                      f"assign {inst[dst.id]}_{c.dst.port}_x = {composed}[{c.width - 1}:{pg.width}];"]
        elif pg.width:
            src_data = pd if pd is not None else f"{pg.width}'d0"
            lines.append(f"assign {wire(dst.id, db, 'data')}{_slice(pg.width, di)} = {src_data};")

    if errs:
        k = len(errs)
        wires.append(f"wire [{k - 1}:0] err_v;")
        wires.append(f"wire [{16 * k - 1}:0] err_c;")
        lines.append("assign err_v = {" + ", ".join(f"{e}_err_valid" for e in reversed(errs)) + "};")
        lines.append("assign err_c = {" + ", ".join(f"{e}_err_code" for e in reversed(errs)) + "};")
        lines.append("assign err_valid = |err_v;")
        # lowest non-zero code wins: a chain of continuous assignments (no always block reading its output)
        wires.append(f"wire [15:0] err_min [0:{k}];")
        lines.append("assign err_min[0] = 16'h0000;")
        for i in range(k):
            lines.append(f"assign err_min[{i + 1}] = (err_v[{i}] && (err_min[{i}] == 16'h0000 || "
                         f"err_c[{i * 16} +: 16] < err_min[{i}])) ? err_c[{i * 16} +: 16] : err_min[{i}];")
        lines.append(f"assign err_code = err_min[{k}];")
    else:
        lines.append("assign err_valid = 1'b0;")
        lines.append("assign err_code = 16'h0000;")
    out = [f"// Generated by dfv lower from @{comment_text(g.name)}: {len(g.nodes)} nodes, {len(g.channels)} "
           "channels.",
           f"module {name} (", "  " + ",\n  ".join(decl), ");"]
    out += ["  " + w for w in wires]
    for ln in lines:
        out.append("  " + ln)
    out.append(f"endmodule : {name}")
    return "\n".join(out) + "\n"


def gen_top(graphs: list[DFG]) -> str:
    """`top.sv` of `graphs`: one module each, their names distinct (a LoweringError names two functions whose
    module names would be the same)."""
    seen: dict[str, str] = {}
    for g in graphs:
        other = seen.setdefault(module_name(g), g.name)
        if other != g.name:
            raise LoweringError(f"functions @{comment_text(other)} and @{comment_text(g.name)} would both be "
                                f"module {module_name(g)} in top.sv; rename one")
    hdr = ["// top.sv: generated by `dfv lower` (dfv/lowering/topgen.py). Do not edit.",
           "// One module per lowered function; instantiates dfv/rtl/dataflow, dfv/rtl/handshake and dfv/rtl/memory.",
           "/* verilator lint_off DECLFILENAME */", ""]
    return "\n".join(hdr) + "\n".join(gen_module(g) for g in graphs)
