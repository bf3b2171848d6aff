builtin.module {
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
    func.return %r : i32
  }
}
