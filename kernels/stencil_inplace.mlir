// In-place 3-point stencil swept %t times (Gauss-Seidel): each store is read by the next iteration.
func.func @stencil_inplace(%a: memref<10xi32>, %t: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  scf.for %s = %c0 to %t step %c1 {
    scf.for %i = %c1 to %c9 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %a[%im] : memref<10xi32>
      %m = memref.load %a[%i] : memref<10xi32>
      %r = memref.load %a[%ip] : memref<10xi32>
      %lm = arith.addi %l, %m : i32
      %sum = arith.addi %lm, %r : i32
      %c3 = arith.constant 3 : i32
      %avg = arith.divsi %sum, %c3 : i32
      memref.store %avg, %a[%i] : memref<10xi32>
    }
  }
  return
}
