// PolyBench mvt (issue 24): x1 += A y1 and x2 += A^T y2 on a 5x5 bf16 matrix, two loop nests reading
// A in both orders.
func.func @mvt(%A: memref<5x5xbf16>, %x1: memref<5xbf16>, %x2: memref<5xbf16>, %y1: memref<5xbf16>, %y2: memref<5xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %x0 = memref.load %x1[%i] : memref<5xbf16>
    %r = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc = %x0) -> (bf16) {
      %a = memref.load %A[%i, %j] : memref<5x5xbf16>
      %v = memref.load %y1[%j] : memref<5xbf16>
      %p = arith.mulf %a, %v : bf16
      %s = arith.addf %acc, %p : bf16
      scf.yield %s : bf16
    }
    memref.store %r, %x1[%i] : memref<5xbf16>
  }
  scf.for %i = %c0 to %c5 step %c1 {
    %x0 = memref.load %x2[%i] : memref<5xbf16>
    %r = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc = %x0) -> (bf16) {
      %a = memref.load %A[%j, %i] : memref<5x5xbf16>
      %v = memref.load %y2[%j] : memref<5xbf16>
      %p = arith.mulf %a, %v : bf16
      %s = arith.addf %acc, %p : bf16
      scf.yield %s : bf16
    }
    memref.store %r, %x2[%i] : memref<5xbf16>
  }
  func.return
}
