// Vector add: c[i] = a[i] + b[i] over a static trip count (no zero-trip guard needed).
func.func @vector_add(%a: memref<8xi32>, %b: memref<8xi32>, %c: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %b[%i] : memref<8xi32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %c[%i] : memref<8xi32>
  }
  func.return
}
