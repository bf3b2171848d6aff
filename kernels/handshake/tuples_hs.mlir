// CIRCT's tuples and sync: a and b packed into one tuple<i32, i8> token and unpacked again, their sum (b
// sign-extended), then the sum, b and the start token synchronised (sync: they leave together).
// tuples.mlir is this file after tools/circt_handshake.py --handshake (CIRCT's default buffering, a buffer on
// every channel: the tuple goes through one).
handshake.func @tuples(%a: i32, %b: i8, %s: none, ...) -> (i32, i8, none) attributes {argNames = ["a", "b", "s"], resNames = ["sum", "b", "done"]} {
  %t = pack %a, %b : tuple<i32, i8>
  %x:2 = unpack %t : tuple<i32, i8>
  %bx = arith.extsi %x#1 : i8 to i32
  %sum = arith.addi %x#0, %bx : i32
  %y:3 = sync %sum, %x#1, %s : i32, i8, none
  return %y#0, %y#1, %y#2 : i32, i8, none
}
