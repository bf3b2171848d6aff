// arith_cmpf: MLIR arith.cmpf on IEEE 754 binary words, combinational, bit-exact with the golden model
//   dfv.golden.fp (compare.cmpf) and the spec README section "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52), PRED (the predicate, MLIR
//   CmpFPredicate numbering 0..15: 0 false, 1 oeq, 2 ogt, 3 oge, 4 olt, 5 ole, 6 one, 7 ord, 8 ueq, 9 ugt,
//   10 uge, 11 ult, 12 ule, 13 une, 14 uno, 15 true). The formats of the project: f16 = (5, 10),
//   bf16 = (8, 7), f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW.
// Ports: lhs (W), rhs (W) -> result (1 bit); the IEEE layout, sign on top. The two inputs are joined.
// Semantics: the pair (lhs, rhs) has exactly one of four outcomes: unordered (either word is a NaN, quiet
//   or signalling, whatever its sign and payload), else less, equal or greater by value, where -0 == +0
//   (two zeros of any signs are equal) and -inf / +inf are the smallest / largest values. A predicate is a
//   set of outcomes (o* predicates hold only for ordered pairs, u* predicates also for unordered ones):
//   oeq {eq}, ogt {gt}, oge {gt, eq}, olt {lt}, ole {lt, eq}, one {lt, gt}, ord {lt, eq, gt},
//   ueq {uno, eq}, ugt {uno, gt}, uge {uno, gt, eq}, ult {uno, lt}, ule {uno, lt, eq}, une {uno, lt, gt},
//   uno {uno}, false {}, true {all four}; result is 1 when the pair's outcome is in PRED's set.
//   The order of two ordered words: equal when the words are identical or both are zeros; else, signs
//   differing, the negative one is smaller; both positive, the one with the larger {exponent, fraction}
//   (as one unsigned number) is larger; both negative, it is smaller.
// Latency: 0 (LATENCY = 0), no registers. Throughput: one comparison per cycle.
// Flow control (like dfv/rtl/handshake/arith_cmpi.sv): result_valid = lhs_valid & rhs_valid; lhs_ready and
//   rhs_ready are both high exactly when result_valid & result_ready (the transfer), never one without the
//   other.
// State: none; at_init = 1. clk and rst are unused.
// Combinational paths: lhs_data, rhs_data -> result_data (NaN detection, one (W-1)-bit magnitude compare
//   and an equality, then a chain of three 2-way selects of PRED's constant bits: unordered, else equal,
//   else less, else greater; false and true are constants); lhs_valid, rhs_valid -> result_valid,
//   lhs_ready, rhs_ready; result_ready -> lhs_ready, rhs_ready.
module arith_cmpf #(
  parameter int EW = 8,
  parameter int FW = 23,
  parameter int PRED = 1
) (
  input  logic              clk,
  input  logic              rst,
  input  logic [EW+FW:0]    lhs_data,
  input  logic              lhs_valid,
  output logic              lhs_ready,
  input  logic [EW+FW:0]    rhs_data,
  input  logic              rhs_valid,
  output logic              rhs_ready,
  output logic [0:0]        result_data,
  output logic              result_valid,
  input  logic              result_ready
);
  initial begin : p_param_check
    if (EW < 5 || EW > 11) begin
      $fatal(1, "arith_cmpf: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_cmpf: FW must be 7..52 (got %0d)", FW);
    end
    if (PRED < 0 || PRED > 15) begin
      $fatal(1, "arith_cmpf: PRED must be 0..15 (MLIR CmpFPredicate) (got %0d)", PRED);
    end
  end

  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = 0;  // combinational; read by testbenches
  /* verilator lint_on UNUSEDPARAM */
  localparam int W = 1 + EW + FW;  // word
  localparam logic [EW-1:0] EXP_ONES = '1;
  // Each predicate's set of outcomes {uno, gt, eq, lt}, predicate p at bits [4p+3:4p].
  localparam logic [63:0] SETS = {
    4'b1111,  // 15 true
    4'b1000,  // 14 uno
    4'b1101,  // 13 une
    4'b1011,  // 12 ule
    4'b1001,  // 11 ult
    4'b1110,  // 10 uge
    4'b1100,  //  9 ugt
    4'b1010,  //  8 ueq
    4'b0111,  //  7 ord
    4'b0101,  //  6 one
    4'b0011,  //  5 ole
    4'b0001,  //  4 olt
    4'b0110,  //  3 oge
    4'b0100,  //  2 ogt
    4'b0010,  //  1 oeq
    4'b0000   //  0 false
  };
  localparam logic [3:0] SET = SETS[4*PRED+:4];  // the outcomes PRED holds for

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  logic a_sign, b_sign, a_nan, b_nan;
  logic [W-2:0] a_mag, b_mag;  // {exponent, fraction}
  logic mag_lt, mag_eq, both_zero;
  logic uno, eq, lt;
  logic fire;

  assign a_sign = lhs_data[W-1];
  assign b_sign = rhs_data[W-1];
  assign a_mag = lhs_data[W-2:0];
  assign b_mag = rhs_data[W-2:0];
  assign a_nan = (lhs_data[W-2:FW] == EXP_ONES) && (lhs_data[FW-1:0] != '0);
  assign b_nan = (rhs_data[W-2:FW] == EXP_ONES) && (rhs_data[FW-1:0] != '0);

  always_comb begin : comb_cmpf
    mag_lt = (a_mag < b_mag);
    mag_eq = (a_mag == b_mag);
    both_zero = (a_mag == '0) && (b_mag == '0);
    uno = a_nan | b_nan;
    // eq and lt are read only when the outcomes before them in the chain below are false
    eq = (mag_eq & (a_sign == b_sign)) | both_zero;
    lt = a_sign ? (!b_sign | !mag_lt) : (!b_sign & mag_lt);
    result_valid = lhs_valid & rhs_valid;
    fire = result_valid & result_ready;
    lhs_ready = fire;
    rhs_ready = fire;
    at_init = 1'b1;
  end

  // the outcome selects PRED's bit for it (a constant SET folds the chain: false, true, uno, ord)
  assign result_data = uno ? SET[3] : eq ? SET[1] : lt ? SET[0] : SET[2];

  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "arith_cmpf_props.svh"
`endif
endmodule
