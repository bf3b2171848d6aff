// Conditional accumulation: an scf.if with two results inside a loop with two iter_args.
func.func @cond_accum(%a: memref<10xi32>, %t: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s, %n = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %z, %cnt = %z) -> (i32, i32) {
    %x = memref.load %a[%i] : memref<10xi32>
    %gt = arith.cmpi sgt, %x, %t : i32
    %r:2 = scf.if %gt -> (i32, i32) {
      %acc2 = arith.addi %acc, %x : i32
      %cnt2 = arith.addi %cnt, %one : i32
      scf.yield %acc2, %cnt2 : i32, i32
    } else {
      scf.yield %acc, %cnt : i32, i32
    }
    scf.yield %r#0, %r#1 : i32, i32
  }
  func.return %s, %n : i32, i32
}
