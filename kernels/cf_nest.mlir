// Nested loops in cf over an n x n corner of a 4x4 matrix (n = 0..4): the row loop tested at the top
// (zero trips for n = 0), the column loop at the bottom (a do-while), an if with a join inside it, an
// if without else around a store, loads and stores in the loops.
// total = sum over rows of s_i, s_i = sum of the row's elements above t; out[i] = s_i when s_i is odd.
func.func @cf_nest(%a: memref<16xi32>, %out: memref<4xi32>, %n: index, %t: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^rows(%c0, %z : index, i32)
^rows(%i: index, %total: i32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^row, ^done
^row:
  %base = arith.muli %i, %c4 : index
  cf.br ^cols(%c0, %z : index, i32)
^cols(%j: index, %s: i32):
  %k = arith.addi %base, %j : index
  %v = memref.load %a[%k] : memref<16xi32>
  %big = arith.cmpi sgt, %v, %t : i32
  cf.cond_br %big, ^take, ^skip(%s : i32)
^take:
  %s1 = arith.addi %s, %v : i32
  cf.br ^skip(%s1 : i32)
^skip(%s2: i32):
  %j1 = arith.addi %j, %c1 : index
  %again = arith.cmpi slt, %j1, %n : index
  cf.cond_br %again, ^cols(%j1, %s2 : index, i32), ^row_end
^row_end:
  %odd = arith.andi %s2, %one : i32
  %isodd = arith.cmpi ne, %odd, %z : i32
  cf.cond_br %isodd, ^store, ^next
^store:
  memref.store %s2, %out[%i] : memref<4xi32>
  cf.br ^next
^next:
  %t1 = arith.addi %total, %s2 : i32
  %i1 = arith.addi %i, %c1 : index
  cf.br ^rows(%i1, %t1 : index, i32)
^done:
  return %total : i32
}
