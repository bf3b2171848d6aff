"""`dfv.tb.common.fcov.sample_hits`: a one-bin cover point sampled with no hit still exists, with its bin at zero,
so the merged coverage shows the hole instead of leaving the point out."""

from __future__ import annotations

from cocotb_coverage.coverage import coverage_db

from dfv.tb.common.fcov import sample_hits


def test_a_point_never_hit_shows_its_bin_at_zero():
    sample_hits("test_fcov_hits.missed", "slot", 0)
    point = coverage_db["test_fcov_hits.missed"]
    assert dict(point.detailed_coverage) == {"slot": 0}
    assert point.coverage == 0


def test_each_hit_counts():
    sample_hits("test_fcov_hits.hit", "slot", 3)
    assert dict(coverage_db["test_fcov_hits.hit"].detailed_coverage) == {"slot": 3}
