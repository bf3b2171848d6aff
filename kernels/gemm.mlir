// PolyBench gemm (issue 24): C = alpha * A * B + beta * C on 6x6 f32 matrices (4 inner trips: NI=6,
// NJ=6, NK=4), alpha and beta as arguments; the inner k loop reduces through an iter_arg.
func.func @gemm(%alpha: f32, %beta: f32, %C: memref<6x6xf32>, %A: memref<6x4xf32>, %B: memref<4x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<6x4xf32>
        %b = memref.load %B[%k, %j] : memref<4x6xf32>
        %ab = arith.mulf %a, %b : f32
        %p = arith.mulf %alpha, %ab : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      %c = memref.load %C[%i, %j] : memref<6x6xf32>
      %bc = arith.mulf %beta, %c : f32
      %r = arith.addf %bc, %sum : f32
      memref.store %r, %C[%i, %j] : memref<6x6xf32>
    }
  }
  func.return
}
