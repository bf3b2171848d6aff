// A loop inside an scf.if with a result: sum of a[0..n) if %flag, else a[0] * 2.
func.func @loop_in_if(%a: memref<8xi32>, %flag: i1, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.if %flag -> (i32) {
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
      %x = memref.load %a[%i] : memref<8xi32>
      %y = arith.addi %acc, %x : i32
      scf.yield %y : i32
    }
    scf.yield %s : i32
  } else {
    %x = memref.load %a[%c0] : memref<8xi32>
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  func.return %r : i32
}
