"""A self-checking-free SystemVerilog testbench for a generated top (RTL smoke runs of a kernel).

`gen_tb(g, args)` drives `start` and every scalar argument once (valid held until accepted), keeps
every result and `done` ready, models each memref argument as an in-order external memory on the
`extmemory` boundary (one request per cycle, load data captured at the request, responses in order),
and prints `RES i value`, `MEM i k value`, `CYCLES n`, `ERR code` once all results and `done` have
arrived (or `TIMEOUT`). `run_icarus` compiles and runs it and parses that output. It is a smoke test
of the generated wiring; the project's cocotb engines are the real RTL flows.
"""

from __future__ import annotations

import os
import subprocess

from dfv.golden.interpreter import arg_words, memref_extent
from dfv.lowering.dfg import DFG


def gen_tb(g: DFG, args: dict[int, object], max_cycles: int = 200_000) -> str:
    name = g.name
    L = ["`timescale 1ns/1ps", "module tb;", "  logic clk = 1'b0;", "  logic rst = 1'b1;",
         "  always #5 clk = ~clk;", "  logic start_valid = 1'b0;", "  wire start_ready;",
         "  wire done_valid;", "  logic done_got = 1'b0;", "  wire err_valid;", "  wire [15:0] err_code;",
         "  integer cycles = 0;", "  integer after = 0;"]
    conns = [".clk(clk)", ".rst(rst)", ".start_valid(start_valid)", ".start_ready(start_ready)",
             ".done_valid(done_valid)", ".done_ready(1'b1)", ".err_valid(err_valid)", ".err_code(err_code)"]
    init, seq, got, start_lines = [], [], ["done_got"], []
    words = arg_words(g, args)  # floats from their text, integers wrapped: the channel words
    for a in g.args:
        i = a.position
        if a.scalar:
            w = a.type.width
            v = words[i]
            L += [f"  logic [{w - 1}:0] arg{i}_data = {w}'h{v:x};", f"  logic arg{i}_valid = 1'b0;",
                  f"  wire arg{i}_ready;"]
            conns += [f".arg{i}_data(arg{i}_data)", f".arg{i}_valid(arg{i}_valid)", f".arg{i}_ready(arg{i}_ready)"]
            start_lines.append(f"    arg{i}_valid = 1'b1;")
            seq.append(f"      if (arg{i}_valid && arg{i}_ready) arg{i}_valid <= 1'b0;")
        else:
            grp = next(m for m in g.groups.values() if m.position == i)
            w, aw, n = grp.elem_type.width, g.index_width, grp.size
            L += [f"  logic [{w - 1}:0] mem{i} [0:{n - 1}];", f"  logic [{w - 1}:0] q{i} [0:255];",
                  f"  integer qh{i} = 0;", f"  integer qt{i} = 0;",
                  f"  wire [{aw + w}:0] arg{i}_mem_req_data;", f"  wire arg{i}_mem_req_valid;",
                  f"  wire arg{i}_mem_resp_ready;",
                  f"  wire [{aw - 1}:0] a{i} = arg{i}_mem_req_data[{aw + w - 1}:{w}];"]
            conns += [f".arg{i}_mem_req_data(arg{i}_mem_req_data)", f".arg{i}_mem_req_valid(arg{i}_mem_req_valid)",
                      f".arg{i}_mem_req_ready(1'b1)", f".arg{i}_mem_resp_data(q{i}[qh{i} % 256])",
                      f".arg{i}_mem_resp_valid(qh{i} != qt{i})", f".arg{i}_mem_resp_ready(arg{i}_mem_resp_ready)"]
            for k, v in enumerate(words[i]):
                init.append(f"    mem{i}[{k}] = {w}'h{v:x};")
            seq += [f"      if (arg{i}_mem_req_valid) begin",
                    f"        if (arg{i}_mem_req_data[{aw + w}]) begin",
                    f"          if (a{i} < {n}) mem{i}[a{i}] <= arg{i}_mem_req_data[{w - 1}:0];",
                    "        end else begin",
                    f"          q{i}[qt{i} % 256] <= (a{i} < {n}) ? mem{i}[a{i}] : {w}'d0;",
                    f"          qt{i} <= qt{i} + 1;",
                    "        end",
                    "      end",
                    f"      if (qh{i} != qt{i} && arg{i}_mem_resp_ready) qh{i} <= qh{i} + 1;"]
    for r in g.results:
        i, w = r.position, r.type.width
        L += [f"  wire [{w - 1}:0] res{i}_data;", f"  wire res{i}_valid;", f"  logic res{i}_got = 1'b0;",
              f"  logic [{w - 1}:0] res{i}_val;"]
        conns += [f".res{i}_data(res{i}_data)", f".res{i}_valid(res{i}_valid)", f".res{i}_ready(1'b1)"]
        seq.append(f"      if (res{i}_valid) begin res{i}_got <= 1'b1; res{i}_val <= res{i}_data; end")
        got.append(f"res{i}_got")
    L.append(f"  {name} dut (" + ", ".join(conns) + ");")
    L += ["  initial begin", *init, "    repeat (3) @(posedge clk);", "    rst <= 1'b0;",
          "    start_valid <= 1'b1;", *[ln.replace(" = ", " <= ") for ln in start_lines], "  end"]
    L += ["  always @(posedge clk) begin", "    if (!rst) begin", "      cycles <= cycles + 1;",
          "      if (start_valid && start_ready) start_valid <= 1'b0;", "      if (done_valid) done_got <= 1'b1;"]
    L += seq
    fin = ["$display(\"CYCLES %0d\", cycles);", "$display(\"ERR %0d\", err_code);"]
    for r in g.results:
        fin.append(f"$display(\"RES {r.position} %0d\", res{r.position}_val);")
    for grp in g.groups.values():
        if grp.position is not None:
            i = grp.position
            n = memref_extent(grp, words)  # the argument's elements (a dynamic size fills part of the memory)
            fin.append(f"for (int k = 0; k < {n}; k++) $display(\"MEM {i} %0d %0d\", k, mem{i}[k]);")
    L += [f"      if ({' && '.join(got)}) after <= after + 1;",
          "      if (after == 20) begin", *[f"        {f}" for f in fin], "        $finish;", "      end",
          f"      if (cycles > {max_cycles}) begin $display(\"TIMEOUT\"); $finish; end", "    end", "  end"]
    return "\n".join(L) + "\nendmodule\n"


def run_icarus(g: DFG, top_sv: str, rtl_files: list[str], args: dict[int, object], workdir: str,
               timeout: float = 120) -> dict:
    """Compile and run on Icarus; returns {"returns": [...raw], "memrefs": {pos: [...raw]}, "cycles", "err"}."""
    tb = os.path.join(workdir, "tb.sv")
    text = gen_tb(g, args)
    with open(tb, "w", encoding="utf-8") as fh:
        fh.write(text)
    exe = os.path.join(workdir, "sim.vvp")
    comp = subprocess.run(["iverilog", "-g2012", "-s", "tb", "-o", exe, *rtl_files, top_sv, tb],
                          capture_output=True, text=True, timeout=600)
    if comp.returncode:
        raise RuntimeError(f"iverilog failed: {comp.stderr[-3000:]}")
    out = {"returns": [None] * len(g.results), "memrefs": {}, "cycles": None, "err": None, "timeout": False,
           "hang": False}
    try:
        run = subprocess.run(["vvp", "-n", exe], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        out["hang"] = True  # no simulated time progress: a zero-delay loop in the simulation
        return out
    for ln in run.stdout.splitlines():
        p = ln.split()
        if not p:
            continue
        if p[0] == "TIMEOUT":
            out["timeout"] = True
        elif p[0] == "CYCLES":
            out["cycles"] = int(p[1])
        elif p[0] == "ERR":
            out["err"] = int(p[1])
        elif p[0] == "RES":
            out["returns"][int(p[1])] = int(p[2])
        elif p[0] == "MEM":
            out["memrefs"].setdefault(int(p[1]), []).append(int(p[3]))
    return out
