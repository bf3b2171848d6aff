"""The floating-point RTL units fpcheck checks: one `Unit` per module of dfv/rtl/fp/, and the builds
(`Config`s) each is checked in, with the golden model's expected words and the operands to try.

A unit is described once here; the testbench (tbgen.py), the vectors (gen_vectors.py), lint, Yosys and
both simulators (run.py) are all derived from it. A configuration is one build of the module: its full
parameter overrides, the width of each input and of the output, the golden function of the input words,
the directed operand tuples and a seeded random operand generator. The operands come from the golden
model's own campaign against the exact oracle (tests/golden/fp/fp_cases.py), so the RTL is checked on
the inputs the golden model was checked on.

Choices that keep the runs short but thorough:
- a float input of at most 16 bits (f16, bf16) of a one-input unit is checked exhaustively (every word),
  with no random vectors;
- cmpf's 16 predicates share one random budget per format (each gets 1/16 of --random), its directed
  pairs are checked under every predicate;
- itofp checks i1, i8, i16 exhaustively and splits the random budget between i32 and i64; fptoi splits
  it over its five integer widths;
- convertf is built for every ordered pair of distinct formats (a destination must be one of f16, bf16,
  f32, f64: the directed words are defined for those).
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "golden" / "fp"))  # fp_cases and the oracle it imports

import fp_cases  # noqa: E402
import oracle  # noqa: E402

from dfv.golden.catalogue import from_rtl  # noqa: E402
from dfv.golden.fp import arith, compare, convert  # noqa: E402
from dfv.golden.fp.format import FORMATS, FloatFormat, format_named  # noqa: E402
from dfv.paths import RTL_DIR  # noqa: E402
from dfv.sim.hierarchy import needed_sources  # noqa: E402

FP_DIR = RTL_DIR / "fp"
FORMAT_NAMES = tuple(FORMATS)  # f16, bf16, f32, f64
INT_WIDTHS = fp_cases.INT_WIDTHS  # 1, 8, 16, 32, 64
EXHAUSTIVE_BITS = 16  # a single input this narrow is checked on every word
Words = tuple[int, ...]
Params = Mapping[str, int]


@dataclass(frozen=True)
class Config:
    """One build of a unit, and what it is checked on.

    `directed` gives the operand tuples checked first (every one, in order); `random` draws one operand
    tuple from a `random.Random` (None when `directed` is exhaustive); a run with --random N draws
    ceil(N * random_share) of them. `synth` marks the configurations Yosys synthesises (one per module
    and format is enough: the others differ in a parameter that selects a little logic)."""

    tag: str  # unique within the unit; names the build directory and the summary row
    params: dict[str, int]  # every parameter of the module, overridden
    in_widths: tuple[int, ...]  # in the unit's input order
    out_width: int
    golden: Callable[..., int]  # (*input words) -> output word
    directed: Callable[[], Iterable[Words]]
    random: Callable[[random.Random], Words] | None
    random_share: float = 1.0
    synth: bool = False

    @property
    def exhaustive(self) -> bool:
        return self.random is None


@dataclass(frozen=True)
class Unit:
    """One RTL module: its ports (input channels in order, one output channel), its parameters and the
    configurations it is checked in. `latency` (and, for an iterative unit, `interval`) is what the
    operation catalogue states for the module (`catalogue_timing`), i.e. what the
    module documents as a function of its parameters; the testbench reads the module's own LATENCY (and
    INTERVAL) localparams and the run fails if they differ from it. None means not documented yet: the
    run reports the module's values and fails until they are written here. The RTL is
    dfv/rtl/fp/<module>.sv; a build reads it with the modules it instantiates (`sources`)."""

    module: str
    inputs: tuple[str, ...]
    output: str
    params: tuple[str, ...]
    configs: Callable[[Sequence[str]], list[Config]]  # the configurations for these format names
    latency: Callable[[Params], int] | None
    iterative: bool = False  # one operation in flight; declares localparam INTERVAL
    interval: Callable[[Params], int] | None = None

    @property
    def rtl(self) -> Path:
        return FP_DIR / f"{self.module}.sv"

    @property
    def sources(self) -> list[Path]:
        """The files a build of the module reads: its own, and those of the modules it instantiates."""
        return needed_sources(self.module)

    def documented(self, params: Params) -> tuple[int | None, int | None]:
        """(LATENCY, INTERVAL) as documented here for one configuration (INTERVAL 1 if pipelined)."""
        latency = self.latency(params) if self.latency else None
        if not self.iterative:
            return latency, 1
        return latency, self.interval(params) if self.interval else None


def float_format(name: str) -> FloatFormat:
    """f16, bf16, f32, f64, or any other field widths as e<EW>f<FW> (the RTL takes EW 5..11, FW 7..52; the
    golden model is written for any widths). A custom format is also given to the oracle, whose table
    fp_cases looks formats up in by name."""
    fmt = format_named(name)
    if name not in FORMATS:
        oracle.FORMATS.setdefault(name, oracle.Fmt(name, fmt.exp_bits, fmt.frac_bits))
    return fmt


def fields(fmt: FloatFormat, prefix: str = "") -> dict[str, int]:
    """The EW / FW parameters of a format (IEW / IFW with prefix "I", ...)."""
    return {f"{prefix}EW": fmt.exp_bits, f"{prefix}FW": fmt.frac_bits}


def every_word(width: int) -> list[Words]:
    """Every word of `width` bits, as one-operand tuples."""
    return [(x,) for x in range(1 << width)]


def pairs_and_neighbours(fmt: FloatFormat) -> list[Words]:
    """Every pair of corner values, then each finite corner against its neighbours and their negations
    (x - nextafter(x), exact cancellation; x against the next word for comparisons)."""
    pairs = list(fp_cases.CHECKS["addf"].directed(fmt))
    seen = set(pairs)
    for x in fp_cases.corners(fmt):
        if x & ~fmt.sign_mask > fmt.max_finite:
            continue
        for y in sorted(fp_cases.neighbours(fmt, x)):
            for pair in ((x, y), (x, y ^ fmt.sign_mask)):
                if pair not in seen:
                    seen.add(pair)
                    pairs.append(pair)
    return pairs


def with_key(draw: Callable[[FloatFormat, random.Random], tuple], fmt: FloatFormat, key: object,
             rng: random.Random) -> Words:
    """A draw of fp_cases whose first element selects a variant (an integer width, a destination format),
    kept only when it is `key`: the operands of that variant, as the campaign draws them."""
    while True:
        first, *rest = draw(fmt, rng)
        if first == key:
            return tuple(rest)


def single_float_input(fmt: FloatFormat, directed: Callable[[], Iterable[Words]],
                       draw: Callable[[random.Random], Words]) -> dict:
    """directed / random of a unit whose one input is a float: every word if it is narrow, else the
    given directed tuples and random draws."""
    if fmt.width <= EXHAUSTIVE_BITS:
        return {"directed": functools.partial(every_word, fmt.width), "random": None}
    return {"directed": directed, "random": draw}


# ---------------------------------------------------------------------------------------------------
# The configurations of each unit
# ---------------------------------------------------------------------------------------------------

def addf_configs(formats: Sequence[str]) -> list[Config]:
    """addf and subf (SUB 0 / 1) per format; the corner pairs plus corners against their neighbours."""
    configs = []
    for name in formats:
        fmt = float_format(name)
        for sub, (op, golden) in enumerate((("addf", arith.addf), ("subf", arith.subf))):
            configs.append(Config(
                f"{name}_{op}", {**fields(fmt), "SUB": sub}, (fmt.width, fmt.width), fmt.width,
                functools.partial(golden, fmt), functools.partial(pairs_and_neighbours, fmt),
                functools.partial(fp_cases.CHECKS[op].random, fmt), synth=sub == 0))
    return configs


def binary_configs(op: str, golden: Callable[..., int]) -> Callable[[Sequence[str]], list[Config]]:
    """One configuration per format of a unit with two float inputs and a float result (mulf, divf):
    the corner pairs and the campaign's random pairs of that operation."""
    def configs(formats: Sequence[str]) -> list[Config]:
        return [Config(f"{name}_{op}", fields(fmt), (fmt.width, fmt.width), fmt.width,
                       functools.partial(golden, fmt), functools.partial(fp_cases.CHECKS[op].directed, fmt),
                       functools.partial(fp_cases.CHECKS[op].random, fmt), synth=True)
                for name, fmt in ((n, float_format(n)) for n in formats)]
    return configs


def fma_configs(formats: Sequence[str]) -> list[Config]:
    """a * b + c per format: all triples of a smaller corner set, the campaign's random triples."""
    check = fp_cases.CHECKS["fma"]
    return [Config(f"{name}_fma", fields(fmt), (fmt.width,) * 3, fmt.width, functools.partial(arith.fma, fmt),
                   functools.partial(check.directed, fmt), functools.partial(check.random, fmt), synth=True)
            for name, fmt in ((n, float_format(n)) for n in formats)]


def sqrt_configs(formats: Sequence[str]) -> list[Config]:
    """sqrt per format: every word of f16 / bf16, else the corners and random words."""
    check = fp_cases.CHECKS["sqrt"]
    return [Config(f"{name}_sqrt", fields(fmt), (fmt.width,), fmt.width, functools.partial(arith.sqrt, fmt),
                   synth=True, **single_float_input(fmt, functools.partial(check.directed, fmt),
                                                    functools.partial(check.random, fmt)))
            for name, fmt in ((n, float_format(n)) for n in formats)]


def cmpf_configs(formats: Sequence[str]) -> list[Config]:
    """All 16 predicates per format (PRED = MLIR's CmpFPredicate value), each on every directed pair; the
    random budget of a format is shared by its predicates."""
    configs = []
    draw = fp_cases.CHECKS["cmpf"].random  # (predicate, a, b): the predicate is the configuration's
    for name in formats:
        fmt = float_format(name)
        for index, pred in enumerate(compare.CMPF_PREDICATES):
            configs.append(Config(
                f"{name}_cmpf_{pred}", {**fields(fmt), "PRED": index}, (fmt.width, fmt.width), 1,
                functools.partial(compare.cmpf, fmt, pred), functools.partial(pairs_and_neighbours, fmt),
                lambda rng, fmt=fmt: draw(fmt, rng)[1:], random_share=1 / len(compare.CMPF_PREDICATES),
                synth=pred == "olt"))
    return configs


MINMAX_OPS = (("maximumf", compare.maximumf), ("minimumf", compare.minimumf), ("maxnumf", compare.maxnumf),
              ("minnumf", compare.minnumf))


def minmaxf_configs(formats: Sequence[str]) -> list[Config]:
    """The four extrema (OP 0..3) per format, on the corner pairs and neighbours."""
    return [Config(f"{name}_{op}", {**fields(fmt), "OP": index}, (fmt.width, fmt.width), fmt.width,
                   functools.partial(golden, fmt), functools.partial(pairs_and_neighbours, fmt),
                   functools.partial(fp_cases.CHECKS[op].random, fmt), synth=index == 0)
            for name, fmt in ((n, float_format(n)) for n in formats)
            for index, (op, golden) in enumerate(MINMAX_OPS)]


def negf_configs(formats: Sequence[str]) -> list[Config]:
    """negf and absf (ABS 0 / 1) per format: every word of f16 / bf16, else corners and random words."""
    configs = []
    for name in formats:
        fmt = float_format(name)
        for absolute, (op, golden) in enumerate((("negf", arith.negf), ("absf", arith.absf))):
            check = fp_cases.CHECKS[op]
            configs.append(Config(
                f"{name}_{op}", {**fields(fmt), "ABS": absolute}, (fmt.width,), fmt.width,
                functools.partial(golden, fmt), synth=absolute == 0,
                **single_float_input(fmt, functools.partial(check.directed, fmt),
                                     functools.partial(check.random, fmt))))
    return configs


def itofp_configs(formats: Sequence[str]) -> list[Config]:
    """sitofp and uitofp per format from i1, i8, i16 (every word) and i32, i64 (integer corners, then the
    campaign's random integers of that width; the two share the random budget)."""
    configs = []
    sampled = [w for w in INT_WIDTHS if w > EXHAUSTIVE_BITS]
    for name in formats:
        fmt = float_format(name)
        for signed, (op, golden) in ((1, ("sitofp", convert.sitofp)), (0, ("uitofp", convert.uitofp))):
            for width in INT_WIDTHS:
                exhaustive = width <= EXHAUSTIVE_BITS
                configs.append(Config(
                    f"i{width}_{name}_{op}", {"IW": width, **fields(fmt), "SIGNED": signed}, (width,), fmt.width,
                    functools.partial(golden, fmt, width=width),
                    functools.partial(every_word, width) if exhaustive else
                    (lambda width=width: [(x,) for x in fp_cases.int_corners(width)]),
                    None if exhaustive else functools.partial(with_key, fp_cases.CHECKS[op].random, fmt, width),
                    random_share=1 / len(sampled), synth=signed == 1 and width == max(INT_WIDTHS)))
    return configs


def fptoi_configs(formats: Sequence[str]) -> list[Config]:
    """fptosi and fptoui per format to i1, i8, i16, i32, i64: every word of f16 / bf16, else the float
    corners and the integer range's ends in that format, then random words near the range (the five
    widths share the random budget)."""
    configs = []
    for name in formats:
        fmt = float_format(name)
        for signed, (op, golden) in ((1, ("fptosi", convert.fptosi)), (0, ("fptoui", convert.fptoui))):
            check = fp_cases.CHECKS[op]
            for width in INT_WIDTHS:
                def directed(fmt: FloatFormat = fmt, width: int = width, check: fp_cases.Check = check) -> list:
                    return [(x,) for w, x in check.directed(fmt) if w == width]
                configs.append(Config(
                    f"{name}_i{width}_{op}", {**fields(fmt), "OW": width, "SIGNED": signed}, (fmt.width,), width,
                    functools.partial(golden, fmt, width=width), random_share=1 / len(INT_WIDTHS),
                    synth=signed == 1 and width == max(INT_WIDTHS),
                    **single_float_input(fmt, directed, functools.partial(with_key, check.random, fmt, width))))
    return configs


def convertf_configs(formats: Sequence[str]) -> list[Config]:
    """Every ordered pair of distinct formats (destination one of the four): extf to a wider format,
    truncf to a narrower one, convertf between f16 and bf16. Every source word of f16 / bf16, else the
    source's corners and the words at and next to the destination's corners and midpoints."""
    configs = []
    check = fp_cases.CHECKS["convertf"]  # operands (destination name, word)
    for src_name, dst_name in itertools.permutations(formats, 2):
        if dst_name not in FORMATS:
            continue
        src, dst = float_format(src_name), FORMATS[dst_name]
        kind = "extf" if dst.width > src.width else "truncf" if dst.width < src.width else "convertf"

        def directed(src: FloatFormat = src, dst_name: str = dst_name) -> list:
            return [(x,) for d, x in check.directed(src) if d == dst_name]
        configs.append(Config(
            f"{src_name}_{dst_name}_{kind}", {**fields(src, "I"), **fields(dst, "O")}, (src.width,), dst.width,
            functools.partial(convert.convertf, src, dst), synth=True,
            **single_float_input(src, directed, functools.partial(with_key, check.random, src, dst_name))))
    return configs


def _timing(module: str, params: Params) -> tuple[int, int]:
    """(latency, interval) of `module` at RTL parameters `params`, as the operation catalogue states them
    (dfv.golden.catalogue, the one place the lowering, the golden run and the suites read them from too):
    fpcheck checks the module's own LATENCY and INTERVAL localparams against them."""
    op, golden = from_rtl(module, params)
    return op.latency(golden), op.interval(golden)


def catalogue_timing(module: str, iterative: bool = False) -> dict:
    """The `latency` (and `interval`) fields of `module`'s Unit, read from the catalogue."""
    fields: dict = {"latency": lambda p: _timing(module, p)[0], "iterative": iterative}
    if iterative:
        fields["interval"] = lambda p: _timing(module, p)[1]
    return fields


UNITS = {u.module: u for u in [
    Unit("arith_addf", ("lhs", "rhs"), "result", ("EW", "FW", "SUB"), addf_configs, **catalogue_timing("arith_addf")),
    Unit("arith_mulf", ("lhs", "rhs"), "result", ("EW", "FW"), binary_configs("mulf", arith.mulf),
         **catalogue_timing("arith_mulf")),
    Unit("math_fma", ("a", "b", "c"), "result", ("EW", "FW"), fma_configs, **catalogue_timing("math_fma")),
    Unit("arith_divf", ("lhs", "rhs"), "result", ("EW", "FW"), binary_configs("divf", arith.divf),
         **catalogue_timing("arith_divf", iterative=True)),
    Unit("math_sqrt", ("in",), "out", ("EW", "FW"), sqrt_configs, **catalogue_timing("math_sqrt", iterative=True)),
    Unit("arith_cmpf", ("lhs", "rhs"), "result", ("EW", "FW", "PRED"), cmpf_configs, **catalogue_timing("arith_cmpf")),
    Unit("arith_minmaxf", ("lhs", "rhs"), "result", ("EW", "FW", "OP"), minmaxf_configs,
         **catalogue_timing("arith_minmaxf")),
    Unit("arith_negf", ("in",), "out", ("EW", "FW", "ABS"), negf_configs, **catalogue_timing("arith_negf")),
    Unit("arith_itofp", ("in",), "out", ("IW", "EW", "FW", "SIGNED"), itofp_configs, **catalogue_timing("arith_itofp")),
    Unit("arith_fptoi", ("in",), "out", ("EW", "FW", "OW", "SIGNED"), fptoi_configs, **catalogue_timing("arith_fptoi")),
    Unit("arith_convertf", ("in",), "out", ("IEW", "IFW", "OEW", "OFW"), convertf_configs,
         **catalogue_timing("arith_convertf")),
]}
"""Every floating-point unit of dfv/rtl/fp/, by module name."""
