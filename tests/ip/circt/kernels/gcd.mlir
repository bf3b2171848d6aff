builtin.module {
  func.func @gcd(%a: i32, %b: i32) -> i32 {
    cf.br ^bb1(%a, %b : i32, i32)
  ^bb1(%x: i32, %y: i32):
    %ne = arith.cmpi ne, %x, %y : i32
    cf.cond_br %ne, ^bb2(%x, %y : i32, i32), ^bb7(%x, %y : i32, i32)
  ^bb2(%x_1: i32, %y_1: i32):
    %gt = arith.cmpi sgt, %x_1, %y_1 : i32
    cf.cond_br %gt, ^bb3, ^bb4
  ^bb3:
    %d = arith.subi %x_1, %y_1 : i32
    cf.br ^bb5(%d, %y_1 : i32, i32)
  ^bb4:
    %d_1 = arith.subi %y_1, %x_1 : i32
    cf.br ^bb5(%x_1, %d_1 : i32, i32)
  ^bb5(%nx: i32, %ny: i32):
    cf.br ^bb6
  ^bb6:
    cf.br ^bb1(%nx, %ny : i32, i32)
  ^bb7(%r: i32, %r_1: i32):
    func.return %r : i32
  }
}
