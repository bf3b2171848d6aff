// Two loops in cf. Euclid's gcd g of x, y > 0 with the test in the body (the remainder is computed
// before the test: the scf.while's before region holds both blocks), then a search of a[0..n) for the
// first element with a[i] % g == key that leaves the loop at the test (not found) or from its body
// (found): a loop with two exits, lifted with a selector. A cf.switch classifies the element found.
// Returns (i, a[i] * 2 | g | a[i] by a[i] % 3) when found, else (n, -g).
func.func @cf_search(%a: memref<8xi32>, %n: index, %key: i32, %x: i32, %y: i32) -> (index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %three = arith.constant 3 : i32
  cf.br ^gcd(%x, %y : i32, i32)
^gcd(%p: i32, %q: i32):
  %r = arith.remsi %p, %q : i32
  cf.br ^gcd_test
^gcd_test:
  %again = arith.cmpi ne, %r, %z : i32
  cf.cond_br %again, ^gcd_step, ^scan(%c0 : index)
^gcd_step:
  cf.br ^gcd(%q, %r : i32, i32)
^scan(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^look, ^missing
^look:
  %v = memref.load %a[%i] : memref<8xi32>
  %m = arith.remsi %v, %q : i32
  %hit = arith.cmpi eq, %m, %key : i32
  cf.cond_br %hit, ^found, ^next
^next:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^scan(%i1 : index)
^found:
  %cls = arith.remui %v, %three : i32
  cf.switch %cls : i32, [
    default: ^done(%v : i32),
    0: ^double,
    1: ^done(%q : i32)
  ]
^double:
  %d = arith.addi %v, %v : i32
  cf.br ^done(%d : i32)
^done(%res: i32):
  return %i, %res : index, i32
^missing:
  %ng = arith.subi %z, %q : i32
  return %n, %ng : index, i32
}
