// Internal memory (memref.alloca): reverse a[0..8) through a scratch buffer into out.
func.func @scratch_alloca(%a: memref<8xi32>, %out: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %t = memref.alloca() : memref<8xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xi32>
    %j = arith.subi %c7, %i : index
    memref.store %x, %t[%j] : memref<8xi32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %t[%i] : memref<8xi32>
    memref.store %x, %out[%i] : memref<8xi32>
  }
  func.return
}
