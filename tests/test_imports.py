"""The kit's import structure: no import cycle among the modules of `dfv` (function-local imports
counted, so none can hide one), no function-local import but the deferrals listed here with their
reason, and no module importing another's private (`_name`) names. Each check has a must-fail test on
a small package made for it, so a check that cannot fire is caught too."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import dfv
from dfv.paths import CHECKOUT

PACKAGE = Path(dfv.__file__).parent

# (importing module, imported module) -> why the import is deferred to the function that needs it.
DEFERRED = {
    ("dfv.cli", "*"): "the command line imports a subcommand's modules only when that subcommand runs",
    ("dfv.runner", "dfv.sim.kernel"): "the RTL engines bring cocotb and pyuvm, which a golden run does not need",
    ("dfv.runner", "dfv.sim.build"): "a build's error comes with cocotb's runner, which a golden run does not need",
}


@dataclass(frozen=True)
class Import:
    """One import of a module of the package: who imports what, where, and whether inside a function."""

    module: str  # the importing module
    target: str  # the module imported (for `from X import name`, X.name when that is a module)
    line: int
    local: bool  # inside a function


def modules(root: Path, package: str) -> dict[str, Path]:
    """Dotted name -> file of every module of the package in `root`."""
    out = {}
    for f in sorted(root.rglob("*.py")):
        parts = [package, *f.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = f
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """The imports of module `name` (file `path`) of modules in `known`, relative imports resolved."""
    tree = ast.parse(path.read_text(), str(path))
    local_lines = {n.lineno for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
                   for n in ast.walk(fn) if isinstance(n, ast.Import | ast.ImportFrom)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known] + [base]
        else:
            continue
        for target in found:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.append(Import(name, target, node.lineno, node.lineno in local_lines))
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def problems(root: Path, package: str, deferred: dict[tuple[str, str], str]) -> list[str]:
    """Every breach of the three rules in the package at `root`, one message each."""
    known = modules(root, package)
    found = [i for name, path in known.items() for i in imports(name, path, known)]
    graph: dict[str, set[str]] = {name: set() for name in known}
    for i in found:
        graph[i.module].add(i.target)
    out = [f"import cycle: {' -> '.join(c)}" for c in cycles(graph)]
    hidden: dict[tuple[str, int], list[str]] = {}
    for i in found:
        if i.local and (i.module, i.target) not in deferred and (i.module, "*") not in deferred:
            hidden.setdefault((i.module, i.line), []).append(i.target)
    out += [f"{known[module]}:{line}: function-local import of {', '.join(targets)} (list it in DEFERRED with its "
            f"reason, or import it at the top)" for (module, line), targets in sorted(hidden.items())]
    return out + private_imports(root)


def private_imports(root: Path) -> list[str]:
    """Every `from X import _name` under `root`, whatever X is (a module of the kit, a test helper)."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                private = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
                if private:
                    out.append(f"{path}:{node.lineno}: imports private name(s) {', '.join(private)} of "
                               f"{'.' * node.level}{node.module or ''}")
    return out


def test_the_kit_has_no_cycle_no_hidden_import_and_no_private_import():
    assert problems(PACKAGE, "dfv", DEFERRED) == []


def test_tests_import_no_private_names():
    assert CHECKOUT is not None
    assert private_imports(CHECKOUT / "tests") == []


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_a_cycle_through_a_function_local_import_is_found(tmp_path: Path):
    root = _package(tmp_path, {"__init__.py": "", "a.py": "from pkg.b import g\n",
                               "b.py": "def g():\n    from pkg.a import f\n    return f\n"})
    assert problems(root, "pkg", {("pkg.b", "pkg.a"): "made for this test"}) == ["import cycle: pkg.a -> pkg.b"]


def test_a_relative_cycle_is_found(tmp_path: Path):
    root = _package(tmp_path, {"__init__.py": "", "sub/__init__.py": "", "sub/a.py": "from . import b\n",
                               "sub/b.py": "from .a import x\n"})
    assert problems(root, "pkg", {}) == ["import cycle: pkg.sub.a -> pkg.sub.b"]


def test_an_unlisted_function_local_import_is_named(tmp_path: Path):
    root = _package(tmp_path, {"__init__.py": "", "a.py": "def f():\n    import json\n    from pkg import b\n",
                               "b.py": ""})
    (msg,) = problems(root, "pkg", {})
    assert msg.endswith("a.py:3: function-local import of pkg.b, pkg (list it in DEFERRED with its reason, or "
                        "import it at the top)")


def test_a_private_import_is_named(tmp_path: Path):
    root = _package(tmp_path, {"__init__.py": "", "a.py": "def _hidden():\n    pass\n",
                               "b.py": "from pkg.a import _hidden\n"})
    (msg,) = problems(root, "pkg", {})
    assert msg.endswith("b.py:1: imports private name(s) _hidden of pkg.a")


def test_a_private_import_from_a_helper_outside_the_package_is_named(tmp_path: Path):
    root = _package(tmp_path, {"test_x.py": "from helpers import _run, __version__\n"})
    (msg,) = private_imports(root)
    assert msg.endswith("test_x.py:1: imports private name(s) _run of helpers")
