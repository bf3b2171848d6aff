// PolyBench atax (issue 24): y = A^T (A x) on a 5x6 f32 matrix: tmp = A x row by row, then y += A^T tmp,
// two loop nests over one matrix, y and tmp in memory.
func.func @atax(%A: memref<5x6xf32>, %x: memref<6xf32>, %y: memref<6xf32>, %tmp: memref<5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f32
  scf.for %j = %c0 to %c6 step %c1 {
    memref.store %z, %y[%j] : memref<6xf32>
  }
  scf.for %i = %c0 to %c5 step %c1 {
    %t = scf.for %j = %c0 to %c6 step %c1 iter_args(%acc = %z) -> (f32) {
      %a = memref.load %A[%i, %j] : memref<5x6xf32>
      %v = memref.load %x[%j] : memref<6xf32>
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %t, %tmp[%i] : memref<5xf32>
    scf.for %j = %c0 to %c6 step %c1 {
      %yj = memref.load %y[%j] : memref<6xf32>
      %a = memref.load %A[%i, %j] : memref<5x6xf32>
      %p = arith.mulf %a, %t : f32
      %s = arith.addf %yj, %p : f32
      memref.store %s, %y[%j] : memref<6xf32>
    }
  }
  func.return
}
