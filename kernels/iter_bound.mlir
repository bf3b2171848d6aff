// Inner trip count carried by the outer loop (the class of a dfv fuzz deadlock): the inner loop, the
// last access of the outer body, runs as often as the previous iteration decided, reading and
// rewriting the array the outer loop indexes.
func.func @iter_bound(%a: memref<8xi32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%len = %c0) -> (index) {
    %v = memref.load %a[%i] : memref<8xi32>
    %vi = arith.index_cast %v : i32 to index
    %m = arith.remui %vi, %c8 : index
    %next = arith.minui %m, %i : index
    scf.for %j = %c0 to %len step %c1 {
      %x = memref.load %a[%j] : memref<8xi32>
      %s = arith.addi %x, %v : i32
      memref.store %s, %a[%j] : memref<8xi32>
    }
    scf.yield %next : index
  }
  return %last : index
}
