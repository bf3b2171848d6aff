"""Value types and `!dataflow.tagged<V, iK>` (spec 000): what parses, what is refused, packing."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dfv.golden.types import (
    DataflowTypeError,
    ScalarType,
    TaggedType,
    parse_type,
    scalar_type,
    tagged_type,
    to_signed,
    to_unsigned,
)

VALUE_TYPES = {
    "i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64,
    "bf16": 16, "f16": 16, "f32": 32, "f64": 64, "index": 32,
}


@pytest.mark.parametrize(("name", "width"), VALUE_TYPES.items())
def test_allowed_value_types(name, width):
    t = parse_type(name)
    assert isinstance(t, ScalarType) and t.width == width and str(t) == name


def test_index_width_follows_the_flow():
    assert parse_type("index", index_width=64).width == 64
    assert parse_type("!dataflow.tagged<index, i1>", index_width=16).width == 17


@pytest.mark.parametrize("name", ["i7", "i0", "i128", "si32", "ui8", "f8", "f128", "vector<4xi32>",
                                  "memref<4xi32>", "tensor<4xf32>", "complex<f32>", "none", ""])
def test_refused_value_types(name):
    with pytest.raises(DataflowTypeError, match="not a dataflow value type"):
        parse_type(name)


@pytest.mark.parametrize("text", ["!dataflow.tagged<i32, i4>", "!dataflow.tagged<f32, i5>",
                                  "!dataflow.tagged<index, i1>", "!dataflow.tagged<i1,i16>",
                                  "  !dataflow.tagged< bf16 , i8 >  "])
def test_allowed_tagged_types(text):
    t = parse_type(text)
    assert isinstance(t, TaggedType)
    assert parse_type(str(t)) == t


@pytest.mark.parametrize(("text", "message"), [
    ("!dataflow.tagged<memref<4xi32>, i4>", "value type 'memref<4xi32>'"),
    ("!dataflow.tagged<vector<4xi32>, i2>", "value type 'vector<4xi32>'"),
    ("!dataflow.tagged<tensor<2x2xf32>, i2>", "value type 'tensor<2x2xf32>'"),
    ("!dataflow.tagged<i7, i4>", "value type 'i7'"),
    ("!dataflow.tagged<i32, i17>", "tag type must be a signless integer i1..i16"),
    ("!dataflow.tagged<i32, i0>", "tag type must be a signless integer i1..i16"),
    ("!dataflow.tagged<i32, f16>", "tag type must be a signless integer"),
    ("!dataflow.tagged<i32, si4>", "tag type must be a signless integer"),
    ("!dataflow.tagged<i32, index>", "tag type must be a signless integer"),
    ("!dataflow.tagged<i32>", "expected !dataflow.tagged<value_type, tag_type>"),
    ("!dataflow.tagged<i32, i4, i2>", "expected !dataflow.tagged<value_type, tag_type>"),
    ("!dataflow.tagged<!dataflow.tagged<i32, i4>, i4>", "value type"),
])
def test_refused_tagged_types_name_the_problem(text, message):
    with pytest.raises(DataflowTypeError, match=re.escape(message)) as info:
        parse_type(text)
    assert isinstance(info.value, ValueError)


def test_tagged_without_dialect_prefix_is_not_a_type():
    with pytest.raises(DataflowTypeError):
        parse_type("tagged<i7, i4>")
    with pytest.raises(DataflowTypeError):
        parse_type("tagged<i32, i4>")


def test_tagged_type_constructor_checks_both_halves():
    assert tagged_type("f32", "i5") == TaggedType(scalar_type("f32"), 5)
    with pytest.raises(DataflowTypeError, match="i17"):
        tagged_type("i32", "i17")
    with pytest.raises(DataflowTypeError, match="i7"):
        tagged_type("i7", "i4")


def test_f32_i5_packs_to_37_bits_with_tag_at_36_32():
    t = parse_type("!dataflow.tagged<f32, i5>")
    assert t.width == 37
    word = t.pack(0x3F80_0000, 0b10101)  # 1.0f, tag 21
    assert word == 0x15_3F80_0000
    assert (word >> 32) & 0x1F == 21 and word & 0xFFFF_FFFF == 0x3F80_0000
    assert word.bit_length() == 37
    assert t.unpack(word) == (0x3F80_0000, 21)
    assert t.pack(0, 0b10000) == 1 << 36


def test_i1_i1_is_two_bits():
    t = parse_type("!dataflow.tagged<i1, i1>")
    assert t.width == 2
    assert [t.pack(v, tag) for tag in (0, 1) for v in (0, 1)] == [0b00, 0b01, 0b10, 0b11]
    assert t.unpack(0b10) == (0, 1)


def test_pack_and_unpack_reject_out_of_range():
    t = parse_type("!dataflow.tagged<i8, i4>")
    with pytest.raises(ValueError, match="tag 16 does not fit i4"):
        t.pack(0, 16)
    with pytest.raises(ValueError, match="do not fit i8"):
        t.pack(256, 0)
    with pytest.raises(ValueError, match="tag"):
        t.pack(0, -1)
    with pytest.raises(ValueError, match="does not fit"):
        t.unpack(1 << 12)


def test_signed_helpers():
    assert to_signed(0x80, 8) == -128 and to_signed(0x7F, 8) == 127 and to_signed(0x1FF, 8) == -1
    assert to_unsigned(-1, 8) == 0xFF and to_unsigned(256, 8) == 0


@st.composite
def tagged_and_fields(draw):
    value_name = draw(st.sampled_from(sorted(VALUE_TYPES)))
    tag_width = draw(st.integers(1, 16))
    t = parse_type(f"!dataflow.tagged<{value_name}, i{tag_width}>")
    value = draw(st.integers(0, (1 << t.value.width) - 1))
    tag = draw(st.integers(0, (1 << tag_width) - 1))
    return t, value, tag


@given(tagged_and_fields())
def test_pack_unpack_round_trip(case):
    t, value, tag = case
    word = t.pack(value, tag)
    assert 0 <= word < 1 << t.width
    assert word >> t.value.width == tag  # tag in the high bits
    assert t.unpack(word) == (value, tag)
    assert t.pack(*t.unpack(word)) == word


@given(st.integers(1, 64), st.integers())
def test_signed_unsigned_round_trip(width, value):
    raw = to_unsigned(value, width)
    assert to_unsigned(to_signed(raw, width), width) == raw
    assert -(1 << (width - 1)) <= to_signed(raw, width) < 1 << (width - 1)
