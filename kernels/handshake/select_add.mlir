// A handshake program in this kit's spelling: spec 003's `!handshake.control` for control tokens, data
// channels as their data type. r = a + (b != 0 ? b : a): the comparison steers b and a through cond_br
// (the operand not chosen goes to a sink), a mux picks the chosen one, arith.addi adds, a buffer holds
// the sum. The start token triggers the constant 0; the done token is the start token's other copy.
handshake.func @select_add(%a: i32, %b: i32, %start: !handshake.control) -> (i32, !handshake.control) {
  %a2:2 = fork [2] %a : i32
  %b2:2 = fork [2] %b : i32
  %s:2 = fork [2] %start : !handshake.control
  %zero = constant %s#0 {value = 0 : i32} : i32
  %nz = arith.cmpi ne, %b2#0, %zero : i32
  %c:3 = fork [3] %nz : i1
  %bt, %bf = cond_br %c#0, %b2#1 : i32
  sink %bf : i32
  %a3:2 = fork [2] %a2#1 : i32
  %at, %af = cond_br %c#1, %a3#1 : i32
  sink %at : i32
  %other = mux %c#2 [%af, %bt] : i1, i32
  %sum = arith.addi %a2#0, %other : i32
  %r = buffer [2] seq %sum : i32
  return %r, %s#1 : i32, !handshake.control
}
