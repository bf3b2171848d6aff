"""`dfg.dot` / `dfg.svg`: a picture of the DFG.

Operations are boxes (dataflow ops highlighted, forks/sinks/buffers small), edges carry their
channel type (control edges dashed), each memory group (its interface and access ports) is a
cluster, and the function interface (start, arguments, results, done) sits on the top and bottom
ranks. `dfg.svg` is rendered with Graphviz `dot` when it is installed.
"""

from __future__ import annotations

import shutil
import subprocess

from dfv.golden.types import CONTROL
from dfv.lowering.dfg import DFG

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


def write_dot(g: DFG, path: str, svg: bool = True) -> list[str]:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(to_dot(g))
    files = [path]
    exe = shutil.which("dot")
    if svg and exe:
        target = path[:-4] + ".svg" if path.endswith(".dot") else path + ".svg"
        proc = subprocess.run([exe, "-Tsvg", path, "-o", target], capture_output=True, text=True, timeout=120)
        if proc.returncode == 0:
            files.append(target)
    return files
