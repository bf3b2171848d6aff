// kernels/handshake/absdiff_cf.mlir as a kernel: two branches joining in a block with an argument,
// lifted to an scf.if with a result.
func.func @cf_absdiff(%a: i32, %b: i32) -> i32 {
  %lt = arith.cmpi slt, %a, %b : i32
  cf.cond_br %lt, ^t, ^f
^t:
  %d1 = arith.subi %b, %a : i32
  cf.br ^j(%d1 : i32)
^f:
  %d2 = arith.subi %a, %b : i32
  cf.br ^j(%d2 : i32)
^j(%r: i32):
  return %r : i32
}
