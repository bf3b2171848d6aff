// Stores in both branches of an scf.if without results: out[i] = a[i] even ? a[i] / 2 : 3 * a[i] + 1.
func.func @if_stores(%a: memref<8xi32>, %out: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xi32>
    %bit = arith.andi %x, %one : i32
    %even = arith.cmpi eq, %bit, %zero : i32
    scf.if %even {
      %h = arith.divsi %x, %two : i32
      memref.store %h, %out[%i] : memref<8xi32>
    } else {
      %t = arith.muli %x, %three : i32
      %t1 = arith.addi %t, %one : i32
      memref.store %t1, %out[%i] : memref<8xi32>
    }
  }
  func.return
}
