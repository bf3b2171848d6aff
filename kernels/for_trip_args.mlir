// A for loop whose bounds and step come from arguments: run with zero, one and many iterations.
func.func @for_trip_args(%lb: index, %ub: index, %step: index, %out: memref<16xi64>, %k: i64) -> (i64, index) {
  %z = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %s, %cnt = scf.for %i = %lb to %ub step %step iter_args(%acc = %z, %c = %c0) -> (i64, index) {
    %ii = arith.index_cast %i : index to i64
    %t = arith.muli %ii, %k : i64
    %acc2 = arith.addi %acc, %t : i64
    memref.store %acc2, %out[%c] : memref<16xi64>
    %c1 = arith.constant 1 : index
    %cn = arith.addi %c, %c1 : index
    scf.yield %acc2, %cn : i64, index
  }
  func.return %s, %cnt : i64, index
}
