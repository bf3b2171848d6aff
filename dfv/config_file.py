"""A configuration file of configs/ read and checked against its JSON schema, with the error a user can act on:
the file and the key path that breaks the schema (`goals/0/kind: 'fpga' is not one of ...`)."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import yaml


def read_checked(path: Path, schema: dict, error: type[Exception]) -> object:
    """The YAML document at `path`, valid against `schema`; otherwise `error` naming the file and what is wrong
    (it cannot be read or parsed, or the key path and the schema's message)."""
    try:
        doc = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise error(f"{path}: cannot read: {exc}") from None
    try:
        jsonschema.validate(doc, schema)
    except jsonschema.ValidationError as exc:
        where = "/".join(str(p) for p in exc.absolute_path) or "top level"
        raise error(f"{path}: {where}: {exc.message}") from None
    return doc
