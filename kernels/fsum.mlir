// Float reduction: the sum of a[0..n) in f64 from an initial value, through an iter_arg (issue 24); each
// iteration waits for the adder's result, so the loop runs at its recurrence bound (the adder latency).
// Also the f16 difference of the first two elements, a second format in one program.
func.func @fsum(%a: memref<12xf64>, %n: index, %init: f64, %h: memref<2xf16>) -> (f64, f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f64) {
    %x = memref.load %a[%i] : memref<12xf64>
    %s = arith.addf %acc, %x : f64
    scf.yield %s : f64
  }
  %h0 = memref.load %h[%c0] : memref<2xf16>
  %h1 = memref.load %h[%c1] : memref<2xf16>
  %d = arith.subf %h0, %h1 : f16
  func.return %r, %d : f64, f16
}
