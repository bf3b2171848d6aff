"""A static delay model of a netlist synthesised for the ECP5 (Yosys' `synth_ecp5` JSON), without placement.

Each cell contributes the logic delay nextpnr-ecp5 uses for it (the default speed grade; the figures below
are the ones its timing reports give: a LUT4 0.236 ns, a carry chain entry 0.447 ns and 0.071 ns per
further CCU2C, ...), and every net between two cells, except the dedicated carry wire, one routing delay
`route_ns` (fitted to the critical paths nextpnr reports, docs/timing.md "The delay model"). Registers launch at their
clock-to-q and capture at their setup time.

Two questions are answered from it: the arcs of a module (from each input port to each output port, the
longest combinational delay; when each output port is valid after the clock; how long before the clock each
input port must be) which the lowering's timing-driven buffering sums over a generated circuit, and the
longest register-to-register path of a whole netlist (the model's Fmax, compared with nextpnr's to fit
`route_ns`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dfv.paths import PACKAGE_DIR

#: the delay table `dfv timing --characterise` writes and the lowering's timing-driven buffering reads
TABLE = PACKAGE_DIR / "timing" / "delays.json"

#: combinational cells: (input pins, output pins, logic delay in ns) for every arc through the cell
COMBINATIONAL: dict[str, tuple[tuple[tuple[str, ...], tuple[str, ...], float], ...]] = {
    "LUT4": ((("A", "B", "C", "D"), ("Z",), 0.236),),
    "PFUMX": ((("ALUT", "BLUT", "C0"), ("Z",), 0.256),),
    "L6MUX21": ((("D0", "D1", "SD"), ("Z",), 0.256),),
    "CCU2C": ((("A0", "B0", "C0", "D0", "A1", "B1", "C1", "D1"), ("COUT",), 0.447),
              (("A0", "B0", "C0", "D0", "A1", "B1", "C1", "D1"), ("S0", "S1"), 0.443),
              (("CIN",), ("COUT",), 0.071),
              (("CIN",), ("S0", "S1"), 0.443)),
    # a distributed RAM's asynchronous read: the read address to the data out (as a LUT and its mux)
    "TRELLIS_DPR16X4": ((("RAD",), ("DO",), 0.492),),
    # an unregistered 18x18 multiplier (Yosys does not pack the DSP's own registers): 3.93 ns measured
    "MULT18X18D": ((tuple(f"{p}{i}" for p in "AB" for i in range(18)), tuple(f"P{i}" for i in range(36)), 3.93),),
}
#: the carry wire between two CCU2Cs: no routing delay
CARRY_PINS = ("CIN", "COUT")
#: registers' outputs: clock-to-q in ns (a block RAM's read data: its clock-to-out)
LAUNCH: dict[str, dict[str, float]] = {
    "TRELLIS_FF": {"Q": 0.525},
    "DP16KD": {f"DO{p}{i}": 2.6 for p in "AB" for i in range(18)},
}
#: registers' inputs: setup time in ns (an unlisted input of a listed register: 0)
CAPTURE: dict[str, dict[str, float]] = {
    "TRELLIS_FF": {"DI": 0.0, "M": 0.0, "LSR": 0.424, "CE": 0.0},
    "DP16KD": {},
    "TRELLIS_DPR16X4": {"DI": 0.0, "WAD": 0.0, "WRE": 0.0},
}
#: the routing delay of one net between cells, in ns (fitted to nextpnr-ecp5: docs/timing.md, "The delay model")
ROUTE_NS = 0.6
#: what a path saves where it passes from one module to the next (synthesis of the whole circuit merges the
#: last LUT of one with the first of the other, and their net), in ns: fitted to nextpnr-ecp5's critical
#: paths of eight kernels against the sum of their modules' arcs (docs/timing.md, "The delay model")
MERGE_NS = 0.95
#: what a wire between two modules costs on top of the table's arcs (each module was characterised alone, its
#: ports a net away from registers placed beside it; in a whole circuit its neighbours sit further away), in
#: ns: the critical paths nextpnr-ecp5 found in 43 kernels cross 189 nets between modules at 1.07 ns each
#: (0.18 inside one); 0.5 lifted the buffered kernels most (docs/timing.md, "A wire between modules")
HOP_NS = 0.5


class NetlistError(ValueError):
    """A netlist the model cannot read (a cell type it has no timing for, a combinational loop)."""


def _pin_base(pin: str) -> str:
    """A bus pin's name without its index (`RAD` for the RAM's address bits)."""
    return pin.rstrip("0123456789") if pin.startswith(("RAD", "DO", "DI", "WAD")) else pin


@dataclass
class _Cell:
    name: str
    type: str
    inputs: dict[str, list]  # pin -> bits
    outputs: dict[str, list]


class TimingNetlist:
    """One module of a flat synthesised netlist, ready for arrival-time propagation."""

    def __init__(self, path: Path, top: str, route_ns: float = ROUTE_NS) -> None:
        module = json.loads(path.read_text())["modules"][top]
        self.route_ns = route_ns
        self.ports: dict[str, tuple[str, list]] = {name: (p["direction"], p["bits"])
                                                   for name, p in module["ports"].items()}
        self.cells: list[_Cell] = []
        for name, c in module["cells"].items():
            dirs = c.get("port_directions", {})
            ins = {p: b for p, b in c["connections"].items() if dirs.get(p) == "input"}
            outs = {p: b for p, b in c["connections"].items() if dirs.get(p) == "output"}
            if not ins and not outs:
                continue
            if c["type"] not in COMBINATIONAL and c["type"] not in LAUNCH and c["type"] not in CAPTURE:
                raise NetlistError(f"{path.name}: no timing for cell type {c['type']} ({name})")
            self.cells.append(_Cell(name, c["type"], ins, outs))
        self.order = self._topological()

    def _arcs(self, cell: _Cell) -> list[tuple[str, str, float]]:
        """(input pin, output pin, ns) of every combinational arc of `cell`."""
        out = []
        for ins, outs, ns in COMBINATIONAL.get(cell.type, ()):
            for p in cell.inputs:
                if p in ins or _pin_base(p) in ins:
                    out += [(p, q, ns) for q in cell.outputs if q in outs or _pin_base(q) in outs]
        return out

    def _topological(self) -> list[tuple[_Cell, list[tuple[str, str, float]]]]:
        """The combinational cells in an order where every cell comes after the cells driving its inputs."""
        comb = [(c, self._arcs(c)) for c in self.cells]
        comb = [(c, a) for c, a in comb if a]
        driver: dict[int, int] = {}
        for k, (c, arcs) in enumerate(comb):
            for _, q, _ in arcs:
                for b in c.outputs[q]:
                    if isinstance(b, int):
                        driver[b] = k
        succ: dict[int, set[int]] = defaultdict(set)
        indeg = [0] * len(comb)
        for k, (c, arcs) in enumerate(comb):
            preds = {driver[b] for p in {a[0] for a in arcs} for b in c.inputs[p]
                     if isinstance(b, int) and b in driver}
            for j in preds:
                if k not in succ[j]:
                    succ[j].add(k)
                    indeg[k] += 1
        ready = [k for k in range(len(comb)) if indeg[k] == 0]
        order = []
        while ready:
            k = ready.pop()
            order.append(comb[k])
            for m in succ[k]:
                indeg[m] -= 1
                if indeg[m] == 0:
                    ready.append(m)
        if len(order) != len(comb):
            raise NetlistError("a combinational loop in the netlist")
        return order

    def propagate(self, start: dict[int, float]) -> dict[int, float]:
        """Arrival time of every net bit reached from `start` (bit -> time at its driver), through the
        combinational cells; a net adds `route_ns` at each load but the carry wire."""
        t = dict(start)
        for cell, arcs in self.order:
            for p, q, ns in arcs:
                wire = 0.0 if p in CARRY_PINS else self.route_ns
                at = max((t[b] for b in cell.inputs[p] if isinstance(b, int) and b in t), default=None)
                if at is None:
                    continue
                for b in cell.outputs[q]:
                    if isinstance(b, int) and t.get(b, -1.0) < at + wire + ns:
                        t[b] = at + wire + ns
        return t

    def launches(self) -> dict[int, float]:
        """Every register output bit -> its clock-to-q."""
        out = {}
        for c in self.cells:
            for pin, ns in LAUNCH.get(c.type, {}).items():
                for b in c.outputs.get(pin, ()):
                    if isinstance(b, int):
                        out[b] = ns
        return out

    def captures(self) -> list[tuple[int, float]]:
        """(bit, setup) of every register input; a bit reaching a register needs `route_ns` + setup more."""
        out = []
        for c in self.cells:
            if c.type not in CAPTURE:
                continue
            setup = CAPTURE[c.type]
            for pin, bits in c.inputs.items():
                if c.type in COMBINATIONAL and not (pin in setup or _pin_base(pin) in setup):
                    continue  # a combinational input of a RAM (its read address)
                ns = setup.get(pin, setup.get(_pin_base(pin), 0.0))
                out += [(b, ns) for b in bits if isinstance(b, int)]
        return out

    def port_bits(self, direction: str) -> dict[str, list[int]]:
        """The net bits of every port of `direction` (`input` / `output`), constants left out."""
        return {name: [b for b in bits if isinstance(b, int)] for name, (d, bits) in self.ports.items()
                if d == direction}

    def longest_register_path(self) -> float:
        """The longest register-to-register delay in ns (clock-to-q, logic, routing and setup)."""
        t = self.propagate(self.launches())
        return max((t[b] + self.route_ns + s for b, s in self.captures() if b in t), default=0.0)


@dataclass(frozen=True)
class ModuleArcs:
    """The timing of a module's ports: `arcs[(a, b)]` the longest combinational delay from input port `a`'s
    pins to output port `b`'s (ns, the routing into `a` included), `launch[b]` when output `b` is valid
    after the clock (from a register inside), `capture[a]` how long input `a` must be valid before the
    clock (to a register inside, its setup included), `internal` the longest path from a register inside to
    one inside (what no buffering outside the module can shorten)."""

    arcs: dict[tuple[str, str], float]
    launch: dict[str, float]
    capture: dict[str, float]
    internal: float = 0.0

    def to_json(self) -> dict:
        return {"arcs": [[a, b, round(ns, 3)] for (a, b), ns in sorted(self.arcs.items())],
                "launch": {k: round(v, 3) for k, v in sorted(self.launch.items())},
                "capture": {k: round(v, 3) for k, v in sorted(self.capture.items())},
                "internal": round(self.internal, 3)}

    @classmethod
    def from_json(cls, d: dict) -> ModuleArcs:
        return cls({(a, b): float(ns) for a, b, ns in d["arcs"]}, dict(d["launch"]), dict(d["capture"]),
                   float(d["internal"]))


def module_arcs(net: TimingNetlist, ignore: tuple[str, ...] = ()) -> ModuleArcs:
    """The port timing of a module's netlist (`ignore`: ports left out, the clock and reset)."""
    ins = {k: v for k, v in net.port_bits("input").items() if k not in ignore}
    outs = {k: v for k, v in net.port_bits("output").items() if k not in ignore}
    captures = net.captures()
    arcs: dict[tuple[str, str], float] = {}
    capture: dict[str, float] = {}
    for a, bits in ins.items():
        t = net.propagate(dict.fromkeys(bits, 0.0))
        for b, obits in outs.items():
            reach = [t[x] for x in obits if x in t and x not in bits]
            if reach:
                arcs[(a, b)] = max(reach)
            elif any(x in bits for x in obits):  # an output wired straight from the input
                arcs[(a, b)] = 0.0
        need = [t[x] + net.route_ns + s for x, s in captures if x in t]
        if need:
            capture[a] = max(need)
    t = net.propagate(net.launches())
    launch = {b: max(t[x] for x in obits if x in t) for b, obits in outs.items() if any(x in t for x in obits)}
    return ModuleArcs(arcs, launch, capture, net.longest_register_path())


#: parameters that size a module (its data words and fan-out); the others select what it computes
SIZE_PARAMS = ("W", "IW", "OW", "SW", "N")


@dataclass(frozen=True)
class DelayTable:
    """The characterised modules: per module, (parameters, port timing) for every parameter set."""

    route_ns: float
    merge_ns: float
    hop_ns: float
    modules: dict[str, tuple[tuple[dict[str, int], ModuleArcs], ...]]

    def arcs(self, module: str, params: dict[str, int]) -> ModuleArcs | None:
        """The port timing of `module` at `params`: the characterised set itself, else, among the sets that
        compute the same thing (same parameters but the sizes), the closest one at least as large in every
        size (the least product of size ratios), else the largest (None when the module was never
        characterised)."""
        entries = self.modules.get(module)
        if not entries:
            return None
        same = [e for e in entries if {k: v for k, v in e[0].items() if k not in SIZE_PARAMS}
                == {k: v for k, v in params.items() if k not in SIZE_PARAMS}] or list(entries)
        sizes = {k: max(1, v) for k, v in params.items() if k in SIZE_PARAMS}

        def ratio(p: dict[str, int]) -> float:
            out = 1.0
            for k, v in sizes.items():
                out *= max(1, p.get(k, v)) / v
            return out

        covering = [e for e in same if all(e[0].get(k, v) >= v for k, v in sizes.items())]
        if covering:
            return min(covering, key=lambda e: (ratio(e[0]), sorted(e[0].items())))[1]
        return max(same, key=lambda e: (ratio(e[0]), sorted(e[0].items())))[1]


@cache
def load_table(path: Path = TABLE) -> DelayTable:
    """The delay table at `path` (read once)."""
    d = json.loads(path.read_text())
    modules = {m: tuple((dict(e["params"]), ModuleArcs.from_json(e)) for e in es) for m, es in d["modules"].items()}
    return DelayTable(float(d["route_ns"]), float(d["merge_ns"]), float(d["hop_ns"]), modules)
