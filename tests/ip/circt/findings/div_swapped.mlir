// CIRCT finding (circt 1.162.0, hlstool --dynamic-hw's passes, dfv/circt/export.py): lower-handshake-to-hw lowers
// `arith.divsi` to `comb.divu` and `arith.divui` to `comb.divs` (the two swapped; remsi and remui are right). With
// a = -7 and b = 2 (i8), divsi is -3 and divui 124 (249 / 2); CIRCT's circuit returns 124 and -3. Found by
// `dfv fuzz --scalar --engines golden,golden-unbounded,circt-icarus` (seeds 130 and 239 of 400, shrunk to 6 and 3
// statements; docs/circt_findings.md); tests/ip/test_circt_engine.py.
func.func @div(%a: i8, %b: i8) -> (i8, i8) {
  %q = arith.divsi %a, %b : i8
  %u = arith.divui %a, %b : i8
  return %q, %u : i8, i8
}
