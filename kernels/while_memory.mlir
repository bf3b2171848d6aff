// Memory accesses in both regions of an scf.while on one memref: scan a[] for %key (before-region
// load) and add 100 to every element passed (after-region read-modify-write); returns the stop index.
func.func @while_memory(%a: memref<8xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %h = arith.constant 100 : i32
  %r = scf.while (%i = %c0) : (index) -> index {
    %v = memref.load %a[%i] : memref<8xi32>
    %ne = arith.cmpi ne, %v, %key : i32
    %lt = arith.cmpi slt, %i, %c7 : index
    %go = arith.andi %ne, %lt : i1
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %w = memref.load %a[%i] : memref<8xi32>
    %w2 = arith.addi %w, %h : i32
    memref.store %w2, %a[%i] : memref<8xi32>
    %n = arith.addi %i, %c1 : index
    scf.yield %n : index
  }
  func.return %r : index
}
