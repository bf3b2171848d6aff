"""Names made from MLIR function names: SystemVerilog module names, file-name stems and comment text.

An MLIR symbol may be any string: `@module` (a SystemVerilog keyword), `@"my-func"` (a quoted symbol), a name of
5,000 characters, one with a `/` or a newline in it. Every name of a function that reaches a generated file or a
file name is made here, so each is legal where it goes and distinct functions keep distinct names:

* `sv_identifier`: the SystemVerilog module name of a function (`top.sv`, the kernel harness, the simulators'
  top-level): the name itself when it is a plain identifier (a letter or `_`, then letters, digits and `_`), not
  a keyword of IEEE 1800-2017 (Annex B) and at most `MAX_NAME` characters; otherwise `f_<slug>_<hash>`, where
  the slug is the name's letters, digits and `_` (at most `SLUG` of them) and the hash the first 8 hex digits of
  the name's SHA-256. Ports are named by position (`arg0_data`, `res1_valid`), never after MLIR names.
* `file_stem`: a function's part of a file or folder name (`dfg.<stem>.yaml`, the build and run folders): the
  name itself when it is letters, digits, `_` and `-` (not first) and at most `MAX_NAME` characters; otherwise
  `<slug>_<hash>` as above. A stem is never longer than `MAX_NAME`, so no path gets "File name too long".
* `comment_text`: text shown in a `//` comment of generated SystemVerilog (a function name, a source location
  with its file name): control characters are escaped, so a newline in a name cannot end the comment.
"""

from __future__ import annotations

import hashlib
import re

MAX_NAME = 64
"""Longest function name kept as it is in a module name or a file name: Verilator makes C++ file names from the
top-level module's name and adds some 60 characters, and a file name has at most 255 bytes."""

SLUG = 32
"""Most characters of a name kept in the hashed form."""

SV_KEYWORDS = frozenset("""
accept_on alias always always_comb always_ff always_latch and assert assign assume automatic before begin bind
bins binsof bit break buf bufif0 bufif1 byte case casex casez cell chandle checker class clocking cmos config const
constraint context continue cover covergroup coverpoint cross deassign default defparam design disable dist do
edge else end endcase endchecker endclass endclocking endconfig endfunction endgenerate endgroup endinterface
endmodule endpackage endprimitive endprogram endproperty endspecify endsequence endtable endtask enum event
eventually expect export extends extern final first_match for force foreach forever fork forkjoin function
generate genvar global highz0 highz1 if iff ifnone ignore_bins illegal_bins implements implies import incdir
include initial inout input inside instance int integer interconnect interface intersect join join_any join_none
large let liblist library local localparam logic longint macromodule matches medium modport module nand negedge
nettype new nexttime nmos nor noshowcancelled not notif0 notif1 null or output package packed parameter pmos
posedge primitive priority program property protected pull0 pull1 pulldown pullup pulsestyle_ondetect
pulsestyle_onevent pure rand randc randcase randsequence rcmos real realtime ref reg reject_on release repeat
restrict return rnmos rpmos rtran rtranif0 rtranif1 s_always s_eventually s_nexttime s_until s_until_with
scalared sequence shortint shortreal showcancelled signed small soft solve specify specparam static string strong
strong0 strong1 struct super supply0 supply1 sync_accept_on sync_reject_on table tagged task this throughout time
timeprecision timeunit tran tranif0 tranif1 tri tri0 tri1 triand trior trireg type typedef union unique unique0
unsigned until until_with untyped use uwire var vectored virtual void wait wait_order wand weak weak0 weak1 while
wildcard wire with within wor xnor xor
""".split())
"""The reserved keywords of SystemVerilog (IEEE 1800-2017, Annex B)."""

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STEM = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")


def _hashed(name: str, prefix: str) -> str:
    slug = re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9_]", "_", name)).strip("_")[:SLUG].rstrip("_")
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{prefix}{slug}_{digest}" if slug else f"{prefix}{digest}"


def sv_identifier(name: str) -> str:
    """The SystemVerilog module name of function `name` (see the module docstring)."""
    if len(name) <= MAX_NAME and _IDENTIFIER.fullmatch(name) and name not in SV_KEYWORDS:
        return name
    return _hashed(name, "f_")


def file_stem(name: str) -> str:
    """Function `name`'s part of a file or folder name (see the module docstring)."""
    if len(name) <= MAX_NAME and _STEM.fullmatch(name):
        return name
    return _hashed(name, "")


def comment_text(text: str) -> str:
    """`text` safe inside a `//` comment: control characters (a newline, a carriage return) and the other
    characters that are not printable escaped as Python writes them."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
