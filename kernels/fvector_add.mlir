// Float vector add: c[i] = a[i] + b[i] in f32 over a static trip count (issue 24); the inputs include
// zeros of both signs, subnormals, infinities, NaNs and pairs whose sum ties.
func.func @fvector_add(%a: memref<16xf32>, %b: memref<16xf32>, %c: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<16xf32>
    %y = memref.load %b[%i] : memref<16xf32>
    %z = arith.addf %x, %y : f32
    memref.store %z, %c[%i] : memref<16xf32>
  }
  return
}
