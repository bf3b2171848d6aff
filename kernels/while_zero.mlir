// A while loop that may run zero times (x >= lim on entry): doubles x and counts the steps.
func.func @while_zero(%x0: i32, %lim: i32) -> (i32, i32) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.while (%x = %x0, %n = %z) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %x, %lim : i32
    scf.condition(%lt) %x, %n : i32, i32
  } do {
  ^bb0(%x: i32, %n: i32):
    %x2 = arith.addi %x, %x : i32
    %x3 = arith.addi %x2, %one : i32
    %n2 = arith.addi %n, %one : i32
    scf.yield %x3, %n2 : i32, i32
  }
  func.return %r#0, %r#1 : i32, i32
}
