// tb_addf: streams golden-model vectors through arith_addf and checks every result bit for bit, in order.
// Parameters: EW, FW, SUB (passed to the DUT), NMAX (vector memory depth).
// Plusargs: +vectors=<file> (lines of lhs, rhs, expected as hex words, from gen_vectors.py), +n=<count>,
//   +seed=<nonzero 32-bit seed>.
// Inputs are driven at the falling edge of clk and handshakes sampled 1 ns later (race-free on both
//   simulators); the DUT registers at the rising edge.
// Two passes over all n vectors:
//   1 full rate: both inputs valid every cycle, result_ready always 1. Checks that an operation is accepted
//     in every cycle, that result k comes out exactly LATENCY cycles after operation k went in, and that
//     the pass takes n + LATENCY cycles.
//   2 random: lhs_valid and rhs_valid each with its own random gaps, result_ready with random back-pressure;
//     the probabilities change every 256 cycles (100/75/50/25 % each), so the run passes through full
//     rate, heavy stalls and sparse traffic.
// Checked in both passes: every result equals the expected word; results come in order, none lost (the
//   pass ends with all n), none duplicated or invented (never more results than accepted operations, and
//   no result_valid once the pass is drained); the join (lhs_ready == rhs_ready, high only when both are
//   valid); a stalled result (valid, not ready) stays valid with the same data; at_init after draining.
// Randomness is a xorshift32 seeded from +seed, not $urandom: Icarus and Verilator implement $urandom
//   differently, and both simulators must see the same traffic and report the same cycle counts.
// Prints one "FPCHECK" summary line and PASS or FAIL.
module tb_addf #(
  parameter int EW = 8,
  parameter int FW = 23,
  parameter int SUB = 0,
  parameter int NMAX = 131072,
  parameter int LATENCY = 5  // the DUT's documented latency (checked against dut.LATENCY)
);
  localparam int W = 1 + EW + FW;

  logic clk;
  logic rst;
  logic [W-1:0] lhs_data;
  logic lhs_valid;
  logic lhs_ready;
  logic [W-1:0] rhs_data;
  logic rhs_valid;
  logic rhs_ready;
  logic [W-1:0] result_data;
  logic result_valid;
  logic result_ready;

  logic [3*W-1:0] vec [0:NMAX-1];

  arith_addf #(.EW(EW), .FW(FW), .SUB(SUB)) dut (
    .clk(clk),
    .rst(rst),
    .lhs_data(lhs_data),
    .lhs_valid(lhs_valid),
    .lhs_ready(lhs_ready),
    .rhs_data(rhs_data),
    .rhs_valid(rhs_valid),
    .rhs_ready(rhs_ready),
    .result_data(result_data),
    .result_valid(result_valid),
    .result_ready(result_ready)
  );

  initial begin : p_clock  // period 10 time units (no timescale: the unit does not matter)
    clk = 1'b0;
    forever #5 clk = ~clk;
  end

  string file;
  int n;
  int seed;
  logic [31:0] rng;
  int pass_count[2];
  int fail_count[2];
  int cycles[2];
  int proto_errors;
  int shown;

  function automatic logic [31:0] xorshift32(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    xorshift32 = y ^ (y << 5);
  endfunction

  task automatic proto_error(input string what);
    proto_errors++;
    if (proto_errors <= 10) $display("PROTOCOL ERROR at %0t: %s", $time, what);
  endtask

  // One pass over all n vectors (pass 0 full rate, pass 1 random traffic). The inputs are driven at the
  // falling edge and the handshakes sampled 1 ns later, when the combinational readies have settled: the
  // values the DUT sees at the next rising edge, with no race between testbench and DUT on either simulator.
  task automatic run_pass(input int pass);
    int li;  // next vector to offer on lhs
    int ri;  // next vector to offer on rhs
    int oi;  // next result expected
    int cyc;
    int limit;
    int thr_l;  // lhs_valid / rhs_valid / result_ready is high when (random & 7) < its threshold
    int thr_r;
    int thr_o;
    logic lacc;
    logic racc;
    logic oacc;
    logic stalled;
    logic [W-1:0] stalled_data;
    logic [W-1:0] want;
    li = 0;
    ri = 0;
    oi = 0;
    cyc = 0;
    limit = 40 * n + 1000;
    thr_l = 8;
    thr_r = 8;
    thr_o = 8;
    lacc = 1'b0;
    racc = 1'b0;
    stalled = 1'b0;
    stalled_data = '0;
    while (oi < n && cyc < limit) begin
      @(negedge clk);  // drive cycle cyc
      rng = xorshift32(rng);
      if (pass == 1 && cyc % 256 == 0) begin
        thr_l = 8 - 2 * int'(rng[9:8]);
        thr_r = 8 - 2 * int'(rng[11:10]);
        thr_o = 8 - 2 * int'(rng[13:12]);
      end
      if (!lhs_valid || lacc) begin  // an offered token stays offered until it is taken
        lhs_valid = (li < n) && (int'(rng[2:0]) < thr_l);
        lhs_data = vec[(li < n) ? li : 0][3*W-1:2*W];
      end
      if (!rhs_valid || racc) begin
        rhs_valid = (ri < n) && (int'(rng[5:3]) < thr_r);
        rhs_data = vec[(ri < n) ? ri : 0][2*W-1:W];
      end
      result_ready = (int'(rng[16:14]) < thr_o);
      #1;  // sample cycle cyc
      lacc = lhs_valid & lhs_ready;
      racc = rhs_valid & rhs_ready;
      oacc = result_valid & result_ready;
      if (lhs_ready !== rhs_ready) proto_error("lhs_ready != rhs_ready");
      if (lhs_ready && !(lhs_valid && rhs_valid)) proto_error("ready without both inputs valid");
      if (stalled && (!result_valid || result_data !== stalled_data)) begin
        proto_error("a stalled result changed or dropped");
      end
      if (pass == 0 && lhs_valid && rhs_valid && !lacc) proto_error("full rate: an offered operation not accepted");
      if (result_valid && oi >= li) proto_error("a result with no operation in flight");
      if (lacc) li++;
      if (racc) ri++;
      if (li != ri) proto_error("lhs and rhs accepted different numbers of tokens");
      if (oacc) begin
        want = vec[oi][W-1:0];
        if (result_data === want) begin
          pass_count[pass]++;
        end else begin
          fail_count[pass]++;
          if (shown < 10) begin
            shown++;
            $display("MISMATCH pass %0d vector %0d: %h %s %h = %h, expected %h", pass, oi,
                     vec[oi][3*W-1:2*W], (SUB != 0) ? "-" : "+", vec[oi][2*W-1:W], result_data, want);
          end
        end
        if (pass == 0 && cyc != oi + LATENCY) begin
          proto_error($sformatf("full rate: result %0d in cycle %0d, expected %0d", oi, cyc, oi + LATENCY));
        end
        oi++;
      end
      stalled = result_valid & !result_ready;
      stalled_data = result_data;
      cyc++;
    end
    cycles[pass] = cyc;
    if (oi < n) proto_error($sformatf("pass %0d: timeout, %0d of %0d results", pass, oi, n));
    if (pass == 0 && cyc != n + LATENCY) begin
      proto_error($sformatf("full rate: %0d cycles, expected n + LATENCY = %0d", cyc, n + LATENCY));
    end
    // drain: nothing more may come out, and the DUT must be empty
    @(negedge clk);
    lhs_valid = 1'b0;
    rhs_valid = 1'b0;
    result_ready = 1'b1;
    repeat (LATENCY + 3) begin
      #1;
      if (result_valid) proto_error("a result after the last one (duplicated or invented)");
      @(negedge clk);
    end
    if (dut.at_init !== 1'b1) proto_error("at_init is not 1 after draining");
  endtask

  initial begin : p_main
    int ok;
    rst = 1'b1;
    lhs_data = '0;
    lhs_valid = 1'b0;
    rhs_data = '0;
    rhs_valid = 1'b0;
    result_ready = 1'b0;
    if (!$value$plusargs("vectors=%s", file)) $fatal(1, "tb_addf: +vectors=<file> missing");
    if (!$value$plusargs("n=%d", n)) $fatal(1, "tb_addf: +n=<count> missing");
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (n < 1 || n > NMAX) $fatal(1, "tb_addf: n must be 1..%0d (got %0d)", NMAX, n);
    if (dut.LATENCY != LATENCY) $fatal(1, "tb_addf: dut.LATENCY is %0d, expected %0d", dut.LATENCY, LATENCY);
    rng = (seed == 0) ? 32'h1 : 32'(seed);
    $readmemh(file, vec, 0, n - 1);
    proto_errors = 0;
    shown = 0;
    for (int p = 0; p < 2; p++) begin
      pass_count[p] = 0;
      fail_count[p] = 0;
      cycles[p] = 0;
    end
    repeat (3) @(negedge clk);
    rst = 1'b0;
    #1;
    if (dut.at_init !== 1'b1) proto_error("at_init is not 1 after reset");
    run_pass(0);
    run_pass(1);
    ok = (fail_count[0] == 0 && fail_count[1] == 0 && proto_errors == 0 &&
          pass_count[0] == n && pass_count[1] == n) ? 1 : 0;
    $display("FPCHECK EW=%0d FW=%0d SUB=%0d LATENCY=%0d vectors=%0d full_rate: pass=%0d fail=%0d cycles=%0d random: pass=%0d fail=%0d cycles=%0d protocol_errors=%0d",
             EW, FW, SUB, LATENCY, n, pass_count[0], fail_count[0], cycles[0], pass_count[1],
             fail_count[1], cycles[1], proto_errors);
    $display("%s", (ok != 0) ? "PASS" : "FAIL");
    $finish;
  end
endmodule
