// A store followed by a load of the same address in one iteration (must read the new value).
func.func @store_load_same(%a: memref<8xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %v = arith.muli %ii, %k : i32
    memref.store %v, %a[%i] : memref<8xi32>
    %w = memref.load %a[%i] : memref<8xi32>
    %s = arith.addi %acc, %w : i32
    scf.yield %s : i32
  }
  func.return %r : i32
}
