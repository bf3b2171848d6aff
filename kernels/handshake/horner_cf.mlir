// Horner's rule: acc = acc * x + i for i in 0..n-1 (a scalar loop with two carried values, i32 wrapping).
// horner.mlir is this function after tools/circt_handshake.py --strategy cycles (CIRCT's lower-cf-to-handshake,
// handshake-materialize-forks-sinks, and handshake-insert-buffers with a buffer on each cycle only).
func.func @horner(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  cf.br ^hdr(%c0, %z : index, i32)
^hdr(%i: index, %acc: i32):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %m = arith.muli %acc, %x : i32
  %ii = arith.index_cast %i : index to i32
  %a = arith.addi %m, %ii : i32
  %i1 = arith.addi %i, %c1 : index
  cf.br ^hdr(%i1, %a : index, i32)
^exit:
  return %acc : i32
}
