// GCD by subtraction: scf.while with before-region arguments and results, scalars only.
func.func @gcd(%a: i32, %b: i32) -> i32 {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %ne = arith.cmpi ne, %x, %y : i32
    scf.condition(%ne) %x, %y : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    %gt = arith.cmpi sgt, %x, %y : i32
    %nx, %ny = scf.if %gt -> (i32, i32) {
      %d = arith.subi %x, %y : i32
      scf.yield %d, %y : i32, i32
    } else {
      %d = arith.subi %y, %x : i32
      scf.yield %x, %d : i32, i32
    }
    scf.yield %nx, %ny : i32, i32
  }
  func.return %r#0 : i32
}
