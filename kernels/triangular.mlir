// Triangular nest that reads its own output: a[i] += sum(a[j] for j < i), inner bound = outer iv.
func.func @triangular(%a: memref<8xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %tot = scf.for %i = %c0 to %n step %c1 iter_args(%t = %z) -> (i32) {
    scf.for %j = %c0 to %i step %c1 {
      %x = memref.load %a[%j] : memref<8xi32>
      %y = memref.load %a[%i] : memref<8xi32>
      %s = arith.addi %x, %y : i32
      memref.store %s, %a[%i] : memref<8xi32>
    }
    %v = memref.load %a[%i] : memref<8xi32>
    %t2 = arith.addi %t, %v : i32
    scf.yield %t2 : i32
  }
  return %tot : i32
}
