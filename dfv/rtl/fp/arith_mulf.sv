// arith_mulf: MLIR arith.mulf on IEEE 754 binary words, pipelined, bit-exact with the golden model
//   dfv.golden.fp (mulf) and the spec README section "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52). The formats of the
//   project: f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW.
// Ports: lhs (W), rhs (W) -> result (W); the IEEE layout, sign on top. The two inputs are joined: an
//   operation is accepted when both are valid and the first stage can take it, and then lhs_ready and
//   rhs_ready are high together (never one without the other).
// Semantics: round to nearest, ties to even; subnormal inputs and outputs kept (no flush to zero). The
//   sign of every non-NaN result is lhs sign XOR rhs sign (zeros and infinities included). A product
//   below the normal range is denormalised and rounded once (it may round up into the smallest normal,
//   or down to the zero of its sign); a product at or above 2^(emax+1) after rounding is the infinity of
//   its sign. Specials: any NaN operand, or inf * 0 (either order), gives the canonical quiet NaN (sign
//   0, exponent all ones, only the top fraction bit set), whatever the NaNs' signs and payloads; else an
//   infinity operand gives infinity; else a zero operand gives zero. Specials are detected in stage 1
//   and ride the pipeline as three flags (nan, inf, zero) that override the datapath's word in stage 7
//   (what the datapath computes for them is discarded).
// Stages (one register each, s1..s6 and for 7 the FIFO's head; P = FW + 1 significand bits; the
//   significand product is dfv_sig_mul's (u_mul, its two steps in stages 3 and 4, its sum into stage 5):
//   DSP blocks for P > 24 (f64), LUTs and carry chains for P <= 24 (f32, f16, bf16), its header says why):
//   1 unpack, classify, specials; each operand's leading zeros (a tree of log depth, dfv_lzc; 0 for a
//     normal significand).
//   2 each significand normalised (left shift by its leading zeros, both in parallel): a subnormal gets its
//     leading one on top and the exponent 1 - (leading zeros), so both significands are in
//     [2^(P-1), 2^P) from here on.
//   3 u_mul's first step (the partial products); beside it the product's biased exponent ep = ea + eb - bias.
//   4 u_mul's second step (the partial products summed into at most three terms). In parallel, for both
//     possible leading positions (t = 0: ep, t = 1: ep + 1) the exponent field, the overflow flag (>= all
//     ones) and the parts of the denormalising right shift (1 - exponent, 0 for a normal result, clamped
//     to P + 1, which already leaves only sticky): the normal test (ep's sign and a zero test), the clamp
//     (a compare on ep) and the difference, each from ep.
//   5 product sum (u_mul's last addition), the exact 2P-bit significand product in [2^(2P-2), 2^(2P));
//     the two shifts selected from their parts, and each as a mask of the positions it moves below the
//     guard (bit k: k < shift), so that stage 6's sticky bit is an AND and an OR tree only.
//   6 normalise and denormalise, for both leading positions side by side (t = 0: one place left): the top
//     P + 1 bits from the leading one shifted right by that position's shift, the sticky bit the OR of the
//     bits below them and of those shifted out (stage 5's mask); the product's top bit t then
//     selects. Kept: the fraction (FW bits; the hidden bit is in exponent != 0), guard, sticky.
//   7 rounding to nearest even: {exponent, fraction} + 1 (a carry moves into the exponent: subnormal ->
//     smallest normal, max -> infinity) chosen when guard & (sticky | lsb); the increment's carry chain
//     starts at the registers and the round-up (one LUT beside it) only selects after it (stage 7 writes
//     into the output FIFO's LUT RAM, whose write data is far from the logic: with the round-up's LUT in
//     front of the chain this was the f32 unit's path, 6.9 ns); an overflow from stage 4 gives infinity;
//     the special flags select NaN / infinity / zero; pack.
// Latency: LATENCY = 7 cycles, fixed for every format: an operation accepted in cycle c (handshake at the
//   end of c) has its result on result_data with result_valid high in cycle c + 7 when result_ready stays high.
//   On the ECP5 flow f32's product is in LUTs: on a DSP block (nextpnr times its 4.45 ns multiply
//   between fabric registers) it held f32 under 140 MHz.
// Throughput: one operation per cycle (INTERVAL = 1). Flow control: the stages never stall. The flow
//   control dfv_credit_pipe #(.S(6), .D(8)) (u_flow): its credit core shifts one valid bit per stage and
//   accepts an operation only while a credit is free, so its output FIFO (D = 8 entries, its head register
//   stage 7's) has room for every result; the unit holds SLOTS = D = 8 operations, and a slot freed by a
//   leaving result is free from the next cycle. The data registers have no enable and no reset: they load every
//   cycle, and a register that holds no operation holds garbage that no one reads. With the stall-able
//   pipeline before it (dfv_pipe_ctrl) every data register's enable was a gate from result_ready and the
//   inputs' valids: in a kernel that net, fanned out to every data flip-flop, was the critical path of
//   the float kernels (fdot, gemm, two_mm, mvt; docs/timing.md). The join: lhs_ready / rhs_ready = (every
//   input valid) & take (a credit is free), so the inputs are consumed together, never one without the
//   others.
// State: s1..s6 data registers; the valid bits, the credits and the FIFO in u_flow (reset: empty, every
//   credit free; rst synchronous, active high). at_init: every credit free, so nothing in the stages or
//   the FIFO (u_flow's).
// Combinational paths: each input's valid -> the other inputs' readies (the join). None from result_ready
//   to any output but through registers (the input ready is a register compare); none from any input to
//   result_data / result_valid (registers); lhs_data / rhs_data go through stage 1 logic into s1 only.
module arith_mulf #(
  parameter int EW = 8,
  parameter int FW = 23
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
      $fatal(1, "arith_mulf: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_mulf: FW must be 7..52 (got %0d)", FW);
    end
  end

  localparam int S = 6;  // free-running stages (s1..s6); stage 7's logic writes into the output FIFO
  localparam int D = S + 2;  // output FIFO entries: credits for one operation per cycle
  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = S + 1;  // cycles from accept to result_valid (the FIFO's head is stage 7); read by testbenches
  localparam int INTERVAL = 1;  // cycles between accepted operations at full rate
  localparam int SLOTS = D;  // operations held at once (in the stages and the FIFO)
  /* verilator lint_on UNUSEDPARAM */
  localparam int W = 1 + EW + FW;  // word
  localparam int P = FW + 1;  // significand with the hidden bit
  localparam int LW = $clog2(P + 1);  // a leading-zero count: 0..P
  localparam int XE = EW + 7;  // signed exponent arithmetic: covers 2 * (1 - FW) - bias .. 2 * 2^EW
  localparam int SHW = $clog2(P + 2);  // a denormalising shift: 0..P+1
  localparam logic [EW-1:0] EXP_ONES = '1;
  localparam logic signed [XE-1:0] BIAS = XE'((1 << (EW - 1)) - 1);
  localparam logic signed [XE-1:0] ONE = XE'(1);
  localparam logic signed [XE-1:0] EXP_INF = XE'((1 << EW) - 1);  // the all-ones field and above: overflow
  localparam logic signed [XE-1:0] SH_MAX = XE'(P + 1);

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // The right shift that takes a product with biased exponent e + up (up: 0 or 1) to the subnormal grid is
  // 1 - (e + up) when that is > 0, clamped to P + 1, else 0. Stage 4 registers its parts, each from e itself:
  // e + up >= 1 (no shift: e's sign and a zero test, for up = 1 the sign alone, no carry chain), e + up <
  // -P (the clamp) and the difference's low SHW bits; stage 5 selects.
  function automatic logic [SHW-1:0] denorm_shift(input logic normal, input logic clamp,
                                                   input logic [SHW-1:0] diff);
    if (normal) denorm_shift = '0;
    else if (clamp) denorm_shift = SHW'(P + 1);
    else denorm_shift = diff;
  endfunction

  // The same shift as a mask of the P + 1 positions it moves below the guard: bit k = (k < shift).
  function automatic logic [P:0] denorm_mask(input logic normal, input logic clamp,
                                             input logic [SHW-1:0] diff);
    for (int k = 0; k <= P; k++) begin
      denorm_mask[k] = !normal && (clamp || (32'(k) < 32'(diff)));
    end
  endfunction

  // ---------------------------------------------------------------------------------------------------
  // Flow control (dfv_credit_pipe u_flow, instanced at the end, where the last stage's word is): the stage
  // valid bits, the credits (take = a credit is free) and the output FIFO
  // ---------------------------------------------------------------------------------------------------
  logic in_valid, take;

  assign in_valid = lhs_valid & rhs_valid;
  assign lhs_ready = in_valid & take;  // the join: every input consumed together
  assign rhs_ready = lhs_ready;

  // ---------------------------------------------------------------------------------------------------
  // Stage 1: unpack, classify, specials; the leading zeros of both significands
  // ---------------------------------------------------------------------------------------------------
  logic a_sign, b_sign;
  logic [EW-1:0] a_exp, b_exp, a_eeff, b_eeff;
  logic [FW-1:0] a_frac, b_frac;
  logic a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
  logic [P-1:0] a_mant, b_mant;
  logic [LW-1:0] a_lz, b_lz;

  logic s1_sign_q, s1_nan_q, s1_inf_q, s1_zero_q;
  logic [P-1:0] s1_ma_q, s1_mb_q;  // the significands as they come (a subnormal's with leading zeros)
  logic [LW-1:0] s1_lza_q, s1_lzb_q;  // their leading zeros (0 for a normal)
  logic [EW-1:0] s1_ea_q, s1_eb_q;  // the effective exponent fields (1 for a subnormal)

  assign a_sign = lhs_data[W-1];
  assign b_sign = rhs_data[W-1];
  assign a_exp = lhs_data[W-2:FW];
  assign b_exp = rhs_data[W-2:FW];
  assign a_frac = lhs_data[FW-1:0];
  assign b_frac = rhs_data[FW-1:0];
  assign a_nan = (a_exp == EXP_ONES) && (a_frac != '0);
  assign b_nan = (b_exp == EXP_ONES) && (b_frac != '0);
  assign a_inf = (a_exp == EXP_ONES) && (a_frac == '0);
  assign b_inf = (b_exp == EXP_ONES) && (b_frac == '0);
  assign a_zero = (a_exp == '0) && (a_frac == '0);
  assign b_zero = (b_exp == '0) && (b_frac == '0);
  // a subnormal has no hidden bit and the exponent of the smallest normal; its leading zeros are shifted
  // out in stage 2 (a normal has none)
  assign a_mant = {a_exp != '0, a_frac};
  assign b_mant = {b_exp != '0, b_frac};
  assign a_eeff = (a_exp == '0) ? EW'(1) : a_exp;
  assign b_eeff = (b_exp == '0) ? EW'(1) : b_exp;
  // the leading zeros by a tree of log depth
  dfv_lzc #(.W(P), .CW(LW)) u_lz_a (
    .v(a_mant),
    .count(a_lz)
  );
  dfv_lzc #(.W(P), .CW(LW)) u_lz_b (
    .v(b_mant),
    .count(b_lz)
  );

  always_ff @(posedge clk) begin : p_s1
    s1_sign_q <= a_sign ^ b_sign;
    s1_nan_q <= a_nan | b_nan | (a_inf & b_zero) | (a_zero & b_inf);
    s1_inf_q <= a_inf | b_inf;
    s1_zero_q <= a_zero | b_zero;
    s1_ma_q <= a_mant;
    s1_mb_q <= b_mant;
    s1_lza_q <= a_lz;
    s1_lzb_q <= b_lz;
    s1_ea_q <= a_eeff;
    s1_eb_q <= b_eeff;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 2: normalise both significands
  // ---------------------------------------------------------------------------------------------------
  logic s2_sign_q, s2_nan_q, s2_inf_q, s2_zero_q;
  logic [P-1:0] s2_ma_q, s2_mb_q;  // normalised: top bit set (unless the operand is zero)
  logic signed [XE-1:0] s2_ea_q, s2_eb_q;  // biased exponents of the normalised significands (may be < 1)

  always_ff @(posedge clk) begin : p_s2
    s2_sign_q <= s1_sign_q;
    s2_nan_q <= s1_nan_q;
    s2_inf_q <= s1_inf_q;
    s2_zero_q <= s1_zero_q;
    s2_ma_q <= s1_ma_q << s1_lza_q;
    s2_mb_q <= s1_mb_q << s1_lzb_q;
    s2_ea_q <= $signed({{(XE - EW){1'b0}}, s1_ea_q}) - $signed({{(XE - LW){1'b0}}, s1_lza_q});
    s2_eb_q <= $signed({{(XE - EW){1'b0}}, s1_eb_q}) - $signed({{(XE - LW){1'b0}}, s1_lzb_q});
  end

  // ---------------------------------------------------------------------------------------------------
  // Stages 3-5: the significand product (u_mul, registered in stages 3 and 4, summed into s5_prod_q);
  // beside it the product's exponent (stage 3), and its field, overflow flag and denormalising shift for
  // both leading positions (stage 4)
  // ---------------------------------------------------------------------------------------------------
  logic [EW-1:0] f1;  // the exponent field if the product's top bit is 1: ep + 1
  logic [2*P-1:0] prod;  // the exact significand product, from the stage-4 registers

  logic s3_sign_q, s3_nan_q, s3_inf_q, s3_zero_q;
  logic signed [XE-1:0] s3_ep_q;  // biased exponent of the product read as [1, 2) (its bit 2P-2)

  logic s4_sign_q, s4_nan_q, s4_inf_q, s4_zero_q;
  logic [EW-1:0] s4_f0_q, s4_f1_q;  // exponent field if the product's top bit is 0 / 1 (normal result)
  logic s4_ovf0_q, s4_ovf1_q;  // that exponent is all ones or more: infinity
  logic s4_nrm0_q, s4_nrm1_q;  // that exponent is >= 1: no denormalising shift
  logic s4_clp0_q, s4_clp1_q;  // it is < -P: the shift clamped to P + 1
  logic [SHW-1:0] s4_dif0_q, s4_dif1_q;  // 1 - that exponent, its low SHW bits

  logic s5_sign_q, s5_nan_q, s5_inf_q, s5_zero_q;
  logic [2*P-1:0] s5_prod_q;
  logic [EW-1:0] s5_f0_q, s5_f1_q;  // exponent field if the product's top bit is 0 / 1 (normal result)
  logic s5_ovf0_q, s5_ovf1_q;  // that exponent is all ones or more: infinity
  logic [SHW-1:0] s5_sh0_q, s5_sh1_q;  // that exponent's denormalising shift (0: normal)
  logic [P:0] s5_gone0_q, s5_gone1_q;  // gone[k] = (k < that shift): the shift as a mask, for the sticky bit

  assign f1 = s3_ep_q[EW-1:0] + EW'(1);

  always_ff @(posedge clk) begin : p_s3
    s3_sign_q <= s2_sign_q;
    s3_nan_q <= s2_nan_q;
    s3_inf_q <= s2_inf_q;
    s3_zero_q <= s2_zero_q;
    s3_ep_q <= s2_ea_q + s2_eb_q - BIAS;
  end

  always_ff @(posedge clk) begin : p_s4
    s4_sign_q <= s3_sign_q;
    s4_nan_q <= s3_nan_q;
    s4_inf_q <= s3_inf_q;
    s4_zero_q <= s3_zero_q;
    s4_f0_q <= s3_ep_q[EW-1:0];
    s4_f1_q <= f1;
    s4_ovf0_q <= (s3_ep_q >= EXP_INF);
    s4_ovf1_q <= (s3_ep_q >= EXP_INF - ONE);  // ep + 1 >= EXP_INF
    s4_nrm0_q <= !s3_ep_q[XE-1] && (s3_ep_q != '0);  // ep >= 1
    s4_nrm1_q <= !s3_ep_q[XE-1];  // ep + 1 >= 1
    s4_clp0_q <= (s3_ep_q < ONE - SH_MAX);  // 1 - ep > P + 1
    s4_clp1_q <= (s3_ep_q < -SH_MAX);  // 1 - (ep + 1) > P + 1
    s4_dif0_q <= SHW'(ONE) - SHW'(s3_ep_q);
    s4_dif1_q <= '0 - SHW'(s3_ep_q);
  end

  always_ff @(posedge clk) begin : p_s5
    s5_sign_q <= s4_sign_q;
    s5_nan_q <= s4_nan_q;
    s5_inf_q <= s4_inf_q;
    s5_zero_q <= s4_zero_q;
    s5_prod_q <= prod;
    s5_f0_q <= s4_f0_q;
    s5_f1_q <= s4_f1_q;
    s5_ovf0_q <= s4_ovf0_q;
    s5_ovf1_q <= s4_ovf1_q;
    s5_sh0_q <= denorm_shift(s4_nrm0_q, s4_clp0_q, s4_dif0_q);
    s5_sh1_q <= denorm_shift(s4_nrm1_q, s4_clp1_q, s4_dif1_q);
    s5_gone0_q <= denorm_mask(s4_nrm0_q, s4_clp0_q, s4_dif0_q);
    s5_gone1_q <= denorm_mask(s4_nrm1_q, s4_clp1_q, s4_dif1_q);
  end

  dfv_sig_mul #(.P(P)) u_mul (
    .clk(clk),
    .load(2'b11),
    .ma(s2_ma_q),
    .mb(s2_mb_q),
    .prod(prod)
  );

  // ---------------------------------------------------------------------------------------------------
  // Stage 6: normalise (one place) and denormalise (right shift with sticky), both leading positions
  // ---------------------------------------------------------------------------------------------------
  logic top;
  logic [P:0] head0, head1;  // the product's top P + 1 bits from its leading one, for top 0 / top 1
  logic [P-1:0] kept0, kept1;  // head shifted right by its shift, below its hidden bit: fraction, guard
  logic sticky0, sticky1;

  logic s6_sign_q, s6_nan_q, s6_inf_q, s6_zero_q, s6_ovf_q;
  logic [EW-1:0] s6_e_q;  // the biased exponent field (0: subnormal)
  logic [FW-1:0] s6_frac_q;
  logic s6_guard_q, s6_sticky_q;

  // The product normalised (top 0: one place left) and shifted right by its shift; only its top P + 1 bits
  // move into the result, so the shifter takes those alone, and the sticky bit is the OR of the bits below
  // them and of those the shift moves out of them (stage 5's mask of the shift). Both leading
  // positions are worked out side by side and the product's top bit, which the sum of stage 5 delivers last,
  // only selects.
  assign top = s5_prod_q[2*P-1];
  assign head1 = s5_prod_q[2*P-1:P-1];
  assign head0 = s5_prod_q[2*P-2:P-2];
  assign kept1 = P'(head1 >> s5_sh1_q);
  assign kept0 = P'(head0 >> s5_sh0_q);
  assign sticky1 = (s5_prod_q[P-2:0] != '0) | ((head1 & s5_gone1_q) != '0);
  assign sticky0 = (s5_prod_q[P-3:0] != '0) | ((head0 & s5_gone0_q) != '0);

  always_ff @(posedge clk) begin : p_s6
    s6_sign_q <= s5_sign_q;
    s6_nan_q <= s5_nan_q;
    s6_inf_q <= s5_inf_q;
    s6_zero_q <= s5_zero_q;
    s6_ovf_q <= top ? s5_ovf1_q : s5_ovf0_q;
    s6_e_q <= top ? ((s5_sh1_q != '0) ? '0 : s5_f1_q) : ((s5_sh0_q != '0) ? '0 : s5_f0_q);
    s6_frac_q <= top ? kept1[P-1:1] : kept0[P-1:1];
    s6_guard_q <= top ? kept1[0] : kept0[0];
    s6_sticky_q <= top ? sticky1 : sticky0;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 7: round to nearest even, overflow, specials, pack
  // ---------------------------------------------------------------------------------------------------
  logic round_up;
  logic [EW+FW-1:0] bumped;  // {exponent, fraction} + 1: a carry reaches the exponent
  logic [EW+FW-1:0] rounded;
  logic [W-1:0] word;

  assign round_up = s6_guard_q & (s6_sticky_q | s6_frac_q[0]);
  assign bumped = {s6_e_q, s6_frac_q} + (EW + FW)'(1);
  assign rounded = round_up ? bumped : {s6_e_q, s6_frac_q};
  assign word = s6_nan_q ? {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}}  // the canonical quiet NaN
              : (s6_inf_q | s6_ovf_q) ? {s6_sign_q, EXP_ONES, {FW{1'b0}}}  // infinite operand, overflow
              : s6_zero_q ? {s6_sign_q, {(EW + FW){1'b0}}}  // a zero operand
              : {s6_sign_q, rounded};  // rounding may carry into the exponent, up to infinity

  // The credit core and the FIFO of D entries (one per credit) the results wait in; its head register is
  // stage 7's
  dfv_credit_pipe #(.S(S), .D(D), .W(W)) u_flow (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(take),
    .last_data(word),
    .result_data(result_data),
    .result_valid(result_valid),
    .result_ready(result_ready),
    .at_init(at_init)
  );

`ifdef DFV_FORMAL
  `include "arith_mulf_props.svh"
`endif
endmodule
