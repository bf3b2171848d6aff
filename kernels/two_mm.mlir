// PolyBench 2mm (issue 24): D = alpha * A B C + beta * D on 4x4 f32 matrices: tmp = alpha A B, then
// D = beta D + tmp C, two triple nests through an internal tmp memory (memref.alloca).
func.func @two_mm(%alpha: f32, %beta: f32, %A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>, %D: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %tmp = memref.alloca() : memref<4x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<4x4xf32>
        %b = memref.load %B[%k, %j] : memref<4x4xf32>
        %ab = arith.mulf %a, %b : f32
        %p = arith.mulf %alpha, %ab : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      memref.store %s, %tmp[%i, %j] : memref<4x4xf32>
    }
  }
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %d = memref.load %D[%i, %j] : memref<4x4xf32>
      %d0 = arith.mulf %d, %beta : f32
      %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %d0) -> (f32) {
        %t = memref.load %tmp[%i, %k] : memref<4x4xf32>
        %c = memref.load %C[%k, %j] : memref<4x4xf32>
        %p = arith.mulf %t, %c : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      memref.store %s, %D[%i, %j] : memref<4x4xf32>
    }
  }
  func.return
}
