// Float dot product (issue 24): f32 loads, mulf and an addf reduction through an iter_arg, trip count
// from an argument (0, 1, many); the loop runs at its recurrence bound, the adder's latency.
func.func @fdot(%a: memref<16xf32>, %b: memref<16xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<16xf32>
    %y = memref.load %b[%i] : memref<16xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    scf.yield %s : f32
  }
  func.return %r : f32
}
