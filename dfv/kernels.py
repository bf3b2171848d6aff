"""The kernel suite of kernels/: names, paths and the seeded input sets of every kernel.

One kernel per file, function named like the file. `gen(name, seed)` gives the argument list of
kernel `name` for `seed` (seeds 0, 1, 2 pick the zero-trip / one-trip / many-trip cases where a
kernel has them). Shared by the lowering tests (`tests/lowering/kernel_inputs.py`), the kernel
suites of the regression (`dfv.sim.regress`) and `make bench`.

`KERNELS` are the `scf` programs of kernels/; `CIRCT_KERNELS` the CIRCT-made handshake programs of
kernels/handshake/ that the regression runs too, named `handshake/<file>` (their function is named like
the file: `kernel_func`).
"""

from __future__ import annotations

import random
from pathlib import Path

from dfv.golden.fp.format import FORMATS
from dfv.golden.fp.samples import corners, near_pair, random_finite
from dfv.paths import REPO

KERNEL_DIR = REPO / "kernels"


def _v(r: random.Random, n: int, lo: int = -50, hi: int = 50) -> list[int]:
    return [r.randint(lo, hi) for _ in range(n)]


def _trip(r: random.Random, seed: int, n: int) -> int:
    """Zero, one and many iterations for the first three seeds, random after."""
    return (0, 1, n)[seed] if seed < 3 else r.randint(0, n)


def _f(r: random.Random, fmt_name: str, n: int) -> list[str]:
    """`n` words of float format `fmt_name` as inputs-file bit patterns ("0x..."): the format's corner
    values (zeros of both signs, subnormals, infinities, NaNs, the half ulps that make sums tie) mixed with
    pairs of nearby exponents (sums that align, carry and cancel)."""
    fmt = FORMATS[fmt_name]
    words = []
    while len(words) < n:
        if r.random() < 0.35:
            words.append(r.choice(corners(fmt)))
        else:
            words.extend(near_pair(fmt, r))
    return [f"0x{w:x}" for w in words[:n]]


def float_words(r: random.Random, fmt_name: str, n: int) -> list[str]:
    """`n` mostly moderate words of `fmt_name` (exponents -4..4, a quarter with short significands, so
    products tie and sums carry), one in eight a corner value (subnormals, signed zeros, infinities,
    NaNs, the largest values): numeric kernels stay mostly finite and still meet every class."""
    fmt = FORMATS[fmt_name]
    words = [r.choice(corners(fmt)) if r.random() < 0.125 else random_finite(fmt, r, r.randint(-4, 4))
             for _ in range(n)]
    return [f"0x{w:x}" for w in words]


def gen(name: str, seed: int) -> list:
    r = random.Random(f"{name}-{seed}")
    if name == "fvector_add":
        return [_f(r, "f32", 16), _f(r, "f32", 16), ["0x0"] * 16]
    if name == "fsum":
        return [_f(r, "f64", 12), _trip(r, seed, 12), _f(r, "f64", 1)[0], _f(r, "f16", 2)]
    if name == "fdot":
        return [float_words(r, "f32", 16), float_words(r, "f32", 16), _trip(r, seed, 16)]
    if name == "gemm":
        return [*float_words(r, "f32", 2), *(float_words(r, "f32", n) for n in (36, 24, 24))]
    if name == "atax":
        return [float_words(r, "f32", 30), float_words(r, "f32", 6), ["0x0"] * 6, ["0x0"] * 5]
    if name == "bicg":
        return [float_words(r, "f64", 30), ["0x0"] * 5, ["0x0"] * 6, float_words(r, "f64", 5), float_words(r, "f64", 6)]
    if name == "gesummv":
        return [float_words(r, "f32", 25), float_words(r, "f32", 25), float_words(r, "f32", 5), ["0x0"] * 5]
    if name == "mvt":
        return [float_words(r, "bf16", 25), *(float_words(r, "bf16", 5) for _ in range(4))]
    if name == "two_mm":
        return [*float_words(r, "f32", 2), *(float_words(r, "f32", 16) for _ in range(4))]
    if name == "jacobi_1d":
        return [float_words(r, "f16", 10), float_words(r, "f16", 10), _trip(r, seed, 3)]
    if name == "fir":
        return [float_words(r, "f32", 16), float_words(r, "f32", 5), ["0x0"] * 12]
    if name == "vector_add":
        return [_v(r, 8, -2**31, 2**31 - 1), _v(r, 8, -2**31, 2**31 - 1), _v(r, 8)]
    if name == "dot_product":
        return [_v(r, 8), _v(r, 8), _trip(r, seed, 8)]
    if name == "cond_accum":
        return [_v(r, 10), r.randint(-20, 20)]
    if name == "gcd":
        if seed == 0:
            return [7, 7]  # zero iterations
        return [r.randint(1, 200), r.randint(1, 200)]
    if name == "matmul":
        return [_v(r, 16, -9, 9), _v(r, 16, -9, 9), [0] * 16]
    if name == "histogram":
        return [_v(r, 16, 0, 1000), [0] * 8, _trip(r, seed, 16)]
    if name == "prefix_sum":
        return [_v(r, 12, -300, 300), (0, 1, 2, 12)[seed] if seed < 4 else r.randint(0, 12)]
    if name == "for_trip_args":
        if seed == 0:
            lb, ub, st = 5, 5, 1
        elif seed == 1:
            lb, ub, st = 3, 4, 2
        elif seed == 2:
            lb, ub, st = -4, 40, 3
        elif seed == 3:
            lb, ub, st = 9, 2, 1  # lb > ub: zero trips
        else:
            st = r.randint(1, 4)
            lb = r.randint(-10, 10)
            ub = lb + r.randint(0, 15 * st)
        return [lb, ub, st, [0] * 16, r.randint(-1000, 1000)]
    if name == "while_zero":
        if seed in (0, 3):
            return [r.randint(50, 100), r.randint(-10, 50)]  # zero iterations
        return [r.randint(-5, 5), r.randint(1, 1000)]
    if name == "loop_in_if":
        return [_v(r, 8), seed % 2, _trip(r, seed // 2 if seed < 6 else seed, 8)]
    if name == "while_in_for":
        return [_v(r, 6, -5, 5000), [0] * 6]
    if name == "if_stores":
        return [_v(r, 8, -1000, 1000), [0] * 8]
    if name == "if_no_else":
        return [_v(r, 8, -128, 127)]
    if name == "store_load_same":
        return [_v(r, 8), _trip(r, seed, 8), r.randint(-100, 100)]
    if name == "views":
        return [_v(r, 16)]
    if name == "i1_index_args":
        return [seed % 2, r.randint(-1000, 1000), r.randint(-1000, 1000)]
    if name == "while_memory":
        a = _v(r, 8, -5, 5)
        key = a[0] if seed == 0 else (a[r.randint(0, 7)] if seed % 2 else 99)  # zero, some, all iterations
        return [a, key]
    if name == "scratch_alloca":
        return [_v(r, 8), [0] * 8]
    if name == "bubble_sort":
        return [list(range(10, 0, -1)) if seed == 0 else _v(r, 10)]
    if name == "triangular":
        return [_v(r, 8, -20, 20), _trip(r, seed, 8)]
    if name == "stencil_inplace":
        return [_v(r, 10, -1000, 1000), _trip(r, seed, 3)]
    if name == "insertion_sort":
        return [list(range(8, 0, -1)) if seed == 0 else _v(r, 8)]
    if name == "swap_pairs":
        return [_v(r, 16)]
    if name == "iter_bound":
        return [_v(r, 8, 0, 50), _trip(r, seed, 8)]
    if name == "affine_stencil":  # rows: none, one (all border), many; memrefs with a dynamic size as nested lists
        n = (0, 1, 6)[seed] if seed < 3 else r.randint(0, 7)
        return [n, [_v(r, 8, -1000, 1000) for _ in range(n)], [[0] * 8 for _ in range(n)],
                _v(r, 0 if seed == 0 else r.randint(1, 5))]
    if name == "calls_undef":  # seed 0: a[0] == 0, no trip of the while loop, the undef value is returned
        a = _v(r, r.randint(4, 9), -60, 60)
        if seed == 0:
            a[0] = 0
        elif r.random() < 0.5:
            a[r.randint(1, len(a) - 1)] = 0
        return [a, r.randint(0, len(a)), r.randint(-4, 4)]
    if name == "dyn_matrix":  # both sizes dynamic: shapes from the nested lists
        n, m = ((1, 1), (2, 5), (4, 3))[seed] if seed < 3 else (r.randint(1, 5), r.randint(1, 6))
        return [[_v(r, m, -500, 500) for _ in range(n)], [[0] * n for _ in range(m)]]
    if name == "cf_sum":
        return [_trip(r, seed, 12)]
    if name == "cf_absdiff":
        return [r.randint(-1000, 1000), r.randint(-1000, 1000)]
    if name == "cf_nest":
        return [_v(r, 16, -20, 20), [0] * 4, _trip(r, seed, 4), r.randint(-10, 10)]
    if name == "cf_search":
        g = r.randint(1, 6)
        a = _v(r, 8, -40, 40)
        key = a[r.randint(0, 7)] % g if seed != 2 else g  # seed 2: never found (a remainder is below g)
        return [a, _trip(r, seed, 8), key, g * r.randint(1, 9), g * r.randint(1, 9)]
    if name == "bit_stats":  # the corner words of the bit counts and absi, then random words of every magnitude
        words = [0, -2**31, -1, 2**31 - 1, *(1 << r.randrange(32) for _ in range(3))]
        words += [r.getrandbits(32) >> r.randrange(32) for _ in range(5)]
        words = [w - 2**32 if w >= 2**31 else w for w in words]
        r.shuffle(words)
        return [words, _trip(r, seed, 12), [0] * 12, [0] * 12]
    if name == "crc_table":  # bytes of every value (negative ones index the table's upper half); 0, 1, many
        data = _v(r, r.randint(6, 12), -128, 127)
        return [data, _trip(r, seed, len(data))]
    if name == "global_state":  # counts (with negative values) into the global's initial ones; 0, 1, many
        data = _v(r, 10, -100, 100)
        return [data, _trip(r, seed, len(data)), ["0x0"]]
    if name == "handshake/horner":
        return [_trip(r, seed, 12), r.randint(-50, 50)]
    if name == "handshake/tri_nest":
        return [_trip(r, seed, 8), r.randint(-1000, 1000)]
    if name == "handshake/saxpy":
        return [_v(r, 8, -2**31, 2**31 - 1), _v(r, 8, -2**31, 2**31 - 1), r.randint(-100, 100), _trip(r, seed, 8)]
    if name == "handshake/matmul":
        return [_v(r, 16, -9, 9), _v(r, 16, -9, 9), _v(r, 16), _trip(r, seed, 4)]
    raise KeyError(name)


KERNELS = [
    "vector_add", "dot_product", "cond_accum", "gcd", "matmul", "histogram", "prefix_sum",
    "for_trip_args", "while_zero", "loop_in_if", "while_in_for", "if_stores", "if_no_else",
    "store_load_same", "views", "i1_index_args", "scratch_alloca", "while_memory",
    "bubble_sort", "triangular", "stencil_inplace", "insertion_sort", "swap_pairs", "iter_bound",
    "fvector_add", "fsum", "fdot", "gemm", "atax", "bicg", "gesummv", "mvt", "two_mm", "jacobi_1d", "fir",
    "affine_stencil", "calls_undef", "dyn_matrix",
    "cf_sum", "cf_absdiff", "cf_nest", "cf_search", "bit_stats",
    "crc_table", "global_state",
]


#: CIRCT-made loops with CIRCT's `handshake-insert-buffers strategy=cycles` (kernels/handshake/, docs/handshake.md)
CIRCT_KERNELS = ["handshake/horner", "handshake/tri_nest", "handshake/saxpy", "handshake/matmul"]


def kernel_path(name: str) -> Path:
    """The MLIR file of kernel `name`."""
    return KERNEL_DIR / f"{name}.mlir"


def kernel_func(name: str) -> str:
    """The function of kernel `name`: named like its file."""
    return name.rsplit("/", 1)[-1]
