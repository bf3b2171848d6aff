"""dfg.yaml: schema/version check and an exact round trip for every kernel."""

from __future__ import annotations

import os

import pytest
import yaml
from kernel_inputs import KERNELS, ROOT, gen

from dfv.golden.interpreter import run_dfg
from dfv.lowering.config import ConfigError, dump_config, graph_dict, load_config, read_config, write_config
from dfv.lowering.pipeline import lower_file
from dfv.lowering.verify import verify


@pytest.mark.parametrize("name", KERNELS)
def test_round_trip(tmp_path, name):
    g = lower_file(os.path.join(ROOT, "kernels", f"{name}.mlir"), name)
    path = write_config(g, str(tmp_path / "dfg.yaml"), source=f"kernels/{name}.mlir")
    g2 = read_config(path)
    assert graph_dict(g2) == graph_dict(g)
    verify(g2)
    assert dump_config(g2) == dump_config(g)


def test_read_back_graph_runs(tmp_path):
    g = lower_file(os.path.join(ROOT, "kernels", "histogram.mlir"))
    g2 = load_config(dump_config(g))
    args = dict(enumerate(gen("histogram", 5)))
    raw = {k: ([x & 0xFFFFFFFF for x in v] if isinstance(v, list) else v) for k, v in args.items()}
    a, b = run_dfg(g, raw), run_dfg(g2, raw)
    assert a.clean and b.clean and a.memories == b.memories


def _doc():
    g = lower_file(os.path.join(ROOT, "kernels", "gcd.mlir"))
    return yaml.safe_load(dump_config(g))


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d.update(version=2), "version 2 is not supported"),
    (lambda d: d.update(schema="other"), "schema"),
    (lambda d: d.pop("nodes"), "dfg.yaml: 'nodes' is a required property"),
    (lambda d: d["channels"][0].update(src="nosuch.out"), "unknown node nosuch"),
    (lambda d: d["channels"][0].update(width=99), "width 99"),
    (lambda d: d["nodes"][1].update(outputs={"out": "i65"}), "i65"),
    (lambda d: d["nodes"].append(dict(d["nodes"][0])), "duplicate node id"),
    (lambda d: d["channels"].append(dict(d["channels"][0])), "two channels"),
])
def test_schema_errors(mutate, needle):
    d = _doc()
    mutate(d)
    with pytest.raises(ConfigError) as e:
        load_config(yaml.safe_dump(d, sort_keys=False), "dfg.yaml")
    assert needle in str(e.value)


def test_not_yaml():
    with pytest.raises(ConfigError):
        load_config("a: [1, 2", "x.yaml")
