// dfv fuzz --floats --seed 1008 --size 2 --engines golden,verilator: "stranded" on Verilator (the fuzzer's
// shrink ran out of its 600 s after 14 Verilator runs; reduced by hand to this). A math.sqrt whose result
// nobody uses is still computing when the harness checks the end state: golden passes, both simulators
// reported u_sqrt not in its initial state: the harness ended a fixed 32 cycles after done, and the f64 unit
// takes about 58 cycles. It now drains until the circuit stops changing.
func.func @fuzz(%x: f64) {
  %s = math.sqrt %x : f64
  func.return
}
