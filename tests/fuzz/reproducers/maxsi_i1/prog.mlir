// dfv fuzz --seed 5213 --size 6, shrunk: the source interpreter compared i1 operands of maxsi/minsi
// as 0/1 instead of 0/-1 (signed), so it disagreed with the golden model and the RTL.
func.func @fuzz(%a2: memref<5xi1>) {
  %t1 = arith.constant 1 : index
  %t2 = arith.constant 4 : index
  %t3 = arith.constant 1 : index
  scf.for %i86 = %t1 to %t2 step %t3 {
    %t4 = arith.constant -1 : index
    %t5 = arith.addi %i86, %t4 : index
    %v87 = memref.load %a2[%t5] : memref<5xi1>
    %v88 = memref.load %a2[%i86] : memref<5xi1>
    %v89 = arith.muli %v87, %v88 : i1
    %t6 = arith.constant 1 : index
    %t7 = arith.addi %i86, %t6 : index
    %v90 = memref.load %a2[%t7] : memref<5xi1>
    %v91 = arith.maxsi %v89, %v90 : i1
    memref.store %v91, %a2[%i86] : memref<5xi1>
  }
  func.return
}
