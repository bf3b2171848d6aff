"""dfg.yaml's published JSON Schema (dfv/lowering/schema/dfg.schema.json): what `dfv lower` writes validates
with plain `jsonschema`, as another tool would check it; `load_config` refuses broken documents with the
file and the JSON path of the problem; the schema itself is a valid draft 2020-12 schema."""

from __future__ import annotations

import copy
import functools
import json
import os

import jsonschema
import pytest
import yaml
from jsonschema import Draft202012Validator
from kernel_inputs import KERNELS, ROOT

from dfv.lowering.config import SCHEMA, VERSION, ConfigError, dump_config, load_config, load_schema, schema_path
from dfv.lowering.pipeline import lower_file

SCHEMA_FILE = str(schema_path())
HANDSHAKE = ["absdiff", "select_add"]  # the handshake.func front end writes dfg.yaml too


@functools.cache
def _schema() -> dict:
    with open(SCHEMA_FILE, encoding="utf-8") as fh:
        return json.load(fh)


@functools.cache
def _text(path: str) -> str:
    return dump_config(lower_file(path), source=os.path.relpath(path, ROOT))


def _doc(kernel: str) -> dict:
    return yaml.safe_load(_text(os.path.join(ROOT, "kernels", f"{kernel}.mlir")))


# ---------------------------------------------------------------- (c) the schema file
def test_schema_file_is_a_valid_2020_12_schema():
    schema = _schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert jsonschema.validators.validator_for(schema) is Draft202012Validator
    assert schema["$id"] and schema["title"] and schema["description"]
    assert schema["properties"]["schema"]["const"] == SCHEMA and schema["properties"]["version"]["const"] == VERSION


def test_schema_ships_with_the_package():
    """`load_config` reads the schema from the `lowering` package (package data), the same file."""
    assert schema_path().is_file()
    assert load_schema() == _schema()


# ---------------------------------------------------------------- (a) every written dfg.yaml validates
@pytest.mark.parametrize("path", [os.path.join(ROOT, "kernels", f"{k}.mlir") for k in KERNELS]
                         + [os.path.join(ROOT, "kernels", "handshake", f"{k}.mlir") for k in HANDSHAKE],
                         ids=KERNELS + [f"handshake/{k}" for k in HANDSHAKE])
def test_written_config_validates_with_plain_jsonschema(path):
    doc = yaml.safe_load(_text(path))
    jsonschema.validate(doc, _schema())  # picks draft 2020-12 from $schema, as any other tool would
    assert list(Draft202012Validator(_schema()).iter_errors(doc)) == []


# ---------------------------------------------------------------- (b) broken documents
def _first(d: dict, key: str, pred) -> dict:
    return next(x for x in d[key] if pred(x))


def _missing_loc(d):
    n = d["nodes"][0]
    del n["loc"]
    return f"dfg.yaml: nodes.{n['id']}: 'loc' is a required property"


def _missing_top(d):
    del d["channels"]
    return "dfg.yaml: 'channels' is a required property"


def _params_list(d):
    n = _first(d, "nodes", lambda n: n["op"] == "handshake.fork")
    n["params"] = [2, 32]
    return f"dfg.yaml: nodes.{n['id']}.params: [2, 32] is not of type 'object'"


def _width_str(d):
    c = d["channels"][0]
    c["width"] = "32"
    return f"dfg.yaml: channels.{c['id']}.width: '32' is not of type 'integer'"


def _index_width_bool(d):
    d["index_width"] = True
    return "dfg.yaml: index_width: True is not of type 'integer'"


def _position_neg(d):
    d["args"][0]["position"] = -1
    return "dfg.yaml: args[0].position: -1 is less than the minimum of 0"


def _node_unknown_key(d):
    n = d["nodes"][1]
    n["colour"] = "red"
    return f"dfg.yaml: nodes.{n['id']}: Additional properties are not allowed ('colour' was unexpected)"


def _top_unknown_key(d):
    d["comment"] = "x"
    return "dfg.yaml: Additional properties are not allowed ('comment' was unexpected)"


def _scalar_arg_shape(d):
    i, a = next((i, a) for i, a in enumerate(d["args"]) if a["kind"] == "scalar")
    a["shape"] = [4]
    return f"dfg.yaml: args[{i}]: Additional properties are not allowed ('shape' was unexpected)"


def _memref_arg_no_size(d):
    i, a = next((i, a) for i, a in enumerate(d["args"]) if a["kind"] == "memref")
    del a["size"]
    return f"dfg.yaml: args[{i}]: 'size' is a required property"


def _group_kind(d):
    g = d["groups"][0]
    g["kind"] = "rom"
    return f"dfg.yaml: groups.{g['name']}.kind: 'rom' is not one of ['memory', 'extmemory']"


def _arg_kind(d):
    d["args"][0]["kind"] = "pointer"
    return "dfg.yaml: args[0].kind: 'pointer' is not one of ['scalar', 'memref']"


def _loop_kind(d):
    k = next(iter(d["loops"]))
    d["loops"][k]["kind"] = "until"
    return f"dfg.yaml: loops.{k}.kind: 'until' is not one of ['for', 'while']"


def _extmemory_without_position(d):
    g = _first(d, "groups", lambda g: g["kind"] == "extmemory")
    g["position"] = None
    return f"dfg.yaml: groups.{g['name']}.position: None is not of type 'integer'"


def _bad_port_ref(d):
    c = d["channels"][0]
    c["src"] = "nodot"
    return f"dfg.yaml: channels.{c['id']}.src: 'nodot' is not a port reference: node.port"


def _bad_type(d):
    n = d["nodes"][1]
    port = next(iter(n["outputs"]))
    n["outputs"][port] = "f7"
    return f"dfg.yaml: nodes.{n['id']}.outputs.{port}: 'f7' is not a port type"


def _bad_meta_ref(d):
    n = _first(d, "nodes", lambda n: "done" in n["meta"])
    n["meta"]["done"] = {"ref": 5}
    return f"dfg.yaml: nodes.{n['id']}.meta.done.ref: 5 is not of type 'string'"


SCHEMA_CASES = [_missing_loc, _missing_top, _params_list, _width_str, _index_width_bool, _position_neg,
                _node_unknown_key, _top_unknown_key, _scalar_arg_shape, _memref_arg_no_size, _group_kind, _arg_kind,
                _loop_kind, _extmemory_without_position, _bad_port_ref, _bad_type, _bad_meta_ref]


def _refused(d: dict) -> str:
    with pytest.raises(ConfigError) as e:
        load_config(yaml.safe_dump(d, sort_keys=False), "dfg.yaml")
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("dfg.yaml: ")
    return msg


@pytest.mark.parametrize("mutate", SCHEMA_CASES, ids=[f.__name__.lstrip("_") for f in SCHEMA_CASES])
def test_schema_refusals_name_the_path(mutate):
    d = copy.deepcopy(_doc("histogram"))
    needle = mutate(d)
    assert needle in _refused(d)
    assert list(Draft202012Validator(_schema()).iter_errors(d)), "the schema file alone refuses it too"


# What a schema cannot express, checked by load_config after the schema, with the same kind of path.
def _dup_channel_id(d):
    a, b = d["channels"][0], d["channels"][1]
    b["id"] = a["id"]
    return "dfg.yaml: channels[1].id: duplicate channel id " + a["id"]


def _dup_group(d):
    d["groups"][1]["name"] = d["groups"][0]["name"]
    return f"dfg.yaml: groups[1].name: duplicate memory group {d['groups'][0]['name']}"


def _unknown_group(d):
    n = _first(d, "nodes", lambda n: n["group"] is not None)
    n["group"] = "nosuch"
    return f"dfg.yaml: nodes.{n['id']}.group: unknown memory group nosuch"


def _unknown_arg_node(d):
    i, a = next((i, a) for i, a in enumerate(d["args"]) if a["kind"] == "scalar")
    a["node"] = "arg_999"
    return f"dfg.yaml: args[{i}].node: unknown node arg_999"


def _unknown_access(d):
    g = d["groups"][0]
    g["accesses"].append("load_999")
    return f"dfg.yaml: groups.{g['name']}.accesses[{len(g['accesses']) - 1}]: unknown node load_999"


def _meta_ref_no_port(d):
    n = _first(d, "nodes", lambda n: "done" in n["meta"])
    mem = n["meta"]["done"]["ref"].split(".")[0]
    n["meta"]["done"] = {"ref": f"{mem}.nosuch"}
    return f"dfg.yaml: nodes.{n['id']}.meta.done: node {mem} (handshake.extmemory) has no output port nosuch"


def _loop_raw_unknown(d):
    k = next(iter(d["loops"]))
    d["loops"][k]["raw"] = {"ref": "stream_999.cont"}
    return f"dfg.yaml: loops.{k}.raw: unknown node stream_999"


def _meta_unknown_loop(d):
    n = _first(d, "nodes", lambda n: "loop" in n["meta"])
    n["meta"]["loop"] = "while_999"
    return f"dfg.yaml: nodes.{n['id']}.meta.loop: unknown loop while_999"


def _channel_to_output(d):
    c = d["channels"][0]
    node = c["dst"].split(".")[0]
    c["dst"] = f"{node}.nosuch"
    return f"dfg.yaml: channels.{c['id']}.dst: node {node} ("


def _type_golden_refuses(d):
    n = d["nodes"][1]
    port = next(iter(n["outputs"]))
    n["outputs"][port] = "!dataflow.tagged<i32, i17>"  # the schema's pattern admits it; dfv.golden.types does not
    return f"dfg.yaml: nodes.{n['id']}.outputs.{port}: !dataflow.tagged<i32, i17>: tag type"


REFERENCE_CASES = [_dup_channel_id, _dup_group, _unknown_group, _unknown_arg_node, _unknown_access, _meta_ref_no_port,
                   _loop_raw_unknown, _meta_unknown_loop, _channel_to_output, _type_golden_refuses]


@pytest.mark.parametrize("mutate", REFERENCE_CASES, ids=[f.__name__.lstrip("_") for f in REFERENCE_CASES])
def test_reference_refusals_name_the_path(mutate):
    d = copy.deepcopy(_doc("histogram"))
    needle = mutate(d)
    assert needle in _refused(d)


def test_while_loop_after_must_be_null():
    d = copy.deepcopy(_doc("gcd"))
    k, lp = next((k, lp) for k, lp in d["loops"].items() if lp["kind"] == "while")
    lp["after"] = lp["raw"]
    assert f"dfg.yaml: loops.{k}.after: {{'ref': " in _refused(d)


def test_not_a_mapping():
    assert _refused(["a", "b"]) == "dfg.yaml: ['a', 'b'] is not of type 'object'"
