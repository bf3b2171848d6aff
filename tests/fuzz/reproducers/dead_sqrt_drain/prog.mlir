// dfv fuzz --floats --seed 1008 --size 2 --engines golden,verilator: "stranded" on Verilator (the fuzzer's
// shrink ran out of its 600 s after 14 Verilator runs; reduced by hand to this). A math.sqrt whose result
// nobody uses is still computing when the harness checks the end state: golden passes, both simulators
// report u_sqrt not in its initial state. The f64 unit takes about 58 cycles; an f32 one (about 30) fails
// the same way when a loop queues several operations on it. KNOWN_BUG says where the bug is.
func.func @fuzz(%x: f64) {
  %s = math.sqrt %x : f64
  func.return
}
