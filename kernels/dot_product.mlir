// Dot product: scf.for with an iter_arg; the trip count %n is an argument (0..8).
func.func @dot_product(%a: memref<8xi32>, %b: memref<8xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %b[%i] : memref<8xi32>
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}
