"""The critical path of a placed and routed target, read from nextpnr's report and named for a reader.

nextpnr's JSON report lists the worst clock-to-clock path as segments (clock-to-q, routing, logic, setup)
between cells, with each net's source locations. Cells are named by synthesis after a net they drive
(`out_q_TRELLIS_FF_Q_7`), which says nothing of the bit; the synthesised netlist (Yosys' JSON, the file
nextpnr placed) maps the cell's output to the register it implements (`out_q[7]`), and the wrapper maps
its own registers to the target's ports (`result_data[21]`). Sources are kept when they are the target's
own files (the RTL and a kernel's top.sv), in path order; a kernel's instances (`u_<node>`) are named by
the MLIR operation they came from.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from dfv.timing.wrapper import DUT, IN_VECTOR, OUT_REGISTER, OUT_VECTOR, Wrapper

# the outputs of a register-like cell, in the order they are tried when naming it
REGISTER_OUTPUTS = ("Q", "DOA0", "DOB0", "P0", "R0")
BIT = re.compile(r"^(.*)\[(\d+)\]$")
INSTANCE = re.compile(rf"^{DUT}\.(u_\w+)")


@dataclass(frozen=True)
class CriticalPath:
    """The worst register-to-register path: where it starts and ends (a register bit or a port of the
    target), its delay split into logic and routing, its logic levels (cells traversed), the target's
    source lines it goes through, and (a kernel) the instances and their MLIR operations."""

    start: str
    end: str
    delay_ns: float
    logic_ns: float
    routing_ns: float
    levels: int
    sources: tuple[str, ...]
    instances: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line: `start -> end, D ns (L logic, R routing), N levels, through a.sv:3, b.sv:9`."""
        text = (f"{self.start} -> {self.end}: {self.delay_ns:.2f} ns ({self.logic_ns:.2f} logic, "
                f"{self.routing_ns:.2f} routing), {self.levels} levels")
        where = self.instances or self.sources
        return text + (f", through {', '.join(where)}" if where else "")


# names synthesis makes up for the nets between its cells (`sent_q_TRELLIS_FF_Q_2_DI_L6MUX21_Z_SD`)
MADE_UP = re.compile(r"\$|TRELLIS_|CCU2C|MULT18X18D|ALU54B|LUT4|L6MUX21|PFUMX|DP16KD|DPR16X4")


class Netlist:
    """The cells and nets of a synthesised (flat) Yosys JSON netlist, to name a cell by the register it is."""

    def __init__(self, path: Path, top: str) -> None:
        module = json.loads(path.read_text())["modules"][top]
        self.cells: dict[str, dict] = module["cells"]
        # per net bit, the best of its names: written in the source (not made up by synthesis), then the
        # shallowest, then the shortest
        ranked = sorted(module["netnames"].items(), key=lambda kv: (kv[1].get("hide_name", 0),
                                                                    bool(MADE_UP.search(kv[0])),
                                                                    kv[0].count("."), len(kv[0]), kv[0]))
        names: dict[int, tuple[str, int]] = {}
        for name, net in ranked:
            for i, bit in enumerate(net["bits"]):
                if isinstance(bit, int) and bit not in names:
                    names[bit] = (name, i if len(net["bits"]) > 1 else -1)
        self.bit_names = names

    def register(self, cell: str) -> tuple[str, int] | None:
        """(net, bit) a cell drives on its register output; bit -1 for a one-bit net; None if unknown."""
        conns = self.cells.get(cell, {}).get("connections", {})
        for port in REGISTER_OUTPUTS:
            bits = conns.get(port)
            if bits and isinstance(bits[0], int) and bits[0] in self.bit_names:
                return self.bit_names[bits[0]]
        return None


def _name(cell: str, netlist: Netlist, wrapper: Wrapper) -> str:
    """A register cell by what it holds: `input lhs_data[3]` (a wrapper register that drives the target's
    port), `output result_data[21]`, or the target's own register (`u_ctrl.sent_q[2]`)."""
    found = netlist.register(cell)
    if found is None:
        return cell
    net, bit = found
    m = BIT.match(net)
    if bit < 0 and m:
        net, bit = m[1], int(m[2])
    if net in (IN_VECTOR, OUT_REGISTER):
        port = wrapper.signal(IN_VECTOR if net == IN_VECTOR else OUT_VECTOR, max(bit, 0))
        if port is not None:
            return f"{'input' if net == IN_VECTOR else 'output'} {port}"
    net = net.removeprefix(f"{DUT}.")
    label = f"{net}[{bit}]" if bit >= 0 else net
    ports = wrapper.port_directions()
    return f"{ports[net]} {label}" if net in ports else label


def read_critical_path(report: dict, netlist: Netlist, wrapper: Wrapper, own_files: set[str],
                       origins: dict[str, str]) -> CriticalPath | None:
    """The clock-to-clock critical path of nextpnr's `report` (None when the design has no such path)."""
    paths = [p for p in report.get("critical_paths", [])
             if p.get("from", "").startswith("posedge") and p.get("to", "").startswith("posedge")]
    if not paths or not paths[0]["path"]:
        return None
    segs = paths[0]["path"]
    logic = sum(s["delay"] for s in segs if s["type"] in ("clk-to-q", "logic", "setup"))
    routing = sum(s["delay"] for s in segs if s["type"] == "routing")
    sources, instances = [], []
    for s in segs:
        for src in s.get("sources", []):
            loc = _line(src)
            if loc is not None and loc.split(":")[0] in own_files and loc not in sources:
                sources.append(loc)
        for cell in (s["from"]["cell"], s["to"]["cell"]):
            m = INSTANCE.match(cell)
            if m and m[1] in origins:
                named = f"{m[1]} ({origins[m[1]]})"
                if named not in instances:
                    instances.append(named)
    return CriticalPath(_name(segs[0]["from"]["cell"], netlist, wrapper), _name(segs[-1]["to"]["cell"], netlist,
                        wrapper), logic + routing, logic, routing, sum(1 for s in segs if s["type"] == "logic"),
                        tuple(sources), tuple(instances))


SOURCE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)")


def _line(src: str) -> str | None:
    """`arith_binop.sv:69.49-69.68` -> `arith_binop.sv:69`."""
    m = SOURCE.match(src)
    return f"{Path(m['file']).name}:{m['line']}" if m else None
