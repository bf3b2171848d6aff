// y[i] = a * x[i] + y[i] for i in 0..n-1 (n <= 8): a loop over two memories whose trip count is an argument,
// written as CIRCT's lower-cf-to-handshake writes a loop (CIRCT's Python package lacks the memref dialect, so
// this step is by hand; values are used as often as needed: the next pass adds the forks and sinks).
// saxpy.mlir is this file after tools/circt_handshake.py --handshake --strategy cycles (CIRCT's
// handshake-materialize-forks-sinks and handshake-insert-buffers with a buffer on each cycle only, which
// also verify it). The loop: the condition buffer holds 0 after reset, so the muxes first take the entry
// values; an iteration starts when the loads and the store of the last one are done (memory order).
handshake.func @saxpy(%x: memref<8xi32>, %y: memref<8xi32>, %a: i32, %n: index, %start: none, ...) -> none attributes {argNames = ["x", "y", "a", "n", "start"], resNames = ["done"]} {
  %xData, %xLdDone = extmemory[ld = 1, st = 0] (%x : memref<8xi32>) (%xAddr) {id = 0 : i32} : (index) -> (i32, none)
  %yData, %yStDone, %yLdDone = extmemory[ld = 1, st = 1] (%y : memref<8xi32>) (%yStData, %yStAddr, %yAddr) {id = 1 : i32} : (i32, index, index) -> (i32, none, none)
  %c0 = constant %start {value = 0 : index} : index
  %sel = buffer [1] seq %lt {initValues = [0]} : i1
  %i = mux %sel [%c0, %inext] : i1, index
  %aa = mux %sel [%a, %aT] : i1, i32
  %nn = mux %sel [%n, %nT] : i1, index
  %ctl = mux %sel [%start, %cnext] : i1, none
  %lt = arith.cmpi slt, %i, %nn : index
  %iT, %iF = cond_br %lt, %i : index
  %aT, %aF = cond_br %lt, %aa : i32
  %nT, %nF = cond_br %lt, %nn : index
  %cT, %cF = cond_br %lt, %ctl : none
  %xv, %xAddr = load [%iT] %xData, %cT : index, i32
  %yv, %yAddr = load [%iT] %yData, %cT : index, i32
  %p = arith.muli %aT, %xv : i32
  %s = arith.addi %p, %yv : i32
  %yStData, %yStAddr = store [%iT] %s, %cT : index, i32
  %one = constant %cT {value = 1 : index} : index
  %inext = arith.addi %iT, %one : index
  %cnext = join %xLdDone, %yLdDone, %yStDone : none, none, none
  return %cF : none
}
