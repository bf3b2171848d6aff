// Histogram: data-dependent read-modify-write on one memref (hist[data[i] & 7] += 1).
func.func @histogram(%data: memref<16xi32>, %hist: memref<8xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.constant 7 : i32
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 {
    %d = memref.load %data[%i] : memref<16xi32>
    %b = arith.andi %d, %m : i32
    %bi = arith.index_cast %b : i32 to index
    %h = memref.load %hist[%bi] : memref<8xi32>
    %h1 = arith.addi %h, %one : i32
    memref.store %h1, %hist[%bi] : memref<8xi32>
  }
  func.return
}
