"""The simulation harness of a generated top: the program's module (`dfv.lowering.topgen`) with one
SystemVerilog agent (dfv/tb/hdl) per boundary channel and memory port beside it, so a whole-program run costs
Python nothing per cycle (dfv/tb/common/sv_channel.py and sv_memory.py drive and reads the agents at transaction level).

Module `<top>_harness` (ports `clk`, `rst` only; the cocotb toplevel of kernel runs):

* `u_dut`: the generated top; every port of it is a harness signal of the same name (`start_valid`,
  `arg0_data`, `res0_up`, `err_code`, ...), so Python reads the status and drives spec 003's upstream
  extras (`res<j>_up`, variables only Python writes) by the names it used on the bare top;
* per input channel `c` (`start`, `arg<i>`): `src_<c>` (`dfv_chan_source`) and `mon_<c>`
  (`dfv_chan_monitor`); per output channel (`res<i>`, `done`): `snk_<c>` (`dfv_chan_sink`) and `mon_<c>`;
  control channels use W = 1 with the data tied to 0;
* per memref argument `i`: `mem_arg<i>` (`dfv_mem_model`) on `arg<i>_mem_req` / `arg<i>_mem_resp`; on another
  flow's top those are made of its memory ports (CIRCT's extmem protocol) by `ad_arg<i>` (`dfv_extmem_adapter`);
* `ctl` (`dfv_run_control`): the cycle counter every agent logs with, progress from every transfer of
  the agents above, completion when every output transferred, and the attention toggle.
"""

from __future__ import annotations

import re

from dfv.lowering.dfg import DFG
from dfv.lowering.names import comment_text
from dfv.lowering.topgen import func_ports, module_name
from dfv.tb.common.clock import CLOCK_NS
from dfv.tb.kernel.boundary import boundary
from dfv.tb.kernel.foreign import ExtMemPorts, ForeignTop

CHANNEL_LOG_DEPTH = 64
MEMORY_LOG_DEPTH = 2048
PEND_DEPTH = 64
DUT_INSTANCE = "u_dut"


def harness_name(g: DFG) -> str:
    return f"{module_name(g)}_harness"


def memories(g: DFG) -> list[tuple[int, int, int, int]]:
    """(position, data width, address width, size) of every memref argument's extmemory port set."""
    groups = sorted((grp for grp in g.groups.values() if grp.position is not None), key=lambda m: m.position)
    return [(grp.position, grp.elem_type.width, g.index_width, max(1, grp.size)) for grp in groups]


_DECL = re.compile(r"^(input|output)\s+logic\s*(\[[^\]]*\])?\s*(\w+)$")


def _generated_top(g: DFG) -> list[str]:
    """The generated top, every port a harness signal of its own name."""
    lines = []
    conns = []
    for decl in func_ports(g):
        m = _DECL.match(decl.strip())
        assert m, decl
        direction, rng, name = m.groups()
        conns.append(f".{name}({name})")
        if name in ("clk", "rst"):
            continue
        rng = f"{rng} " if rng else ""
        if direction == "input" and name.endswith("_up"):  # spec 003 upstream extras: Python drives them
            lines.append(f"  logic {rng}{name} = '0;")
        elif name in ("err_valid", "err_code") or name.endswith("_up"):
            lines.append(f"  /* verilator lint_off UNUSEDSIGNAL */ logic {rng}{name}; "
                         "/* verilator lint_on UNUSEDSIGNAL */")
        else:
            lines.append(f"  logic {rng}{name};")
    lines.append(f"  {module_name(g)} {DUT_INSTANCE} (\n    " + ",\n    ".join(conns) + "\n  );")
    return lines


def _foreign_top(g: DFG, foreign: ForeignTop) -> list[str]:
    """Another flow's top: the boundary channels as harness signals of the kit's names (`start_valid`,
    `arg0_data`, ...), connected to the top's ports through its map."""
    ports = foreign.ports
    lines = []
    conns = [f".{port}({signal})" for port, signal in ports.clock_reset().items()]
    for c in boundary(g):
        cp = ports.channel(c.name)
        lines.append(f"  logic {c.name}_valid, {c.name}_ready;")
        conns += [f".{cp.valid}({c.name}_valid)", f".{cp.ready}({c.name}_ready)"]
        if c.width:
            lines.append(f"  logic [{c.width - 1}:0] {c.name}_data;")
            conns.append(f".{cp.data}({c.name}_data)")
    for i, w, aw, _size in memories(g):
        mem_lines, mem_conns = _foreign_memory(i, w, aw, foreign.memories[i])
        lines += mem_lines
        conns += mem_conns
    lines.append(f"  {foreign.top} {DUT_INSTANCE} (\n    " + ",\n    ".join(conns) + "\n  );")
    return lines


def _foreign_memory(i: int, w: int, aw: int, mem: ExtMemPorts) -> tuple[list[str], list[str]]:
    """The harness side of memref argument `i`'s memory ports on a foreign top: `arg<i>_mem_req` / `_resp` (what the
    memory model `mem_arg<i>` serves) made of the circuit's load and store ports by a `dfv_extmem_adapter`. Returns the
    declarations and the top's port connections."""
    paw, nld, nst = mem.addr_width, len(mem.loads), len(mem.stores)
    ln, sn = max(1, nld), max(1, nst)
    a = f"arg{i}"
    lines = [f"  // memref argument {i}: {nld} load and {nst} store port(s) of the circuit, served by mem_arg{i}",
             f"  logic [{aw + w}:0] {a}_mem_req_data;",
             f"  logic {a}_mem_req_valid, {a}_mem_req_ready, {a}_mem_resp_valid, {a}_mem_resp_ready;",
             f"  logic [{w - 1}:0] {a}_mem_resp_data, {a}_ld_data;",
             f"  logic [{ln - 1}:0] {a}_ld_addr_valid, {a}_ld_addr_ready, {a}_ld_data_valid, {a}_ld_data_ready;",
             f"  logic [{ln * paw - 1}:0] {a}_ld_addr;",
             f"  logic [{sn - 1}:0] {a}_st_req_valid, {a}_st_req_ready, {a}_st_done_valid, {a}_st_done_ready;",
             f"  logic [{sn * (paw + w) - 1}:0] {a}_st_req;"]
    conns = []
    for k, ld in enumerate(mem.loads):
        lines += [f"  logic [{paw - 1}:0] {a}_ld{k}_addr;", f"  logic {a}_ld{k}_addr_valid, {a}_ld{k}_data_ready;"]
        conns += [f".{ld.addr.data}({a}_ld{k}_addr)", f".{ld.addr.valid}({a}_ld{k}_addr_valid)",
                  f".{ld.addr.ready}({a}_ld_addr_ready[{k}])", f".{ld.data.data}({a}_ld_data)",
                  f".{ld.data.valid}({a}_ld_data_valid[{k}])", f".{ld.data.ready}({a}_ld{k}_data_ready)"]
    for k, st in enumerate(mem.stores):
        lines += [f"  logic [{paw + w - 1}:0] {a}_st{k};", f"  logic {a}_st{k}_valid, {a}_st{k}_done_ready;"]
        conns += [f".{st.request.data}({a}_st{k})", f".{st.request.valid}({a}_st{k}_valid)",
                  f".{st.request.ready}({a}_st_req_ready[{k}])", f".{st.done.valid}({a}_st_done_valid[{k}])",
                  f".{st.done.ready}({a}_st{k}_done_ready)"]

    def packed(parts: list[str], tie: str) -> str:
        return "{" + ", ".join(reversed(parts)) + "}" if parts else tie

    lines += [f"  assign {a}_ld_addr = {packed([f'{a}_ld{k}_addr' for k in range(nld)], chr(39) + '0')};",
              f"  assign {a}_ld_addr_valid = {packed([f'{a}_ld{k}_addr_valid' for k in range(nld)], chr(39) + '0')};",
              f"  assign {a}_ld_data_ready = {packed([f'{a}_ld{k}_data_ready' for k in range(nld)], chr(39) + '0')};",
              f"  assign {a}_st_req = {packed([f'{a}_st{k}' for k in range(nst)], chr(39) + '0')};",
              f"  assign {a}_st_req_valid = {packed([f'{a}_st{k}_valid' for k in range(nst)], chr(39) + '0')};",
              f"  assign {a}_st_done_ready = {packed([f'{a}_st{k}_done_ready' for k in range(nst)], chr(39) + '0')};",
              f"  dfv_extmem_adapter #(.W({w}), .AW({aw}), .PAW({paw}), .NLD({nld}), .NST({nst}), "
              f".PEND_DEPTH({PEND_DEPTH})) ad_{a} (.clk(clk), .rst(rst), .ld_addr({a}_ld_addr), "
              f".ld_addr_valid({a}_ld_addr_valid), .ld_addr_ready({a}_ld_addr_ready), .ld_data({a}_ld_data), "
              f".ld_data_valid({a}_ld_data_valid), .ld_data_ready({a}_ld_data_ready), .st_req({a}_st_req), "
              f".st_req_valid({a}_st_req_valid), .st_req_ready({a}_st_req_ready), "
              f".st_done_valid({a}_st_done_valid), .st_done_ready({a}_st_done_ready), "
              f".req_data({a}_mem_req_data), .req_valid({a}_mem_req_valid), .req_ready({a}_mem_req_ready), "
              f".resp_data({a}_mem_resp_data), .resp_valid({a}_mem_resp_valid), .resp_ready({a}_mem_resp_ready));"]
    return lines, conns


def gen_harness(g: DFG, foreign: ForeignTop | None = None) -> str:
    """The harness of `g`'s generated top, or (`foreign`) of another flow's circuit of it, its ports mapped
    onto the boundary channels (`dfv.tb.kernel.foreign`); the agents are the same."""
    top = module_name(g) if foreign is None else foreign.top
    lines = [f"// {harness_name(g)}: generated by dfv/tb/kernel/harness.py for @{comment_text(g.name)}. "
             "Do not edit.",
             f"// {'The generated top' if foreign is None else f'{top} (another flow)'} with one dfv/tb/hdl agent "
             "per boundary channel and memory port.",
             "/* verilator lint_off DECLFILENAME */",
             "// testbench code: code coverage is of the RTL under test",
             "/* verilator coverage_off */",
             f"module {harness_name(g)} (", "  input logic rst", ");",
             f"  // the clock: {CLOCK_NS} ns period (dfv/tb/common/clock.py), generated here so that it costs neither",
             "  // Python nor a VPI callback per edge (Verilator builds with --timing)",
             "  logic clk;",
             f"  initial begin clk = 1'b0; forever #{CLOCK_NS / 2:g} clk = ~clk; end",
             "  logic [31:0] cycle;"]
    lines += _generated_top(g) if foreign is None else _foreign_top(g, foreign)
    progress, seen, evt = [], [], []
    for c in boundary(g):
        w = max(1, c.width)
        data = f"{c.name}_data" if c.width else "1'b0"
        if c.is_input:
            if not c.width:
                lines.append(f"  /* verilator lint_off UNUSEDSIGNAL */ logic {c.name}_idle_data; "
                             "/* verilator lint_on UNUSEDSIGNAL */")
            out = f"{c.name}_data" if c.width else f"{c.name}_idle_data"
            lines.append(f"  /* verilator lint_off UNUSEDSIGNAL */ logic src_{c.name}_half; "
                         "/* verilator lint_on UNUSEDSIGNAL */")  # at most DEPTH tokens: never refilled
            lines.append(f"  dfv_chan_source #(.W({w}), .DEPTH({CHANNEL_LOG_DEPTH})) src_{c.name} (.clk(clk), "
                         f".rst(rst), .out_data({out}), .out_valid({c.name}_valid), .out_ready({c.name}_ready), "
                         f".half(src_{c.name}_half));")
        else:
            lines.append(f"  dfv_chan_sink snk_{c.name} (.clk(clk), .rst(rst), .in_valid({c.name}_valid), "
                         f".in_ready({c.name}_ready));")
            seen.append(f"mon_{c.name}_seen")
        lines.append(f"  logic mon_{c.name}_xfer, mon_{c.name}_half;")
        seen_decl = f"logic mon_{c.name}_seen;"  # an input's is unread
        lines.append(f"  {seen_decl}" if not c.is_input else
                     f"  /* verilator lint_off UNUSEDSIGNAL */ {seen_decl} /* verilator lint_on UNUSEDSIGNAL */")
        lines.append(f"  dfv_chan_monitor #(.W({w}), .DEPTH({CHANNEL_LOG_DEPTH}), "
                     f".IS_OUTPUT({0 if c.is_input else 1}), .IDLE_X({1 if c.is_input else 0})) mon_{c.name} "
                     f"(.clk(clk), .rst(rst), .data({data}), "
                     f".valid({c.name}_valid), .ready({c.name}_ready), .cycle(cycle), .xfer(mon_{c.name}_xfer), "
                     f".seen_q(mon_{c.name}_seen), .half(mon_{c.name}_half));")
        progress.append(f"mon_{c.name}_xfer")
        evt.append(f"mon_{c.name}_half")
    for i, w, aw, size in memories(g):
        m = f"mem_arg{i}"
        lines.append(f"  logic {m}_req_xfer, {m}_resp_xfer, {m}_half;")
        lines.append(f"  dfv_mem_model #(.W({w}), .AW({aw}), .SIZE({size}), .LOG_DEPTH({MEMORY_LOG_DEPTH}), "
                     f".PEND_DEPTH({PEND_DEPTH}), .NAME(\"{m}\")) {m} (.clk(clk), .rst(rst), .cycle(cycle), "
                     f".req_data(arg{i}_mem_req_data), .req_valid(arg{i}_mem_req_valid), "
                     f".req_ready(arg{i}_mem_req_ready), .resp_data(arg{i}_mem_resp_data), "
                     f".resp_valid(arg{i}_mem_resp_valid), .resp_ready(arg{i}_mem_resp_ready), "
                     f".req_xfer({m}_req_xfer), .resp_xfer({m}_resp_xfer), .half({m}_half));")
        progress += [f"{m}_req_xfer", f"{m}_resp_xfer"]
        evt.append(f"{m}_half")
    lines.append("  /* verilator lint_off UNUSEDSIGNAL */ logic [31:0] quiet; logic attn; "
                 "/* verilator lint_on UNUSEDSIGNAL */")
    lines.append(f"  dfv_run_control #(.NPROG({len(progress)}), .NOUT({len(seen)}), .NEVT({len(evt)})) ctl "
                 f"(.clk(clk), .rst(rst), .progress({{{', '.join(progress)}}}), .seen({{{', '.join(seen)}}}), "
                 f".evt({{{', '.join(evt)}}}), .cycle_q(cycle), .quiet_q(quiet), .attn_q(attn));")
    lines.append(f"endmodule : {harness_name(g)}")
    return "\n".join(lines) + "\n"
