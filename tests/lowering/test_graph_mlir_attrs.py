"""A hand-edited `dfg.mlir`: every `dfv.*` attribute the reader takes is checked, and a broken one is one error at
the operation's line:col naming the attribute, exit 2 (these were JSONDecodeError, KeyError, AttributeError,
`internal lowering error ... unknown loop` and `width must be a positive integer, got 0`, exit 3). The unedited
file runs, so each refusal below is the edit's."""

from __future__ import annotations

import json
import os
import re

import pytest
from dfv_cli import check_one_line_error, run_dfv
from kernel_inputs import ROOT

from dfv.golden.types import MAX_INDEX_WIDTH, MIN_INDEX_WIDTH
from dfv.lowering.errors import LoweringError
from dfv.lowering.parse import parse_file, parse_text
from dfv.lowering.pipeline import lower_program
from dfv.runner import run_program

KERNEL = os.path.join(ROOT, "kernels", "dot_product.mlir")
ARGS = [[1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 1, 1, 1, 1, 1, 1], 8]


def q(text: str) -> str:
    """JSON text as xDSL prints it inside a string attribute (a quote is \\22)."""
    return text.replace('"', "\\22")


@pytest.fixture(scope="module")
def graph(tmp_path_factory) -> tuple[str, str]:
    """The dfg.mlir of dot_product and an inputs file for it."""
    d = tmp_path_factory.mktemp("dp")
    proc = run_dfv("lower", KERNEL, "-o", str(d))
    assert proc.returncode == 0, proc.stderr
    (d / "in.json").write_text(json.dumps({"args": ARGS}))
    return (d / "dfg.mlir").read_text(), str(d / "in.json")


def _edit(tmp_path, text: str, old: str, new: str) -> tuple[str, int]:
    """The file with the first `old` replaced by `new`, and the line of the edit."""
    assert old in text, old
    at = text.index(old)
    path = tmp_path / "dfg.mlir"
    path.write_text(text[:at] + new + text[at + len(old):])
    return str(path), text.count("\n", 0, at) + 1


def test_unedited_runs(graph, tmp_path):
    text, inputs = graph
    (tmp_path / "dfg.mlir").write_text(text)
    out = run_program(str(tmp_path / "dfg.mlir"), None, inputs)
    assert out["status"] == "pass", out["message"]
    assert out["returns"] == [sum(a * b for a, b in zip(ARGS[0], ARGS[1], strict=True))]


EDITS = {
    # the cases of issue 25
    "ids_bad_json": ('dfv.ids = "{', 'dfv.ids = "{{', "dfv.ids: invalid JSON at character 2"),
    "ids_without_start": (f'dfv.ids = "{q("{")}{q(chr(34) + "start" + chr(34))}:{q(chr(34) + "start_1" + chr(34))},',
                          'dfv.ids = "{', "dfv.ids: 'start' is a required property"),
    "unknown_loop": (q('{"role":"for_iter","loop":"stream_10"}'), q('{"role":"for_iter","loop":"stream_99"}'),
                     "dfv.meta: loop stream_99 is not a loop of the function's dfv.loops"),
    "index_width_0": ("dfv.index_width = 32 : i64", "dfv.index_width = 0 : i64",
                      f"dfv.index_width must be {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH}, got 0"),
    "index_width_1000": ("dfv.index_width = 32 : i64", "dfv.index_width = 1000 : i64",
                         f"dfv.index_width must be {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH}, got 1000"),
    # the kinds of each attribute
    "index_width_string": ("dfv.index_width = 32 : i64", 'dfv.index_width = "32"',
                           'dfv.index_width must be an integer, got "32"'),
    "id_integer": ('dfv.id = "constant_3"', "dfv.id = 3", "dfv.id must be a string, got 3 : i64"),
    "id_not_an_identifier": ('dfv.id = "constant_3"', 'dfv.id = "const-3"', "dfv.id: 'const-3' is not a node id"),
    "id_twice": ('dfv.id = "constant_4"', 'dfv.id = "constant_3"', "node id constant_3 is used twice"),
    "loc_integer": ('dfv.loc = "' + KERNEL + ':3:3"', "dfv.loc = 7", "dfv.loc must be a string, got 7 : i64"),
    "group_integer": ('dfv.group = "arg0"', "dfv.group = 0", "dfv.group must be a string"),
    "source_integer": ('dfv.source = "' + KERNEL + '"', "dfv.source = 5", "dfv.source must be a string"),
    # JSON and its shape
    "meta_bad_json": (q('{"role":"guard"}'), q('{"role":'), "dfv.meta: invalid JSON at character 9"),
    "meta_list": (q('{"role":"guard"}'), "[1]", "dfv.meta: [1] is not of type 'object'"),
    "meta_role_integer": (q('{"role":"guard"}'), q('{"role":3}'), "dfv.meta: role: 3 is not of type 'string'"),
    "meta_ref_without_port": (q('{"ref":"extmemory_21.ld_done[0]"}'), q('{"ref":"extmemory_21"}'),
                              "dfv.meta: done.ref: 'extmemory_21' is not a port reference"),
    "order_object": ('dfv.order = "[', 'dfv.order = "{' + q('"a"') + ':[', "dfv.order: invalid JSON"),
    "order_missing_node": ('dfv.order = "' + q('["start_1",'), 'dfv.order = "' + q("["),
                           "dfv.order does not list the graph's nodes: it leaves out start_1"),
    "groups_missing_root": ('dfv.groups = "{', 'dfv.groups = "{' + q('"zz":{"node":"nope"}') + ",",
                            "dfv.groups: zz: 'root' is a required property"),
    "loops_integer": ('dfv.loops = "{', 'dfv.loops = "{' + q('"zz"') + ":5,",
                      "dfv.loops: zz: 5 is not of type 'object'"),
    "sources_list": ('dfv.sources = "{', 'dfv.sources = "[1,', "dfv.sources: invalid JSON"),
    # what the attributes name
    "meta_ref_no_node": (q('{"ref":"extmemory_21.ld_done[0]"}'), q('{"ref":"nonode.x"}'),
                         "dfv.meta: done: nonode.x names no node of the graph"),
    "meta_ref_no_port": (q('{"ref":"extmemory_21.ld_done[0]"}'), q('{"ref":"extmemory_21.ld_done[5]"}'),
                         "dfv.meta: done: extmemory_21.ld_done[5]: handshake.extmemory extmemory_21 has no output"),
    "meta_mem_other": (q('"mem":"extmemory_21"'), q('"mem":"extmemory_22"'),
                       'dfv.meta: mem is "extmemory_22", but the circuit gives "extmemory_21"'),
    "meta_position": (q('"position":0'), q('"position":9'), "dfv.meta: position is 9, but the circuit gives 0"),
    "meta_size": (q('"size":8,'), q('"size":80,'), "dfv.meta: size is 80, but the circuit gives 8"),
    "meta_loads": (q('"loads":["load_15"]'), q('"loads":["load_16"]'),
                   "dfv.meta: loads lists load_16; the operation's loads are load_15"),
    "group_other": ('dfv.group = "arg0", dfv.meta = "' + q('{"done'), 'dfv.group = "zzz", dfv.meta = "' + q('{"done'),
                    "dfv.group: zzz is not this operation's memory group (it belongs to group arg0)"),
    "ids_no_argument": (q('"args":{"2":"arg_2"}'), q('"args":{"5":"arg_2"}'),
                        "dfv.ids: args has no node id for argument 2"),
    "ids_extra_argument": (q('"args":{"2":"arg_2"}'), q('"args":{"2":"arg_2","7":"arg_9"}'),
                           "dfv.ids: args names argument 7, which the function does not have"),
    "ids_no_result": (q('"results":{"0":"result_20"}'), q('"results":{}'),
                      "dfv.ids: results has no node id for result 0"),
    "ids_locs_other": (q('"locs":{'), q('"locs":{"nobody":"x",'),
                       "dfv.ids: locs names nobody, which is not an interface node"),
}


@pytest.mark.parametrize("case", sorted(EDITS))
def test_edited_attribute(graph, tmp_path, case):
    """In the process (quick): the LoweringError of the edit, located at the edited operation."""
    text, inputs = graph
    old, new, needle = EDITS[case]
    path, line = _edit(tmp_path, text, old, new)
    with pytest.raises(LoweringError) as err:
        run_program(path, None, inputs)
    msg = str(err.value)
    assert "\n" not in msg and needle in msg, msg
    assert re.match(rf"{re.escape(path)}:{line}:\d+: ", msg), (line, msg)


@pytest.mark.parametrize("case", ["ids_bad_json", "ids_without_start", "unknown_loop", "index_width_0",
                                  "index_width_1000"])
def test_edited_attribute_command(graph, tmp_path, case):
    """The cases of issue 25 through the command: one located line, exit 2."""
    text, inputs = graph
    old, new, needle = EDITS[case]
    path, line = _edit(tmp_path, text, old, new)
    check_one_line_error(run_dfv("run", path, "--inputs", inputs), f"{path}:{line}:", needle)
    check_one_line_error(run_dfv("lower", path, "-o", str(tmp_path / "o")), f"{path}:{line}:", needle)


def test_graph_attributes_all_or_none(graph, tmp_path):
    text, inputs = graph
    sources = re.search(r', dfv.sources = "[^"]*"', text).group(0)
    path, line = _edit(tmp_path, text, sources, "")
    with pytest.raises(LoweringError, match=rf"^{re.escape(path)}:{line}:\d+: dfv.ids, dfv.order, dfv.groups, "
                       "dfv.loops without dfv.sources: a graph written by dfv has all of"):
        run_program(path, None, inputs)


def test_broken_circuit_is_bad_input(graph, tmp_path):
    """An edit the attributes allow but the verifier refuses (a body-local carry moved onto a made-up loop
    condition) is the file's fault: located, exit 2, not an internal lowering error."""
    text, inputs = graph
    loops = re.search(r'dfv.loops = "([^"]*)"', text).group(1)
    moved = loops.replace(q('"after":{"ref":"gate_11.after_cond"}'), q('"after":{"ref":"stream_10.cont"}'))
    assert moved != loops
    path, line = _edit(tmp_path, text, loops, moved)
    line = check_one_line_error(run_dfv("run", path, "--inputs", inputs), "the circuit breaks a rule of the lowering's "
                                "verifier", "must use after_cond of loop stream_10")
    assert re.match(rf"dfv: error: {re.escape(path)}:\d+:\d+: ", line), line


@pytest.mark.parametrize("width", [0, 1, 65, 1000])
def test_index_width_out_of_range_everywhere(tmp_path, width):
    """`--index-width` on the command line and `lower_program` in Python refuse what the hardware cannot be."""
    proc = run_dfv("lower", KERNEL, "--index-width", str(width), "-o", str(tmp_path / "o"))
    check_one_line_error(proc, f"index width must be {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH}, got {width}")
    with pytest.raises(LoweringError, match=f"index width must be {MIN_INDEX_WIDTH}..{MAX_INDEX_WIDTH}, got {width}"):
        lower_program(parse_file(KERNEL), None, width)


def test_inputs_checked_at_the_graphs_index_width(tmp_path):
    """A dfg.mlir lowered with a 64-bit index runs with that width without --index-width: an index input of 2^40
    is taken (it was checked against the default 32 bits and refused)."""
    text = ("func.func @f(%a: index) -> index {\n  %b = arith.addi %a, %a : index\n  func.return %b : index\n}\n")
    (tmp_path / "k.mlir").write_text(text)
    proc = run_dfv("lower", str(tmp_path / "k.mlir"), "--index-width", "64", "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    (tmp_path / "in.json").write_text(json.dumps({"args": [2**40]}))
    out = run_program(str(tmp_path / "o" / "dfg.mlir"), None, str(tmp_path / "in.json"))
    assert out["status"] == "pass" and out["returns"] == [2**41], out


def test_handshake_program_index_width_attribute(tmp_path):
    """A handshake program with only `dfv.index_width`: the width is checked like the rest."""
    text = ("handshake.func @f(%a: index, %start: none) -> (index, none) attributes {dfv.index_width = 1 : i64} {\n"
            "  return %a, %start : index, none\n}\n")
    with pytest.raises(LoweringError, match=r"^k.mlir:1:1: dfv.index_width must be 2..64, got 1$"):
        lower_program(parse_text(text, "k.mlir"))
