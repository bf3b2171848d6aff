// arith_addf: MLIR arith.addf / arith.subf on IEEE 754 binary words, pipelined, bit-exact with the golden
//   model dfv.golden.fp (addf, subf) and the spec README section "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52), SUB (0 addf: lhs + rhs,
//   1 subf: lhs - rhs, computed as lhs + (-rhs) in every case). The formats of the project:
//   f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW.
// Ports: lhs (W), rhs (W) -> result (W); the IEEE layout, sign on top. The two inputs are joined: an
//   operation is accepted when both are valid and the first stage can take it, and then lhs_ready and
//   rhs_ready are high together (never one without the other).
// Semantics: round to nearest, ties to even; subnormal inputs and outputs kept (no flush to zero);
//   overflow gives the infinity of the sum's sign. Specials: any NaN operand, or inf + -inf, gives the
//   canonical quiet NaN (sign 0, exponent all ones, only the top fraction bit set), whatever the NaNs'
//   signs and payloads; otherwise an infinity operand gives that infinity. An exact zero sum is +0, except
//   (-0) + (-0) = -0 (the sign of a zero sum is the AND of the two addends' signs). A non-zero sum never
//   rounds to zero (every sum is a multiple of the smallest subnormal), so there is no underflow to zero.
//   Specials are detected in stage 1 and ride the pipeline as three flags (nan, inf, inf sign) that
//   override the datapath's word in stage 5 (what the datapath computes for them is discarded).
// Stages (one register each, s1..s5; P = FW + 1 significand bits, XW = P + 3 with guard, round, sticky):
//   1 unpack, classify, specials; compare magnitudes ({exp, frac} as one unsigned number) and swap so
//     that x is the larger; exponent difference (both directions in parallel with the compare), clamped
//     to XW. Subnormals take exponent 1 and no hidden bit.
//   2 alignment: y's significand (extended by 3 zero bits) shifted right by the difference in one
//     2*XW-bit shift; every bit shifted out is ORed into the sticky bit (the LSB).
//   3 significand add or subtract (XW + 1 bits, top bit the carry); x >= y so a difference is >= 0.
//   4 leading-zero count and normalisation: a carry shifts right by one (exponent + 1, sticky kept);
//     otherwise a left shift by the leading zeros, limited to exponent - 1 (a result below the normal
//     range stays subnormal, exponent field 0). The sign is chosen here (zero sum: sx & sy).
//   5 rounding (guard & (round | sticky | lsb)) added to {exponent, fraction} so a carry moves into the
//     exponent (subnormal -> normal, max -> infinity); an exponent already all ones is overflow
//     (infinity); the special flags select NaN / infinity; pack.
//   G, R, S suffice: a left shift of more than one bit happens only when the exponents differ by <= 1,
//   where no bit was shifted out and the difference is exact.
// Latency: LATENCY = 5 cycles, fixed: an operation accepted in cycle c (handshake at the end of c) has its
//   result on result_data with result_valid high in cycle c + 5 when nothing stalls.
// Throughput: one operation per cycle under full-rate traffic. Flow control: the control core
//   dfv_pipe_ctrl #(.S(5)) (u_ctrl) holds the valid bits and computes the ready chain and the load
//   enables load[i] (stage i + 1 takes an operation); every data register of stage i + 1 is loaded on
//   load[i] only, and has no reset. Bubbles collapse, a stalled result holds every full stage, no
//   operation is lost or duplicated (dfv_pipe_ctrl's header). The join: lhs_ready / rhs_ready = (every
//   input valid) & u_ctrl.in_ready, so the inputs are consumed together, never one without the others.
// State: s1..s5 data registers; the valid bits in u_ctrl. at_init: no operation in flight (u_ctrl's).
// Combinational paths: result_ready -> lhs_ready / rhs_ready (through u_ctrl's ready logic); each input's valid
//   -> the other inputs' readies (the join). None from any input to result_data / result_valid
//   (registers); lhs_data / rhs_data go through stage 1 logic into s1 only.
// Checked against the golden model, bit for bit, on Icarus and Verilator: tools/fpcheck/run.sh.
module arith_addf #(
  parameter int EW = 8,
  parameter int FW = 23,
  parameter int SUB = 0
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
      $fatal(1, "arith_addf: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_addf: FW must be 7..52 (got %0d)", FW);
    end
    if (SUB < 0 || SUB > 1) begin
      $fatal(1, "arith_addf: SUB must be 0 (addf) or 1 (subf) (got %0d)", SUB);
    end
  end

  localparam int LATENCY = 5;  // cycles from accept to result_valid (the stages of u_ctrl); read by testbenches
  localparam int W = 1 + EW + FW;  // word
  localparam int P = FW + 1;  // significand with the hidden bit
  localparam int XW = P + 3;  // significand with guard, round and sticky bits
  localparam int SW = $clog2(XW + 1);  // an alignment shift or a leading-zero count: 0..XW
  localparam logic NEG_RHS = (SUB != 0);  // subf: the rhs sign is flipped on entry
  localparam logic [EW-1:0] EXP_ONES = '1;

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // The number of leading zeros of v (XW when v is 0).
  function automatic logic [SW-1:0] lzc(input logic [XW-1:0] v);
    lzc = SW'(XW);
    for (int i = 0; i < XW; i++) begin
      if (v[i]) lzc = SW'(XW - 1 - i);  // the highest set bit is the last to assign
    end
  endfunction

  // ---------------------------------------------------------------------------------------------------
  // Control core (dfv_pipe_ctrl): the valid bits, the ready chain, load[i] = stage i + 1 takes an operation
  // ---------------------------------------------------------------------------------------------------
  logic in_valid, in_ready;
  logic [LATENCY-1:0] load;

  assign in_valid = lhs_valid & rhs_valid;
  assign lhs_ready = in_valid & in_ready;  // the join: every input consumed together
  assign rhs_ready = lhs_ready;

  dfv_pipe_ctrl #(.S(LATENCY)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(in_ready),
    .out_valid(result_valid),
    .out_ready(result_ready),
    .load(load),
    .at_init(at_init)
  );

  // ---------------------------------------------------------------------------------------------------
  // Stage 1: unpack, classify, specials, compare and swap, exponent difference
  // ---------------------------------------------------------------------------------------------------
  logic a_sign, b_sign;
  logic [EW-1:0] a_exp, b_exp, a_eeff, b_eeff, d_ab, d_ba, d;
  logic [FW-1:0] a_frac, b_frac;
  logic a_nan, b_nan, a_inf, b_inf, swap;
  logic [P-1:0] a_mant, b_mant;

  logic s1_sx_q, s1_sy_q, s1_nan_q, s1_inf_q, s1_isign_q;
  logic [EW-1:0] s1_ex_q;
  logic [P-1:0] s1_mx_q, s1_my_q;
  logic [SW-1:0] s1_d_q;

  assign a_sign = lhs_data[W-1];
  assign b_sign = rhs_data[W-1] ^ NEG_RHS;
  assign a_exp = lhs_data[W-2:FW];
  assign b_exp = rhs_data[W-2:FW];
  assign a_frac = lhs_data[FW-1:0];
  assign b_frac = rhs_data[FW-1:0];
  assign a_nan = (a_exp == EXP_ONES) && (a_frac != '0);
  assign b_nan = (b_exp == EXP_ONES) && (b_frac != '0);
  assign a_inf = (a_exp == EXP_ONES) && (a_frac == '0);
  assign b_inf = (b_exp == EXP_ONES) && (b_frac == '0);
  // a subnormal (or zero) has no hidden bit and the exponent of the smallest normal
  assign a_mant = {a_exp != '0, a_frac};
  assign b_mant = {b_exp != '0, b_frac};
  assign a_eeff = (a_exp == '0) ? EW'(1) : a_exp;
  assign b_eeff = (b_exp == '0) ? EW'(1) : b_exp;
  assign swap = (lhs_data[W-2:0] < rhs_data[W-2:0]);  // |b| > |a|: b becomes x
  assign d_ab = a_eeff - b_eeff;
  assign d_ba = b_eeff - a_eeff;
  assign d = swap ? d_ba : d_ab;

  always_ff @(posedge clk) begin : p_s1
    if (load[0]) begin
      s1_sx_q <= swap ? b_sign : a_sign;
      s1_sy_q <= swap ? a_sign : b_sign;
      s1_ex_q <= swap ? b_eeff : a_eeff;
      s1_mx_q <= swap ? b_mant : a_mant;
      s1_my_q <= swap ? a_mant : b_mant;
      s1_d_q <= (32'(d) > XW) ? SW'(XW) : SW'(d);  // a shift by XW already leaves only sticky
      s1_nan_q <= a_nan | b_nan | (a_inf & b_inf & (a_sign ^ b_sign));
      s1_inf_q <= a_inf | b_inf;
      s1_isign_q <= a_inf ? a_sign : b_sign;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 2: alignment shift with guard, round and sticky
  // ---------------------------------------------------------------------------------------------------
  logic [2*XW-1:0] y_wide;  // y above, the bits shifted out below
  logic [XW-1:0] y_ext;

  logic s2_sx_q, s2_sy_q, s2_nan_q, s2_inf_q, s2_isign_q;
  logic [EW-1:0] s2_ex_q;
  logic [P-1:0] s2_mx_q;
  logic [XW-1:0] s2_y_q;

  assign y_wide = {s1_my_q, 3'b000, {XW{1'b0}}} >> s1_d_q;
  assign y_ext = {y_wide[2*XW-1:XW+1], y_wide[XW] | (y_wide[XW-1:0] != '0)};

  always_ff @(posedge clk) begin : p_s2
    if (load[1]) begin
      s2_sx_q <= s1_sx_q;
      s2_sy_q <= s1_sy_q;
      s2_ex_q <= s1_ex_q;
      s2_mx_q <= s1_mx_q;
      s2_y_q <= y_ext;
      s2_nan_q <= s1_nan_q;
      s2_inf_q <= s1_inf_q;
      s2_isign_q <= s1_isign_q;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 3: significand add or subtract
  // ---------------------------------------------------------------------------------------------------
  logic [XW:0] x_ext, y_add;

  logic s3_sx_q, s3_sy_q, s3_nan_q, s3_inf_q, s3_isign_q;
  logic [EW-1:0] s3_ex_q;
  logic [XW:0] s3_sum_q;  // bit XW: the carry of an addition

  assign x_ext = {1'b0, s2_mx_q, 3'b000};
  assign y_add = {1'b0, s2_y_q};

  always_ff @(posedge clk) begin : p_s3
    if (load[2]) begin
      s3_sx_q <= s2_sx_q;
      s3_sy_q <= s2_sy_q;
      s3_ex_q <= s2_ex_q;
      s3_sum_q <= (s2_sx_q ^ s2_sy_q) ? (x_ext - y_add) : (x_ext + y_add);
      s3_nan_q <= s2_nan_q;
      s3_inf_q <= s2_inf_q;
      s3_isign_q <= s2_isign_q;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 4: leading-zero count and normalisation shift
  // ---------------------------------------------------------------------------------------------------
  logic [SW-1:0] lz, lshift;
  logic [EW-1:0] room;  // the largest left shift that keeps the exponent >= 1
  logic [XW-1:0] n_left;
  logic [XW-2:0] n;  // below the hidden bit: fraction, guard, round, sticky
  logic [EW-1:0] e_norm;
  logic sum_zero;

  logic s4_sign_q, s4_nan_q, s4_inf_q, s4_isign_q;
  logic [EW-1:0] s4_e_q;  // the biased exponent field (0: subnormal or zero)
  logic [XW-2:0] s4_n_q;  // fraction, guard, round, sticky (the hidden bit is in s4_e_q != 0)

  assign lz = lzc(s3_sum_q[XW-1:0]);
  assign room = s3_ex_q - EW'(1);
  assign lshift = (32'(lz) > 32'(room)) ? SW'(room) : lz;
  assign n_left = s3_sum_q[XW-1:0] << lshift;
  assign sum_zero = (s3_sum_q == '0);
  // a carry: one place right, the two low bits merged into sticky; else the left shift, whose result is
  // subnormal (exponent field 0) when the hidden bit position is still 0
  assign n = s3_sum_q[XW] ? {s3_sum_q[XW-1:2], s3_sum_q[1] | s3_sum_q[0]} : n_left[XW-2:0];
  assign e_norm = s3_sum_q[XW] ? (s3_ex_q + EW'(1)) : n_left[XW-1] ? (s3_ex_q - EW'(lshift)) : '0;

  always_ff @(posedge clk) begin : p_s4
    if (load[3]) begin
      s4_sign_q <= sum_zero ? (s3_sx_q & s3_sy_q) : s3_sx_q;
      s4_e_q <= e_norm;
      s4_n_q <= n;
      s4_nan_q <= s3_nan_q;
      s4_inf_q <= s3_inf_q;
      s4_isign_q <= s3_isign_q;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 5: round to nearest even, overflow, specials, pack
  // ---------------------------------------------------------------------------------------------------
  logic round_up;
  logic [EW+FW-1:0] rounded;  // {exponent, fraction} + round_up: a carry reaches the exponent
  logic [W-1:0] word;

  logic [W-1:0] s5_word_q;

  assign round_up = s4_n_q[2] & (s4_n_q[1] | s4_n_q[0] | s4_n_q[3]);
  assign rounded = {s4_e_q, s4_n_q[XW-2:3]} + (EW + FW)'(round_up);
  assign word = s4_nan_q ? {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}}  // the canonical quiet NaN
              : s4_inf_q ? {s4_isign_q, EXP_ONES, {FW{1'b0}}}  // an infinite operand
              : (s4_e_q == EXP_ONES) ? {s4_sign_q, EXP_ONES, {FW{1'b0}}}  // stage 4's carry overflowed
              : {s4_sign_q, rounded};  // rounding may carry into the exponent, up to infinity

  always_ff @(posedge clk) begin : p_s5
    if (load[4]) s5_word_q <= word;
  end

  assign result_data = s5_word_q;

`ifdef DFV_FORMAL
  `include "arith_addf_props.svh"
`endif
endmodule
