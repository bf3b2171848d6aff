// dfv fuzz --seed 1047 --size 4, shrunk: deadlock on the bounded golden run (and the RTL). The inner
// loop's zero-trip guard is computed from the outer loop's iter arg, and selects the outer body's done
// token: the iter-arg carry could not take its next d, so the stream never produced after_cond.
func.func @fuzz(%a1: memref<2xi32>, %s3: index) {
  %v12 = arith.index_cast %s3 : index to i8
  %v13 = arith.trunci %v12 : i8 to i1
  %v25 = arith.constant 0 : index
  %t1 = arith.constant 0 : index
  %t2 = arith.constant 1 : index
  %t3 = arith.constant 1 : index
  %v80 = scf.for %i56 = %t1 to %t2 step %t3 iter_args(%x57 = %v25) -> (index) {
    %t4 = arith.constant 0 : index
    %t5 = arith.constant 1 : index
    %t6 = arith.remui %x57, %t5 : index
    %t7 = arith.constant 1 : index
    %t8 = arith.addi %t6, %t7 : index
    %t9 = arith.constant 1 : index
    scf.for %i70 = %t4 to %t8 step %t9 {
      %t10 = arith.constant 1 : index
      %t11 = arith.remui %i56, %t10 : index
      %t12 = arith.constant 1 : index
      %t13 = arith.addi %t11, %t12 : index
      %v73 = memref.load %a1[%t13] : memref<2xi32>
    }
    %v78 = arith.index_cast %v13 : i1 to index
    %v79 = arith.xori %x57, %v78 : index
    scf.yield %v79 : index
  }
  func.return
}
