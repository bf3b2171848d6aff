// math_bitcount: MLIR math.ctlz, math.cttz and math.ctpop, the count of a W-bit word as a W-bit result:
//   its leading zeros, its trailing zeros (both W for the word 0, MLIR's semantics) or its set bits.
// Parameters: W (width, 1..64), OP (the count, dfv_pkg BITCOUNT_*: 0 ctlz, 1 cttz, 2 ctpop; 0..2).
// Ports: in (W) -> out (W).
// Structure: the word, zero-padded at its low end to P = 2^ceil(log2 W) bits (cttz first reverses its
//   bits), is reduced by a binary tree of LEVELS = log2(P) levels. ctlz/cttz: a priority-encoder tree; a
//   node over 2^l bits holds whether they are all zero and the zeros above their first one (l bits): it
//   takes its upper half's count if that half has a one, else 2^(l-1) plus its lower half's; the root's
//   all-zero flag gives W (padding zeros lie below every bit of the word, so they count only when it is
//   0). ctpop: an adder tree, a node the sum of its halves' counts. The tree is cut into LATENCY + 1 parts
//   of about equal depth: levels 1..cut_at(1) before stage 1's register, cut_at(k) + 1..cut_at(k + 1)
//   between stage k's and stage k + 1's, the rest and the root's choice after the last (cut_at(k) =
//   (k LEVELS + LATENCY) / (LATENCY + 1)); a stage's registers hold the nodes and all-zero flags of the
//   level it is cut at (combinational, ctpop at W = 64 was 13 LUT levels between registers, 98 MHz;
//   docs/timing.md).
// Latency: LATENCY = 1 cycle, 2 for ctpop wider than 32 bits (its adder tree is the deepest): a word
//   accepted in cycle c (in_valid & in_ready at the end of c) has its count on out_data with out_valid high
//   in cycle c + LATENCY when out_ready stays high. One word per cycle at full rate.
// Flow control: dfv_pipe_ctrl #(.S(LATENCY)) (u_ctrl) holds the stages' valid bits and computes in_ready
//   and the load enables load[k] (stage k + 1 takes a word: it is empty or its word moves on in the same
//   cycle); a stage's registers are loaded on its load[k] only and have no reset.
// State: the stages' node and flag registers (node_q[k], zero_q[k]); the valid bits in u_ctrl (reset to
//   0; rst synchronous, active high). at_init: no word in the stages (u_ctrl's).
// Combinational paths: out_ready -> in_ready and the load enables (u_ctrl); in_valid -> load[0]. out_valid
//   is a register; none from in_data to out_data (a stage register lies between).
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
  // stages (each a register between parts of the tree): two for ctpop wider than 32 bits (its adder tree
  // is the deepest: 13 LUT levels at W = 64), one otherwise
  localparam int LATENCY = (CTPOP && W > 32) ? 2 : 1;  // cycles from accept to out_valid; read by testbenches

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
  logic [LATENCY-1:0][P*CW-1:0] node_d, node_q;  // each stage's tree nodes, node i at [i*CW +: CW]
  logic [LATENCY-1:0][P-1:0] zero_d, zero_q;  // their all-zero flags (ctlz / cttz)
  logic [CW-1:0] count;  // written once per pass of comb_tree (docs/primitives.md, "One write per pass")
  logic [LATENCY-1:0] load;  // load[k]: stage k + 1 takes a word (k = 0) or stage k's nodes

  // the tree levels computed before stage k's register (k = 1..LATENCY; 0 and LEVELS at the ends): the
  // levels spread evenly over the LATENCY + 1 parts
  function automatic int cut_at(input int k);
    cut_at = (k * LEVELS + LATENCY) / (LATENCY + 1);
  endfunction

  // a node of level l from its lower and upper halves (docs in the header)
  function automatic logic [CW-1:0] merge(input int l, input logic [CW-1:0] lower, input logic [CW-1:0] upper,
                                          input logic upper_zero);
    if (CTPOP) begin
      merge = lower + upper;
    end else begin
      merge = upper_zero ? (lower | CW'(1 << (l - 1))) : upper;
    end
  endfunction

  dfv_pipe_ctrl #(.S(LATENCY)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(out_valid),
    .out_ready(out_ready),
    .load(load),
    .at_init(at_init)
  );

  for (genvar i = 0; i < W; i++) begin : g_word
    assign word[i] = CTTZ ? in_data[W-1-i] : in_data[i];
  end
  assign padded = P'(word) << (P - W);

  // part k (0..LATENCY) of the tree: levels cut_at(k) + 1..cut_at(k + 1), from the padded word (k = 0) or
  // stage k's registers, into stage k + 1's (k < LATENCY) or the root's choice. Each part reduces its
  // arrays in place level by level: level l's node i combines nodes 2i (lower half) and 2i+1 (upper
  // half) of level l-1, written after both are read, and nodes above i of level l-1 are not yet
  // overwritten
  always_comb begin : comb_tree
    logic [P*CW-1:0] node;
    logic [P-1:0] zero;
    // overwritten below for every stage (k < LATENCY); without them Verilator, which does not unroll the
    // loops at W = 64, reports a latch
    node_d = '0;
    zero_d = '0;
    for (int k = 0; k <= LATENCY; k++) begin
      if (k == 0) begin
        // level 0: one node per bit (index i covers bit i; a higher index is a more significant bit)
        for (int i = 0; i < P; i++) begin
          zero[i] = !padded[i];
          node[i*CW +: CW] = CTPOP ? CW'(padded[i]) : '0;
        end
      end else begin
        node = node_q[k-1];
        zero = zero_q[k-1];
      end
      for (int l = 1; l <= LEVELS; l++) begin
        if (l > cut_at(k) && l <= cut_at(k + 1)) begin
          for (int i = 0; i < P / 2; i++) begin
            if (i < (P >> l)) begin  // level l has P >> l nodes
              node[i*CW +: CW] = merge(l, node[2*i*CW +: CW], node[(2*i+1)*CW +: CW], zero[2*i+1]);
              zero[i] = zero[2*i] && zero[2*i+1];
            end
          end
        end
      end
      if (k < LATENCY) begin
        node_d[k] = node;
        zero_d[k] = zero;
      end
    end
    // the root: an all-zero word counts W leading (trailing) zeros
    count = (!CTPOP && zero[0]) ? CW'(W) : node[CW-1:0];
  end

  for (genvar k = 0; k < LATENCY; k++) begin : g_stage
    always_ff @(posedge clk) begin : p_stage
      if (load[k]) begin
        node_q[k] <= node_d[k];
        zero_q[k] <= zero_d[k];
      end
    end
  end

  assign out_data = W'(count);

`ifdef DFV_FORMAL
  `include "math_bitcount_props.svh"
`endif
endmodule
