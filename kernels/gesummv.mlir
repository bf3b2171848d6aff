// PolyBench gesummv (issue 24): y = alpha * A x + beta * B x on 5x5 f32 matrices, two reductions in one
// inner loop (two iter_args), alpha and beta as constants written in decimal and in hex.
func.func @gesummv(%A: memref<5x5xf32>, %B: memref<5x5xf32>, %x: memref<5xf32>, %y: memref<5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0.0 : f32
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 0x3FC00001 : f32
  scf.for %i = %c0 to %c5 step %c1 {
    %t:2 = scf.for %j = %c0 to %c5 step %c1 iter_args(%ta = %z, %tb = %z) -> (f32, f32) {
      %a = memref.load %A[%i, %j] : memref<5x5xf32>
      %b = memref.load %B[%i, %j] : memref<5x5xf32>
      %xj = memref.load %x[%j] : memref<5xf32>
      %ax = arith.mulf %a, %xj : f32
      %bx = arith.mulf %b, %xj : f32
      %na = arith.addf %ta, %ax : f32
      %nb = arith.addf %tb, %bx : f32
      scf.yield %na, %nb : f32, f32
    }
    %pa = arith.mulf %alpha, %t#0 : f32
    %pb = arith.mulf %beta, %t#1 : f32
    %r = arith.addf %pa, %pb : f32
    memref.store %r, %y[%i] : memref<5xf32>
  }
  func.return
}
