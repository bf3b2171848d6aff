"""Bit-exact IEEE 754 floating point for the golden model (spec README, "Floating point"): binary16,
bfloat16, binary32 and binary64, round to nearest ties to even, subnormals kept, every NaN result the
canonical quiet NaN.

`format` holds the four formats and their derived facts; `rounding` the exact-value core (decode a word,
round an exact value once); `arith`, `compare` and `convert` the operations on raw words, gathered in
`ops`; `text` the decimal reading and printing of inputs and results files. All of it is integer
arithmetic: no Python float, no numpy. The catalogue (`dfv.golden.catalogue`) declares the float operations
on it.
"""
