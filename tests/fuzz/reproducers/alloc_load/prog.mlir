// dfv fuzz --seed 1000 --size 4, shrunk: the source interpreter failed on any memref.alloc
// (its implementation called the @impl of alloca, which xDSL wraps to return more than the results).
func.func @fuzz() {
  %m4 = memref.alloc() : memref<2x2xi8>
  %i10 = arith.constant 0 : index
  %t1 = arith.constant 1 : index
  %t2 = arith.remui %i10, %t1 : index
  %t3 = arith.constant 1 : index
  %t4 = arith.remui %i10, %t3 : index
  %t5 = arith.constant 1 : index
  %t6 = arith.addi %t4, %t5 : index
  %v24 = memref.load %m4[%t2, %t6] : memref<2x2xi8>
  func.return
}
