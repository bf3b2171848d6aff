// arith_muli: MLIR arith.muli on W-bit integers (the low W bits of the product: the same word for signed and
//   unsigned operands), a pipelined tree of additions that accepts one operation per cycle.
// Parameters: W (width, 1..64).
// Ports: lhs (W), rhs (W) -> result (W). The two inputs are joined: an operation is accepted when both are
//   valid and the pipeline can take it, and then lhs_ready and rhs_ready are high together.
// Algorithm: the product is the sum of the W rows (lhs << k) & {W{rhs[k]}}, k = 0..W-1, modulo 2^W. Stage 1
//   registers the rows (their AND gates between the inputs and the registers: row k has W - k bits that
//   are not constant 0, W (W + 1) / 2 flip-flops in all, where the operands would take 2 W); stage 2 adds
//   them in pairs (T = ceil(W / 2) terms, each one W-bit addition); each further stage adds the terms of the
//   one before in pairs (an odd one passes), LEVELS = ceil(log2(T)) of them, until one term, the result, is
//   left. Every stage after the first is one W-bit addition from registers to registers and nothing else
//   (with the AND gates in stage 2, its path was an operand's fan-out to W rows, a LUT and the addition:
//   185 MHz at W = 32 against 260 now, docs/timing.md).
// Why not a DSP block: an inferred multiplication maps onto the ECP5's MULT18X18D as a combinational block
//   (Yosys does not pack the block's own pipeline registers), 3.9 ns of logic at the default speed grade:
//   registered on both sides it reaches 143 MHz (docs/timing.md), under the kernels' 150 MHz goal, while an
//   addition per stage runs at 250 MHz and more. The tree costs LUTs and flip-flops instead (make timing).
// Latency: LATENCY = 3 + LEVELS cycles (the FIFO adds one) (W = 1, 2: 3; 3..4: 4; 5..8: 5; 9..16: 6; 17..32: 7; 33..64: 8): an
//   operation accepted in cycle c (handshake at the end of c) has its result on result_data with
//   result_valid high in cycle c + LATENCY when result_ready stays high.
// Throughput: one operation per cycle (INTERVAL = 1). The stages never stall: an operation is accepted
//   only while a credit is free (u_flow, dfv_credit_pipe: its credit core), so its output FIFO has room
//   for every result; the unit holds SLOTS = D = S + 2 operations, and a slot freed by a leaving result is
//   free from the next cycle (the input ready is a register compare: no combinational path from result_ready).
// State: the stage valid bits, the credits and the FIFO in u_flow (reset: empty, all credits free; rst
//   synchronous, active high); the row and sum registers (no reset, no enable: loaded every cycle).
//   at_init: every credit free, so nothing in the stages or the FIFO (u_flow's).
// Combinational paths: lhs_valid and rhs_valid -> both readies (the join). None from result_ready to any
//   output but through registers, none from lhs_data / rhs_data to any output (registers: lhs_data and
//   rhs_data reach stage 1's rows through one AND each).
module arith_muli #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] lhs_data,
  input  logic         lhs_valid,
  output logic         lhs_ready,
  input  logic [W-1:0] rhs_data,
  input  logic         rhs_valid,
  output logic         rhs_ready,
  output logic [W-1:0] result_data,
  output logic         result_valid,
  input  logic         result_ready
);
  initial begin : p_param_check
    if (W < 1 || W > 64) begin
      $fatal(1, "arith_muli: W must be 1..64 (got %0d)", W);
    end
  end

  localparam int T = (W + 1) / 2;  // terms after the pair stage
  localparam int LEVELS = $clog2(T);  // pairwise addition stages after it
  localparam int S = 2 + LEVELS;  // pipeline stages
  localparam int D = S + 2;  // output FIFO entries: credits for one operation per cycle
  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = S + 1;  // cycles from accept to result_valid (the FIFO adds one); read by testbenches
  localparam int INTERVAL = 1;  // cycles between accepted operations at full rate
  localparam int SLOTS = D;  // operations held at once (in the stages and the FIFO)
  /* verilator lint_on UNUSEDPARAM */

  // The number of terms after `level` pairwise stages (level 0: the pair stage's T).
  function automatic int terms(input int level);
    terms = (T + (1 << level) - 1) >> level;
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  logic both_valid;
  logic take;  // a credit is free (u_flow's, instanced at the end, where the last stage's word is)

  assign both_valid = lhs_valid & rhs_valid;
  assign lhs_ready = both_valid & take;  // the join: both inputs move together, or neither
  assign rhs_ready = both_valid & take;

  // Stage 1: the rows, row k = (lhs << k) & {W{rhs[k]}} at [k*W +: W] (free-running, as every stage: a
  // register that holds no operation holds garbage that no one reads); the AND gates here, so that every
  // later stage is one addition and nothing before it
  logic [W*W-1:0] rows_q;
  always_ff @(posedge clk) begin : p_rows
    for (int k = 0; k < W; k++) begin
      rows_q[k*W +: W] <= (lhs_data << k) & {W{rhs_data[k]}};
    end
  end

  // Stage 2 and on: level 0 holds the pair sums, level l the sums of level l - 1's terms in pairs
  for (genvar l = 0; l <= LEVELS; l++) begin : g_lvl
    localparam int N = terms(l);
    logic [N*W-1:0] sum_q;  // term i at [i*W +: W]
    logic [N*W-1:0] sum_d;
    if (l == 0) begin : g_pairs
      for (genvar i = 0; i < N; i++) begin : g_term
        logic [W-1:0] row0;
        logic [W-1:0] row1;
        assign row0 = rows_q[2*i*W +: W];
        if (2 * i + 1 < W) begin : g_two
          assign row1 = rows_q[(2*i+1)*W +: W];
        end else begin : g_one
          assign row1 = '0;
        end
        assign sum_d[i*W +: W] = row0 + row1;
      end
    end else begin : g_sums
      localparam int M = terms(l - 1);
      for (genvar i = 0; i < N; i++) begin : g_term
        if (2 * i + 1 < M) begin : g_add
          assign sum_d[i*W +: W] = g_lvl[l-1].sum_q[2*i*W +: W] + g_lvl[l-1].sum_q[(2*i+1)*W +: W];
        end else begin : g_pass
          assign sum_d[i*W +: W] = g_lvl[l-1].sum_q[2*i*W +: W];
        end
      end
    end
    always_ff @(posedge clk) begin : p_sum
      sum_q <= sum_d;
    end
  end

  // The credit core and the FIFO of D entries (one per credit) the results wait in
  dfv_credit_pipe #(.S(S), .D(D), .W(W)) u_flow (
    .clk(clk),
    .rst(rst),
    .in_valid(both_valid),
    .in_ready(take),
    .last_data(g_lvl[LEVELS].sum_q[W-1:0]),
    .result_data(result_data),
    .result_valid(result_valid),
    .result_ready(result_ready),
    .at_init(at_init)
  );

`ifdef DFV_FORMAL
  `include "arith_muli_props.svh"
`endif
endmodule
