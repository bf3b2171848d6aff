// Insertion sort: a while loop whose exit depends on memory, shifting elements in place.
func.func @insertion_sort(%a: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c1 to %c8 step %c1 {
    %key = memref.load %a[%i] : memref<8xi32>
    %j = scf.while (%k = %i) : (index) -> index {
      %pos = arith.cmpi ugt, %k, %c0 : index
      %km = arith.subi %k, %c1 : index
      %idx = arith.select %pos, %km, %c0 : index
      %v = memref.load %a[%idx] : memref<8xi32>
      %big = arith.cmpi sgt, %v, %key : i32
      %go = arith.andi %pos, %big : i1
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k2: index):
      %km2 = arith.subi %k2, %c1 : index
      %w = memref.load %a[%km2] : memref<8xi32>
      memref.store %w, %a[%k2] : memref<8xi32>
      scf.yield %km2 : index
    }
    memref.store %key, %a[%j] : memref<8xi32>
  }
  return
}
