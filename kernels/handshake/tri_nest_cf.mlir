// Two nested loops, the inner bound the outer index: acc += (i xor j) * x for 0 <= j < i < n, and the number
// of inner iterations; tri_nest.mlir is this function after tools/circt_handshake.py --strategy cycles.
func.func @tri_nest(%n: index, %x: i32) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  cf.br ^outer(%c0, %z, %c0 : index, i32, index)
^outer(%i: index, %acc: i32, %cnt: index):
  %lti = arith.cmpi slt, %i, %n : index
  cf.cond_br %lti, ^inner_entry, ^exit
^inner_entry:
  cf.br ^inner(%c0, %acc, %cnt : index, i32, index)
^inner(%j: index, %acc2: i32, %cnt2: index):
  %ltj = arith.cmpi slt, %j, %i : index
  cf.cond_br %ltj, ^inner_body, ^outer_latch
^inner_body:
  %ij = arith.xori %i, %j : index
  %ij32 = arith.index_cast %ij : index to i32
  %p = arith.muli %ij32, %x : i32
  %acc3 = arith.addi %acc2, %p : i32
  %cnt3 = arith.addi %cnt2, %c1 : index
  %j1 = arith.addi %j, %c1 : index
  cf.br ^inner(%j1, %acc3, %cnt3 : index, i32, index)
^outer_latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^outer(%i1, %acc2, %cnt2 : index, i32, index)
^exit:
  return %acc, %cnt : i32, index
}
