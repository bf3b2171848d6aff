// vscale_hs.mlir with a 2-slot buffer on each of its cycles (where the kit would cut them), not where CIRCT's
// handshake-insert-buffers puts its own: every cycle has storage, but too little of it in the right
// places, and the loop deadlocks for lack of capacity (bounded golden run = RTL, naming the same channel;
// the unbounded token semantics complete).
handshake.func @vscale(%a: memref<8xi32>, %k: i32, %start: none, ...) -> none attributes {argNames = ["a", "k", "start"], resNames = ["done"]} {
  %ldData, %stDone, %ldDone = extmemory[ld = 1, st = 1] (%a : memref<8xi32>) (%stData, %stAddr, %ldAddr) {id = 0 : i32} : (i32, index, index) -> (i32, none, none)
  %s:2 = fork [2] %start : none
  %c0 = constant %s#0 {value = 0 : index} : index
  %sel = buffer [1] seq %ltf#3 {initValues = [0]} : i1
  %sf:3 = fork [3] %sel : i1
  %i = mux %sf#0 [%c0, %inextb] : i1, index
  %kk = mux %sf#1 [%k, %ktf#1] : i1, i32
  %ctl = mux %sf#2 [%s#1, %cnext] : i1, none
  %ctlf:2 = fork [2] %ctl : none
  %n = constant %ctlf#0 {value = 8 : index} : index
  %if:2 = fork [2] %i : index
  %lt = arith.cmpi slt, %if#0, %n : index
  %ltf:4 = fork [4] %lt : i1
  %ltb = buffer [2] seq %ltf#0 : i1
  %iT, %iF = cond_br %ltb, %if#1 : index
  sink %iF : index
  %kkb = buffer [2] seq %kk : i32
  %kT, %kF = cond_br %ltf#1, %kkb : i32
  sink %kF : i32
  %cT, %cF = cond_br %ltf#2, %ctlf#1 : none
  %itf:3 = fork [3] %iT : index
  %ktf:2 = fork [2] %kT : i32
  %ctf:3 = fork [3] %cT : none
  %v, %ldAddr = load [%itf#0] %ldData, %ctf#0 : index, i32
  %w = arith.muli %v, %ktf#0 : i32
  %stData, %stAddr = store [%itf#1] %w, %ctf#1 : index, i32
  %one = constant %ctf#2 {value = 1 : index} : index
  %inext = arith.addi %itf#2, %one : index
  %inextb = buffer [2] seq %inext : index
  %cnext = join %stDone, %ldDone : none, none
  return %cF : none
}
