// PolyBench jacobi-1d (issue 24): T time steps of B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]) and back, on
// 10 f16 points; the steps are a loop around two stencil loops, T from an argument.
func.func @jacobi_1d(%A: memref<10xf16>, %B: memref<10xf16>, %T: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %third = arith.constant 0.33333 : f16
  scf.for %t = %c0 to %T step %c1 {
    scf.for %i = %c1 to %c9 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %a0 = memref.load %A[%im] : memref<10xf16>
      %a1 = memref.load %A[%i] : memref<10xf16>
      %a2 = memref.load %A[%ip] : memref<10xf16>
      %s0 = arith.addf %a0, %a1 : f16
      %s1 = arith.addf %s0, %a2 : f16
      %v = arith.mulf %third, %s1 : f16
      memref.store %v, %B[%i] : memref<10xf16>
    }
    scf.for %i = %c1 to %c9 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %b0 = memref.load %B[%im] : memref<10xf16>
      %b1 = memref.load %B[%i] : memref<10xf16>
      %b2 = memref.load %B[%ip] : memref<10xf16>
      %s0 = arith.addf %b0, %b1 : f16
      %s1 = arith.addf %s0, %b2 : f16
      %v = arith.mulf %third, %s1 : f16
      memref.store %v, %A[%i] : memref<10xf16>
    }
  }
  func.return
}
