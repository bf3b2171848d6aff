// |a - b| as Polygeist writes a function (`llvm.linkage`, numeric block labels); CIRCT keeps the linkage on
// the handshake.func: linkage.mlir is this function after tools/circt_handshake.py --strategy cycles.
func.func @linkage(%a: i32, %b: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<external>} {
  %lt = arith.cmpi slt, %a, %b : i32
  cf.cond_br %lt, ^1, ^2
^1:
  %d1 = arith.subi %b, %a : i32
  cf.br ^3(%d1 : i32)
^2:
  %d2 = arith.subi %a, %b : i32
  cf.br ^3(%d2 : i32)
^3(%r: i32):
  return %r : i32
}
