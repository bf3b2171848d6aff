// math_bitcount: MLIR math.ctlz, math.cttz and math.ctpop, the count of a W-bit word as a W-bit result:
//   its leading zeros, its trailing zeros (both W for the word 0, MLIR's semantics) or its set bits.
// Parameters: W (width, 1..64), OP (the count, dfv_pkg BITCOUNT_*: 0 ctlz, 1 cttz, 2 ctpop; 0..2).
// Ports: in (W) -> out (W).
// Stateless (at_init = 1). Latency 0. Throughput: one token per cycle.
// Structure: the word, zero-padded at its low end to P = 2^ceil(log2 W) bits (cttz first reverses its
//   bits), is reduced by a binary tree of log2(P) levels. ctlz/cttz: a priority-encoder tree; a node over
//   2^l bits holds whether they are all zero and the zeros above their first one (l bits): it takes its
//   upper half's count if that half has a one, else 2^(l-1) plus its lower half's; the root's all-zero
//   flag gives W (padding zeros lie below every bit of the word, so they count only when it is 0).
//   ctpop: an adder tree, a node the sum of its halves' counts.
// Combinational paths: in_data -> out_data (log2(P) tree levels); in_valid -> out_valid;
//   out_ready -> in_ready.
module math_bitcount #(
  parameter int W = 32,
  parameter int OP = 0
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] in_data,
  input  logic         in_valid,
  output logic         in_ready,
  output logic [W-1:0] out_data,
  output logic         out_valid,
  input  logic         out_ready
);
  // the OP encoding, by qualified names (Yosys reads no import inside a module)
  localparam bit CTTZ = (OP == dfv_pkg::BITCOUNT_CTTZ);
  localparam bit CTPOP = (OP == dfv_pkg::BITCOUNT_CTPOP);
  localparam int LEVELS = $clog2(W);  // tree levels over the padded word
  localparam int P = 1 << LEVELS;  // padded width, a power of two
  localparam int CW = $clog2(W + 1);  // count bits: 0..W (CW <= W for every W >= 1)

  initial begin : p_param_check
    if (W < 1 || W > 64) begin
      $fatal(1, "math_bitcount: W must be 1..64 (got %0d)", W);
    end
    if (OP != dfv_pkg::BITCOUNT_CTLZ && !CTTZ && !CTPOP) begin
      $fatal(1, "math_bitcount: OP must be 0 (ctlz), 1 (cttz) or 2 (ctpop) (got %0d)", OP);
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [W-1:0] word;  // the operand, bit-reversed for cttz (its trailing zeros become leading ones)
  logic [P-1:0] padded;  // word, zero-padded at its low end
  logic [CW-1:0] count;  // written once per pass of comb_tree (docs/primitives.md, "One write per pass")

  for (genvar i = 0; i < W; i++) begin : g_word
    assign word[i] = CTTZ ? in_data[W-1-i] : in_data[i];
  end
  assign padded = P'(word) << (P - W);

  always_comb begin : comb_tree
    logic [P*CW-1:0] node;  // the tree's counts, node i at [i*CW +: CW], reduced in place level by level
    logic [P-1:0] zero;  // the tree's all-zero flags (ctlz / cttz), reduced alongside
    // level 0: one node per bit (index i covers bit i; a higher index is a more significant bit)
    for (int i = 0; i < P; i++) begin
      zero[i] = !padded[i];
      node[i*CW +: CW] = CTPOP ? CW'(padded[i]) : '0;
    end
    // level l: node i combines nodes 2i (lower half) and 2i+1 (upper half) of level l-1; it is written
    // after both are read, and nodes above i of level l-1 are not yet overwritten
    for (int l = 1; l <= LEVELS; l++) begin
      for (int i = 0; i < P / 2; i++) begin
        if (i < (P >> l)) begin  // level l has P >> l nodes
          if (CTPOP) begin
            node[i*CW +: CW] = node[2*i*CW +: CW] + node[(2*i+1)*CW +: CW];
          end else begin
            node[i*CW +: CW] = zero[2*i+1] ? (node[2*i*CW +: CW] | CW'(1 << (l - 1))) : node[(2*i+1)*CW +: CW];
          end
          zero[i] = zero[2*i] && zero[2*i+1];
        end
      end
    end
    // the root: an all-zero word counts W leading (trailing) zeros
    count = (!CTPOP && zero[0]) ? CW'(W) : node[CW-1:0];
  end

  assign out_data = W'(count);
  assign out_valid = in_valid;
  assign in_ready = out_ready;
  assign at_init = 1'b1;
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "math_bitcount_props.svh"
`endif
endmodule
