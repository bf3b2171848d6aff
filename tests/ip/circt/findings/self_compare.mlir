// CIRCT finding (circt 1.162.0, hlstool --dynamic-hw's passes, dfv/circt/export.py): a value compared with
// itself. `x < x` is false for every x; the program returns it. After lower-cf-to-handshake, the canonicalizer
// that hlstool runs on every handshake.func folds the compare to an `arith.constant false` with no control
// input, which lower-handshake-to-hw cannot lower: "failed to legalize operation 'arith.constant'". Found by
// `dfv fuzz --scalar --engines circt-icarus` (docs/circt_findings.md); tests/ip/test_circt_engine.py.
func.func @self_compare(%x: i64) -> i1 {
  %r = arith.cmpi slt, %x, %x : i64
  return %r : i1
}
