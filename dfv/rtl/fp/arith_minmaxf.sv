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
// Combinational paths: lhs_data, rhs_data -> result_data (one (W-1)-bit unsigned compare of the two
//   magnitudes, straight from the ports onto a carry chain, selecting between two outcomes chosen beside
//   it by the signs; then the NaN detection's select between that and the NaN outcome);
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
  logic [W-2:0] a_mag, b_mag;  // {exponent, fraction}: one unsigned number per word
  logic mag_lt;  // a_mag < b_mag
  logic [W-1:0] if_lt, if_ge;  // the result when lhs < rhs in the order, and when not (no NaN)
  logic [W-1:0] if_mag_lt, if_mag_ge;  // the result when mag_lt is set, and when it is clear (no NaN)
  // the result when neither word is a NaN; kept as a net for synthesis (Yosys `keep`; simulators ignore
  // it), so the last level is one 2-way select by the NaN flags: without it ABC folds the NaN select into
  // the select behind the chain (f32 146.4 MHz, 152.0 with the net kept; medians of 3 placements)
  (* keep *) logic [W-1:0] ordered;
  logic [W-1:0] if_nan;  // the result when either is
  logic fire;

  assign a_sign = lhs_data[W-1];
  assign b_sign = rhs_data[W-1];
  assign a_mag = lhs_data[W-2:0];
  assign b_mag = rhs_data[W-2:0];
  assign a_nan = (lhs_data[W-2:FW] == EXP_ONES) && (lhs_data[FW-1:0] != '0);
  assign b_nan = (rhs_data[W-2:FW] == EXP_ONES) && (rhs_data[FW-1:0] != '0);

  always_comb begin : comb_minmaxf
    // no NaN: lhs < rhs in the order, from the signs and mag_lt: signs differing, exactly when lhs is
    // negative; both positive, mag_lt; both negative, !mag_lt (equal magnitudes are then equal words,
    // where either outcome is the same word). So with mag_lt set lhs < rhs exactly when rhs is positive,
    // with mag_lt clear exactly when lhs is negative: each case's outcome comes from the signs beside the
    // comparison, whose carry chain, fed by the ports alone, then only selects.
    if_lt = LARGER ? rhs_data : lhs_data;
    if_ge = LARGER ? lhs_data : rhs_data;
    if_mag_lt = b_sign ? if_ge : if_lt;
    if_mag_ge = a_sign ? if_lt : if_ge;
    mag_lt = (a_mag < b_mag);
    ordered = mag_lt ? if_mag_lt : if_mag_ge;
    // a NaN: maximumf / minimumf, and maxnumf / minnumf with both, the canonical NaN; else the other word
    if_nan = ((a_nan & b_nan) | NAN_WINS) ? CANONICAL_NAN : (a_nan ? rhs_data : lhs_data);
    result_data = (a_nan | b_nan) ? if_nan : ordered;
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
