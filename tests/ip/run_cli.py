"""`dfv run ... --json` in this process, for the tests of other flows' circuits: the exit status, the JSON object
of its last line and what it wrote to stderr; and the one `dfv: error:` line a refused run prints."""

from __future__ import annotations

import json
from pathlib import Path

from dfv.cli import main


def run_json(args: list[str], inputs: list, tmp_path: Path, capsys) -> tuple[int, dict, str]:
    """`dfv run ARGS --inputs <inputs as a file> --json`: (exit status, the JSON result, stderr)."""
    path = tmp_path / "in.json"
    path.write_text(json.dumps({"args": inputs}))
    status = main(["run", *args, "--inputs", str(path), "--json"])
    captured = capsys.readouterr()
    return status, json.loads(captured.out.splitlines()[-1]), captured.err


def run_error(args: list[str], inputs: list, tmp_path: Path, capsys) -> str:
    """The message of a run refused as bad input: exit 2, status `error`, one `dfv: error:` line."""
    status, res, err = run_json(args, inputs, tmp_path, capsys)
    assert status == 2 and res["status"] == "error", res
    (line,) = err.splitlines()
    assert line.startswith("dfv: error: "), line
    return line.removeprefix("dfv: error: ")
