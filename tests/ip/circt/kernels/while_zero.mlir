builtin.module {
  func.func @while_zero(%x0: i32, %lim: i32) -> (i32, i32) {
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    cf.br ^bb1(%x0, %z : i32, i32)
  ^bb1(%x: i32, %n: i32):
    %lt = arith.cmpi slt, %x, %lim : i32
    cf.cond_br %lt, ^bb2(%x, %n : i32, i32), ^bb3(%x, %n : i32, i32)
  ^bb2(%x_1: i32, %n_1: i32):
    %x2 = arith.addi %x_1, %x_1 : i32
    %x3 = arith.addi %x2, %one : i32
    %n2 = arith.addi %n_1, %one : i32
    cf.br ^bb1(%x3, %n2 : i32, i32)
  ^bb3(%r: i32, %r_1: i32):
    func.return %r, %r_1 : i32, i32
  }
}
