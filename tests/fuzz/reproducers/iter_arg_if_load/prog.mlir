// dfv fuzz (seeds 1-240 campaign, seed 27), shrunk: deadlock on the bounded golden run. An iter arg
// is the condition of an scf.if holding a load: the if's memory mux selected the loop's done token
// straight from the iter-arg carry, which could not take its next d (lowering/deadlock.py).
func.func @fuzz(%a1: memref<2x3xi32>, %s2: index, %s3: i16) {
  %m5 = memref.reinterpret_cast %a1 to offset: [4], sizes: [1], strides: [2] : memref<2x3xi32> to memref<1xi32, strided<[2], offset: 4>>
  %v6 = arith.trunci %s3 : i16 to i1
  %v7 = arith.extsi %v6 : i1 to i8
  %v8 = arith.index_cast %s3 : i16 to index
  %t1 = arith.constant 1 : index
  %t2 = arith.remui %v8, %t1 : index
  %t3 = arith.constant 1 : index
  %t4 = arith.addi %t2, %t3 : index
  %t5 = arith.constant 3 : index
  %t6 = arith.remui %s2, %t5 : index
  %v9 = memref.load %a1[%t4, %t6] : memref<2x3xi32>
  %v45 = arith.trunci %v9 : i32 to i1
  %t7 = arith.constant 0 : index
  %t8 = arith.constant 1 : index
  %t9 = arith.constant 1 : index
  %v61 = scf.for %i46 = %t7 to %t8 step %t9 iter_args(%x47 = %v45) -> (i1) {
    scf.if %x47 {
      %v58 = arith.index_castui %v7 : i8 to index
      %t10 = arith.constant 1 : index
      %t11 = arith.remui %v58, %t10 : index
      %v59 = memref.load %m5[%t11] : memref<1xi32, strided<[2], offset: 4>>
    } else {
    }
    scf.yield %x47 : i1
  }
  func.return
}
