// PolyBench bicg (issue 24): s = r^T A and q = A p on a 6x5 f64 matrix in one loop nest: s accumulates in
// memory across the outer loop, q in an iter_arg of the inner one.
func.func @bicg(%A: memref<6x5xf64>, %s: memref<5xf64>, %q: memref<6xf64>, %p: memref<5xf64>, %r: memref<6xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f64
  scf.for %j = %c0 to %c5 step %c1 {
    memref.store %z, %s[%j] : memref<5xf64>
  }
  scf.for %i = %c0 to %c6 step %c1 {
    %ri = memref.load %r[%i] : memref<6xf64>
    %qi = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc = %z) -> (f64) {
      %a = memref.load %A[%i, %j] : memref<6x5xf64>
      %sj = memref.load %s[%j] : memref<5xf64>
      %ra = arith.mulf %ri, %a : f64
      %sn = arith.addf %sj, %ra : f64
      memref.store %sn, %s[%j] : memref<5xf64>
      %pj = memref.load %p[%j] : memref<5xf64>
      %ap = arith.mulf %a, %pj : f64
      %qn = arith.addf %acc, %ap : f64
      scf.yield %qn : f64
    }
    memref.store %qi, %q[%i] : memref<6xf64>
  }
  func.return
}
