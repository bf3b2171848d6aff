// arith_minmaxf: MLIR arith.maximumf / arith.minimumf / arith.maxnumf / arith.minnumf on IEEE 754 words,
//   combinational, bit-exact with the golden model dfv.golden.fp (compare.maximumf, minimumf, maxnumf,
//   minnumf) and the spec README section "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52), OP (0 maximumf,
//   1 minimumf, 2 maxnumf, 3 minnumf). The formats of the project: f16 = (5, 10), bf16 = (8, 7),
//   f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW.
// Ports: lhs (W), rhs (W) -> result (W); the IEEE layout, sign on top. The two inputs are joined.
// Semantics (IEEE 754-2019 section 9.6): the order is by value with -0 < +0 (-inf smallest, +inf
//   largest): signs differing, the positive word is larger (so +0 > -0); both positive, the one with the
//   larger {exponent, fraction} (one unsigned number) is larger; both negative, it is smaller. The result
//   is one of the two input words unchanged (identical words: either), or the canonical quiet NaN (sign 0,
//   exponent all ones, only the top fraction bit set):
//   maximumf (OP 0) / minimumf (OP 1): the canonical NaN if either word is a NaN (quiet or signalling,
//     any sign or payload), else the larger / smaller word.
//   maxnumf (OP 2) / minnumf (OP 3): the canonical NaN if both words are NaNs; if exactly one is, the
//     other word; else the larger / smaller word.
// Latency: 0 (LATENCY = 0), no registers. Throughput: one operation per cycle.
// Flow control (like dfv/rtl/handshake/arith_cmpi.sv): result_valid = lhs_valid & rhs_valid; lhs_ready and
//   rhs_ready are both high exactly when result_valid & result_ready (the transfer), never one without the
//   other.
// State: none; at_init = 1. clk and rst are unused.
// Combinational paths: lhs_data, rhs_data -> result_data (the order keys, one W-bit unsigned compare on a
//   carry chain selecting between the two outcomes, each from the NaN detection and a W-bit 2-way select);
//   lhs_valid, rhs_valid -> result_valid, lhs_ready, rhs_ready; result_ready -> lhs_ready, rhs_ready.
module arith_minmaxf #(
  parameter int EW = 8,
  parameter int FW = 23,
  parameter int OP = 0
) (
  input  logic              clk,
  input  logic              rst,
  input  logic [EW+FW:0]    lhs_data,
  input  logic              lhs_valid,
  output logic              lhs_ready,
  input  logic [EW+FW:0]    rhs_data,
  input  logic              rhs_valid,
  output logic              rhs_ready,
  output logic [EW+FW:0]    result_data,
  output logic              result_valid,
  input  logic              result_ready
);
  initial begin : p_param_check
    if (EW < 5 || EW > 11) begin
      $fatal(1, "arith_minmaxf: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_minmaxf: FW must be 7..52 (got %0d)", FW);
    end
    if (OP < 0 || OP > 3) begin
      $fatal(1, "arith_minmaxf: OP must be 0 maximumf, 1 minimumf, 2 maxnumf or 3 minnumf (got %0d)", OP);
    end
  end

  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = 0;  // combinational; read by testbenches
  /* verilator lint_on UNUSEDPARAM */
  localparam int W = 1 + EW + FW;  // word
  localparam logic LARGER = (OP == 0) || (OP == 2);  // maximumf, maxnumf
  localparam logic NAN_WINS = (OP == 0) || (OP == 1);  // maximumf, minimumf
  localparam logic [EW-1:0] EXP_ONES = '1;
  localparam logic [W-1:0] CANONICAL_NAN = {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}};

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  logic a_sign, b_sign, a_nan, b_nan;
  logic [W-2:0] a_mag, b_mag;  // {exponent, fraction}
  logic [W-1:0] a_key, b_key;  // the order as one unsigned number (-0 < +0; NaNs aside)
  logic sel_nan;  // the result is the canonical NaN
  logic [W-1:0] if_lt, if_ge;  // the result when lhs < rhs in that order, and when not
  logic fire;

  assign a_sign = lhs_data[W-1];
  assign b_sign = rhs_data[W-1];
  assign a_mag = lhs_data[W-2:0];
  assign b_mag = rhs_data[W-2:0];
  // a positive word above every negative one (the sign inverted on top); a negative word's magnitude
  // inverted, so a larger magnitude is a smaller key
  assign a_key = {!a_sign, a_mag ^ {(W - 1){a_sign}}};
  assign b_key = {!b_sign, b_mag ^ {(W - 1){b_sign}}};
  assign a_nan = (lhs_data[W-2:FW] == EXP_ONES) && (lhs_data[FW-1:0] != '0);
  assign b_nan = (rhs_data[W-2:FW] == EXP_ONES) && (rhs_data[FW-1:0] != '0);

  always_comb begin : comb_minmaxf
    // both outcomes of the order beside the comparison (the NaN rules, then the larger / smaller word;
    // maxnumf / minnumf with one NaN: the other word), so the comparison's carry chain only selects
    sel_nan = (a_nan & b_nan) | (NAN_WINS & (a_nan | b_nan));
    if_lt = sel_nan ? CANONICAL_NAN : ((b_nan | (!a_nan & !LARGER)) ? lhs_data : rhs_data);
    if_ge = sel_nan ? CANONICAL_NAN : ((b_nan | (!a_nan & LARGER)) ? lhs_data : rhs_data);
    result_data = (a_key < b_key) ? if_lt : if_ge;  // equal keys: the same word
    result_valid = lhs_valid & rhs_valid;
    fire = result_valid & result_ready;
    lhs_ready = fire;
    rhs_ready = fire;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "arith_minmaxf_props.svh"
`endif
endmodule
