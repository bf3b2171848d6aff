// Matrix multiply C = A * B on 4x4 2-D memrefs: three nested loops, the inner one with an iter_arg.
func.func @matmul(%A: memref<4x4xi32>, %B: memref<4x4xi32>, %C: memref<4x4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
        %a = memref.load %A[%i, %k] : memref<4x4xi32>
        %b = memref.load %B[%k, %j] : memref<4x4xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %acc, %p : i32
        scf.yield %s : i32
      }
      memref.store %sum, %C[%i, %j] : memref<4x4xi32>
    }
  }
  func.return
}
