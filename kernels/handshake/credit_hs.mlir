// A credit: the start token and a control token held after reset (a control buffer with initValues, one
// control token each) join to release a + 1; the credit goes back through a second buffer (a buffer with
// initValues is full after reset, as CIRCT requires as many values as slots, so the ring needs a slot more).
// credit.mlir is this file after tools/circt_handshake.py --handshake --strategy cycles.
handshake.func @credit(%a: i32, %s: none, ...) -> (i32, none) {
  %back = buffer [2] seq %gf#1 : none
  %credit = buffer [1] seq %back {initValues = [0]} : none
  %go = join %credit, %s : none, none
  %gf:3 = fork [3] %go : none
  %one = constant %gf#0 {value = 1 : i32} : i32
  %r = arith.addi %a, %one : i32
  return %r, %gf#2 : i32, none
}
