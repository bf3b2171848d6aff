// A while inside a for: for each element, count the halvings until it is <= 1 and store the count.
func.func @while_in_for(%a: memref<6xi32>, %out: memref<6xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %tot = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<6xi32>
    %r:2 = scf.while (%x = %v, %n = %z) : (i32, i32) -> (i32, i32) {
      %gt = arith.cmpi sgt, %x, %one : i32
      scf.condition(%gt) %x, %n : i32, i32
    } do {
    ^bb0(%x: i32, %n: i32):
      %h = arith.shrsi %x, %one : i32
      %n2 = arith.addi %n, %one : i32
      scf.yield %h, %n2 : i32, i32
    }
    memref.store %r#1, %out[%i] : memref<6xi32>
    %acc2 = arith.addi %acc, %r#1 : i32
    scf.yield %acc2 : i32
  }
  func.return %tot : i32
}
