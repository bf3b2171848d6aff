"""`dfg.dot` / `dfg.svg`: a picture of the DFG.

Operations are boxes (dataflow ops highlighted, forks/sinks/buffers small), edges carry their
channel type (control edges dashed), each memory group (its interface and access ports) is a
cluster, and the function interface (start, arguments, results, done) sits on the top and bottom
ranks.

`dfg.svg` is drawn with Graphviz `dot` when it is installed (`draw`), and the picture never holds up or fails
the lowering: `dot` runs as a bounded child (its own session, at most `DOT_MEMORY` bytes, killed with its
session after its time and when `dfv` dies). A graph of at most `FULL_STYLE_MAX_NODES` nodes is first laid out
in the full style (curved edges, `FULL_SECONDS`); a larger one, or one that style did not finish, in the fast
style (`FAST_STYLE`: straight edges and bounded rank and crossing searches, `FAST_SECONDS`), which lays out a
thousand-operation function in seconds where the full style takes minutes and gigabytes. Above
`PICTURE_MAX_NODES` nodes, or when `dot` is missing, fails or runs out of time, there is no `dfg.svg` and the
`Picture` says why (`dfv lower` prints it as a note); `dfg.dot` is always written.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass

from dfv.golden.types import CONTROL
from dfv.lowering.dfg import DFG
from dfv.sim.process import run_bounded

PICTURE_MAX_NODES = 1000
"""Largest graph drawn: past it `dot` needs minutes or gigabytes even in the fast style."""
FULL_STYLE_MAX_NODES = 300
"""Largest graph tried in the full style first (the kernels, up to 265 nodes, lay out in under 2 s)."""
FULL_SECONDS, FAST_SECONDS = 5.0, 15.0
"""Time bounds of the two layouts."""
DOT_MEMORY = 1 << 30
"""Address space `dot` may use (1 GiB; unbounded, one 1,000-operation function took 3.2 GB)."""
FAST_STYLE = {"splines": "false", "nslimit": "0.2", "nslimit1": "0.2", "mclimit": "0.05", "remincross": "false",
              "searchsize": "10"}
"""Graph attributes of the fast layout (given to `dot` as -G options, so `dfg.dot` stays the same)."""

STYLE = {
    "dataflow": ("box", "filled,bold", "#ffd8a8"),
    "handshake.load": ("box", "filled", "#c5e8ff"),
    "handshake.store": ("box", "filled", "#c5e8ff"),
    "handshake.memory": ("box3d", "filled", "#8ecbff"),
    "handshake.extmemory": ("box3d", "filled", "#8ecbff"),
    "handshake.fork": ("point", "filled", "#555555"),
    "handshake.sink": ("point", "filled", "#bbbbbb"),
    "handshake.buffer": ("box", "filled", "#eeeeee"),
    "handshake.cond_br": ("invtriangle", "filled", "#d3f9d8"),
    "handshake.mux": ("triangle", "filled", "#d3f9d8"),
    "handshake.join": ("invhouse", "filled", "#e5dbff"),
    "handshake.constant": ("ellipse", "filled", "#f1f3f5"),
    "func": ("oval", "filled", "#ffe066"),
    "arith": ("box", "rounded,filled", "#ffffff"),
}


def _style(op: str):
    if op in STYLE:
        return STYLE[op]
    return STYLE.get(op.split(".")[0], ("box", "filled", "#ffffff"))


def _label(g: DFG, n) -> str:
    op = n.op
    if op in ("handshake.fork", "handshake.sink"):
        return ""
    short = op.split(".", 1)[1] if "." in op else op
    extra = ""
    p = n.params
    if op == "handshake.constant":
        extra = f"\\n{p['value']} : {n.out_types['out']}"
    elif op == "arith.cmpi":
        extra = f" {p['predicate']}"
    elif op == "dataflow.stream":
        extra = f"\\nstep_op={p['step_op']} cont_cond={p['cont_cond']}"
    elif op in ("func.arg", "func.result"):
        extra = f" #{p['position']}"
    elif op in ("handshake.memory", "handshake.extmemory"):
        extra = f"\\n{n.group}: {p['n_store']} st, {p['n_load']} ld"
    role = n.meta.get("role")
    if role and op.startswith("dataflow."):
        extra += f"\\n({role})"
    return f"{short}{extra}\\n{n.loc.rsplit('/', 1)[-1]}"


def _q(s: str) -> str:
    return '"' + s.replace('"', '\\"') + '"'


def to_dot(g: DFG) -> str:
    out = [f"digraph {_q(g.name)} {{",
           f'  label={_q("@" + g.name + f"  ({len(g.nodes)} nodes, {len(g.channels)} channels)")};',
           '  labelloc=t; rankdir=TB; nodesep=0.25; ranksep=0.35;',
           '  node [fontname="Helvetica", fontsize=9, height=0.3, margin="0.05,0.02"];',
           '  edge [fontname="Helvetica", fontsize=7, arrowsize=0.6];']
    grouped: dict[str, list] = {}
    for n in g.nodes.values():
        if n.group:
            grouped.setdefault(n.group, []).append(n)

    def node_line(n) -> str:
        shape, style, color = _style(n.op)
        extra = ', width=0.08, height=0.08' if shape == "point" else ""
        return (f"    {_q(n.id)} [label={_q(_label(g, n))}, shape={shape}, style={_q(style)}, "
                f"fillcolor={_q(color)}, tooltip={_q(n.op + ' ' + n.id + ' ' + n.loc)}{extra}];")

    for name, nodes in grouped.items():
        grp = g.groups.get(name)
        what = f"{grp.kind} {name} ({grp.root}: {grp.size} x {grp.elem_type})" if grp else name
        out.append(f"  subgraph {_q('cluster_' + name)} {{")
        out.append(f"    label={_q(what)}; style=\"rounded,dashed\"; color=\"#1971c2\"; fontsize=9;")
        out += [node_line(n) for n in nodes]
        out.append("  }")
    for n in g.nodes.values():
        if not n.group:
            out.append(node_line(n))
    top = [n.id for n in g.nodes.values() if n.op in ("func.start", "func.arg")]
    bottom = [n.id for n in g.nodes.values() if n.op in ("func.result", "func.done")]
    if top:
        out.append("  { rank=min; " + " ".join(_q(x) + ";" for x in top) + " }")
    if bottom:
        out.append("  { rank=max; " + " ".join(_q(x) + ";" for x in bottom) + " }")
    for c in g.channels:
        style = "dashed" if c.type == CONTROL else "solid"
        attrs = [f"label={_q(str(c.type) if c.type != CONTROL else '')}", f"style={style}",
                 f"tooltip={_q(c.id + ': ' + str(c.src) + ' -> ' + str(c.dst) + ' ' + str(c.type))}"]
        if g.nodes[c.dst.node].op == "handshake.buffer" or g.nodes[c.src.node].op == "handshake.buffer":
            attrs.append('color="#e03131"')
        out.append(f"  {_q(c.src.node)} -> {_q(c.dst.node)} [{', '.join(attrs)}];")
    out.append("}")
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class Picture:
    """What `draw` made: the SVG file, or None and the reason there is none (one line)."""

    svg: str | None
    note: str | None = None


def draw(dot_path: str, nodes: int) -> Picture:
    """Draw `dot_path` (a graph of `nodes` nodes) into the SVG file beside it (`dfg.dot` -> `dfg.svg`)."""
    svg = dot_path[:-4] + ".svg" if dot_path.endswith(".dot") else dot_path + ".svg"
    name = os.path.basename(svg)
    exe = shutil.which("dot")
    if exe is None:
        return Picture(None, f"{name} not drawn: Graphviz dot is not installed")
    if nodes > PICTURE_MAX_NODES:
        return Picture(None, f"{name} not drawn: {nodes} nodes, more than {PICTURE_MAX_NODES} "
                             f"(dfv.lowering.dot.PICTURE_MAX_NODES); {os.path.basename(dot_path)} has the graph")
    tries = [({}, FULL_SECONDS)] if nodes <= FULL_STYLE_MAX_NODES else []
    tries.append((FAST_STYLE, FAST_SECONDS))
    part = f"{svg}.{os.getpid()}.part"
    why = ""
    try:
        for style, seconds in tries:
            cmd = [exe, "-Tsvg", *(f"-G{k}={v}" for k, v in style.items()), dot_path, "-o", part]
            proc = run_bounded(cmd, seconds, memory_bytes=DOT_MEMORY, die_with_parent=True, stderr=subprocess.STDOUT)
            if proc is not None and proc.returncode == 0:
                try:
                    os.replace(part, svg)
                except OSError as exc:
                    return Picture(None, f"{name} not drawn: cannot write {svg}: {exc.strerror or exc}")
                return Picture(svg)
            why = (f"Graphviz dot did not finish in {seconds:.0f} s" if proc is None else
                   f"Graphviz dot failed (exit status {proc.returncode}: {' '.join(proc.stdout.split())[:200]})")
    finally:
        if os.path.exists(part):
            os.remove(part)
    return Picture(None, f"{name} not drawn: {why}; {os.path.basename(dot_path)} has the graph")
