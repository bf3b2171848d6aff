"""Which attributes of a `func.func` program dfv ignores, checks or refuses (docs/lowering.md, "Attributes").

Front ends decorate what they emit with attributes for a host's code generation: Polygeist/cgeist writes
`module attributes {dlti.dl_spec = ..., llvm.data_layout = ..., llvm.target_triple = ..., "polygeist.target-cpu"
= ...}` and `attributes {llvm.linkage = #llvm.linkage<external>}` on every function. They do not change what
the program computes on this kit's hardware, whose memories hold elements, not bytes, and whose widths are the
types'; they are ignored. An attribute that could change the meaning is never dropped silently: the one such
fact in a data layout (the width of `index`) is checked against `--index-width`, and an attribute dfv does not
know is refused with its name and location, so nobody learns from a wrong result that it mattered.

Only attributes beyond an operation's own (its properties and declared attributes, which its verifier and the
lowering read) are looked at; those of the function arguments and results (`arg_attrs`, `res_attrs`) too.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IndexType, IntegerAttr, ModuleOp
from xdsl.dialects.dlti import DataLayoutEntryAttr, DLTIEntryMap
from xdsl.ir import Operation

from dfv.lowering.errors import LoweringError
from dfv.lowering.parse import SourceModule


@dataclass(frozen=True)
class Ignored:
    """Attributes named `name` (or starting with it, when it ends with '.') are ignored, for `reason`."""

    name: str
    reason: str

    def matches(self, attr_name: str) -> bool:
        return attr_name.startswith(self.name) if self.name.endswith(".") else attr_name == self.name


IGNORED = (
    Ignored("dlti.dl_spec", "sizes and alignments of types in a host's memory, its endianness and stack alignment "
                            "(an `index` entry is checked against --index-width)"),
    Ignored("llvm.", "LLVM code generation on a host: data layout string, target triple, linkage, visibility, "
                     "C interface, argument hints such as noalias or nocapture"),
    Ignored("polygeist.", "cgeist's target CPU, features and tuning"),
)
"""The attributes that do not change what a program computes here; every other unknown attribute is refused."""


def _known(op: Operation) -> set[str]:
    """The attributes `op` declares itself (read by its verifier and the lowering)."""
    if isinstance(op, ModuleOp):
        return set()
    try:
        return set(op.get_irdl_definition().attributes)
    except AttributeError:
        return set()


def _check_names(names, where: str, loc: str) -> None:
    for name in names:
        if not any(rule.matches(name) for rule in IGNORED):
            known = ", ".join(r.name + ("*" if r.name.endswith(".") else "") for r in IGNORED)
            raise LoweringError(f"attribute {name} on {where} is not known to dfv and may change what the program "
                                f"means, so it is not ignored (ignored: {known}); remove it if it does not", loc)


def _index_entry(spec: DLTIEntryMap, index_width: int, loc: str) -> None:
    """A data layout's `index` entry gives the width of `index`, which must be the run's `--index-width`."""
    for entry in spec.entries:
        if not (isinstance(entry, DataLayoutEntryAttr) and isinstance(entry.key, IndexType)):
            continue
        value = entry.value
        width = value.value.data if isinstance(value, IntegerAttr) else None
        if width != index_width:
            said = f"{width} bits" if width is not None else str(value)
            raise LoweringError(f"dlti.dl_spec gives index {said}, but index is {index_width} bits on this run: run "
                                f"with --index-width {width if width is not None else 'N'} (the width of index is "
                                "part of the program's meaning)", loc)


def check_attributes(src: SourceModule, fns: list[func.FuncOp], index_width: int) -> None:
    """Refuse, located, an attribute of the module, of the functions `fns` (the one lowered and those it calls) or
    of an operation in them that dfv does not know, and a data layout whose `index` width is not `index_width`;
    the rest of `IGNORED` is ignored."""
    module = src.module
    spec = module.attributes.get("dlti.dl_spec")
    if isinstance(spec, DLTIEntryMap):
        _index_entry(spec, index_width, src.loc(module))
    _check_names(module.attributes, "the module", src.loc(module))
    for fn in fns:
        _check_function(src, fn)


def _check_function(src: SourceModule, fn: func.FuncOp) -> None:
    for op in fn.walk():
        extra = [k for k in op.attributes if k not in _known(op)]
        _check_names(extra, src.op_name(op), src.loc(op))
    for which, what in (("arg_attrs", "argument"), ("res_attrs", "result")):
        per_value = fn.properties.get(which) or fn.attributes.get(which)
        if isinstance(per_value, ArrayAttr):
            for k, attrs in enumerate(per_value.data):
                if isinstance(attrs, DictionaryAttr):
                    _check_names(attrs.data, f"{what} {k} of @{fn.sym_name.data}", src.loc(fn))
