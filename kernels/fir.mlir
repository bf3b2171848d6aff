// A float FIR filter (issue 24): y[n] = sum_k h[k] * x[n + k] over 12 outputs and 5 f32 taps, each tap a
// fused multiply-add (math.fma, one rounding) on the running sum.
func.func @fir(%x: memref<16xf32>, %h: memref<5xf32>, %y: memref<12xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c12 = arith.constant 12 : index
  %z = arith.constant -0.0 : f32
  scf.for %n = %c0 to %c12 step %c1 {
    %acc = scf.for %k = %c0 to %c5 step %c1 iter_args(%s = %z) -> (f32) {
      %idx = arith.addi %n, %k : index
      %xv = memref.load %x[%idx] : memref<16xf32>
      %hv = memref.load %h[%k] : memref<5xf32>
      %r = math.fma %hv, %xv, %s : f32
      scf.yield %r : f32
    }
    memref.store %acc, %y[%n] : memref<12xf32>
  }
  func.return
}
