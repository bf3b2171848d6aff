// An scf.if without else: clamp negative elements to zero in place.
func.func @if_no_else(%a: memref<8xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i8
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xi8>
    %neg = arith.cmpi slt, %x, %zero : i8
    scf.if %neg {
      memref.store %zero, %a[%i] : memref<8xi8>
    }
  }
  func.return
}
