// In-place prefix sum: a[i] = a[i] + a[i-1], a read-after-write across iterations.
func.func @prefix_sum(%a: memref<12xi16>, %n: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<12xi16>
    %x = memref.load %a[%i] : memref<12xi16>
    %s = arith.addi %p, %x : i16
    memref.store %s, %a[%i] : memref<12xi16>
  }
  func.return
}
