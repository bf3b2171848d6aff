// issue 8: the in-place bubble sort that deadlocked on both simulators (guard from the outer iv).
func.func @bubble_sort(%a: memref<10xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  scf.for %i = %c0 to %c9 step %c1 {
    %lim = arith.subi %c9, %i : index
    scf.for %j = %c0 to %lim step %c1 {
      %j1 = arith.addi %j, %c1 : index
      %x = memref.load %a[%j] : memref<10xi32>
      %y = memref.load %a[%j1] : memref<10xi32>
      %gt = arith.cmpi sgt, %x, %y : i32
      scf.if %gt {
        memref.store %y, %a[%j] : memref<10xi32>
        memref.store %x, %a[%j1] : memref<10xi32>
      }
    }
  }
  return
}
