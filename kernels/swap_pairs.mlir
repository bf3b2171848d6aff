// In-place swaps at two depths of one array: reverse each row, then swap the two halves' heads.
func.func @swap_pairs(%a: memref<4x4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c2 step %c1 {
      %o = arith.subi %c3, %k : index
      %x = memref.load %a[%r, %k] : memref<4x4xi32>
      %y = memref.load %a[%r, %o] : memref<4x4xi32>
      memref.store %y, %a[%r, %k] : memref<4x4xi32>
      memref.store %x, %a[%r, %o] : memref<4x4xi32>
    }
    %h = memref.load %a[%r, %c0] : memref<4x4xi32>
    %t = memref.load %a[%c0, %r] : memref<4x4xi32>
    memref.store %h, %a[%c0, %r] : memref<4x4xi32>
    memref.store %t, %a[%r, %c0] : memref<4x4xi32>
  }
  return
}
