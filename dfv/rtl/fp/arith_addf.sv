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
//   override the datapath's word in stage 6 (what the datapath computes for them is discarded).
// Stages (one register each, s1..s5 and for 6 the FIFO's head; P = FW + 1 significand bits, XW = P + 3
//   with guard, round, sticky):
//   1 unpack, classify, specials; compare magnitudes ({exp, frac} as one unsigned number) and swap so
//     that x is the larger; exponent difference, both directions and both subnormal corrections
//     subtracted in parallel with the compare, straight from the exponent fields. Subnormals take
//     exponent 1 and no hidden bit.
//   2 alignment: y's significand (extended by 3 zero bits) shifted right by the difference (a difference of
//     2^SW or more, past XW, leaves only sticky); the sticky bit (the LSB) is the OR of every bit that ends
//     at or below it, taken with a thermometer mask of the difference beside the shifter.
//   3 significand add or subtract (XW + 1 bits, top bit the carry); x >= y so a difference is >= 0. The
//     limit of the normalising shift as two masks: the stop bit at XW - 1 - room (room = exponent - 1, the
//     largest left shift that keeps the exponent >= 1; none when room >= XW) and the places at or above it.
//   4 the normalising shift's amount, min(leading zeros, room): the leading zeros of sum | stop, counted
//     by a tree of log depth (dfv_lzc; no comparison; a carry sets the top place, so its count is 0);
//     whether the result keeps a hidden bit (a bit of the sum at or above the stop bit). A carry instead
//     shifts right by one (sticky kept). The sign (zero sum: sx & sy).
//   5 the left shift; the exponent: + 1 on a carry, - shift with a hidden bit, else 0 (subnormal stays so);
//     whether to round up, guard & (round | sticky | lsb), from the shifted word's four low places, so that
//     stage 6's addition starts at registers (stage 6 writes into the output FIFO's LUT RAM, far from the
//     logic: with the round-up's LUT in front of its carry chain this was the f32 unit's path, 6.8-7.0 ns).
//   6 the round-up added to {exponent, fraction} so a carry moves into the exponent (subnormal -> normal,
//     max -> infinity); an exponent already all ones is overflow (infinity); the special flags select NaN /
//     infinity; pack.
//   G, R, S suffice: a left shift of more than one bit happens only when the exponents differ by <= 1,
//   where no bit was shifted out and the difference is exact.
// Latency: LATENCY = 6 cycles, fixed: an operation accepted in cycle c (handshake at the end of c) has its
//   result on result_data with result_valid high in cycle c + 6 when result_ready stays high.
// Throughput: one operation per cycle (INTERVAL = 1). Flow control: the stages never stall. The flow
//   control dfv_credit_pipe #(.S(5), .D(7)) (u_flow): its credit core shifts one valid bit per stage and
//   accepts an operation only while a credit is free, so its output FIFO (D = 7 entries, its head register
//   stage 6's) has room for every result; the unit holds SLOTS = D = 7 operations, and a slot freed by a
//   leaving result is free from the next cycle. The data registers have no enable and no reset: they load every
//   cycle, and a register that holds no operation holds garbage that no one reads. With the stall-able
//   pipeline before it (dfv_pipe_ctrl) every data register's enable was a gate from result_ready and the
//   inputs' valids: in a kernel that net, fanned out to every data flip-flop, was the critical path of
//   the float kernels (fdot, gemm, two_mm, mvt; docs/timing.md). The join: lhs_ready / rhs_ready = (every
//   input valid) & take (a credit is free), so the inputs are consumed together, never one without the
//   others.
// State: s1..s5 data registers; the valid bits, the credits and the FIFO in u_flow (reset: empty, every
//   credit free; rst synchronous, active high). at_init: every credit free, so nothing in the stages or
//   the FIFO (u_flow's).
// Combinational paths: each input's valid -> the other inputs' readies (the join). None from result_ready
//   to any output but through registers (the input ready is a register compare); none from any input to
//   result_data / result_valid (registers); lhs_data / rhs_data go through stage 1 logic into s1 only.
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

  localparam int S = 5;  // free-running stages (s1..s5); stage 6's logic writes into the output FIFO
  localparam int D = S + 2;  // output FIFO entries: credits for one operation per cycle
  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = S + 1;  // cycles from accept to result_valid (the FIFO's head is stage 6); read by testbenches
  localparam int INTERVAL = 1;  // cycles between accepted operations at full rate
  localparam int SLOTS = D;  // operations held at once (in the stages and the FIFO)
  /* verilator lint_on UNUSEDPARAM */
  localparam int W = 1 + EW + FW;  // word
  localparam int P = FW + 1;  // significand with the hidden bit
  localparam int XW = P + 3;  // significand with guard, round and sticky bits
  localparam int SW = $clog2(XW + 1);  // an alignment shift or a normalising shift: 0..XW
  localparam logic NEG_RHS = (SUB != 0);  // subf: the rhs sign is flipped on entry
  localparam logic [EW-1:0] EXP_ONES = '1;

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------------
  // Flow control (dfv_credit_pipe u_flow, instanced at the end, where the last stage's word is): the stage
  // valid bits, the credits (take = a credit is free) and the output FIFO
  // ---------------------------------------------------------------------------------------------------
  logic in_valid, take;

  assign in_valid = lhs_valid & rhs_valid;
  assign lhs_ready = in_valid & take;  // the join: every input consumed together
  assign rhs_ready = lhs_ready;

  // ---------------------------------------------------------------------------------------------------
  // Stage 1: unpack, classify, specials, compare and swap, exponent difference
  // ---------------------------------------------------------------------------------------------------
  logic a_sign, b_sign;
  logic [EW-1:0] a_exp, b_exp, a_eeff, b_eeff, d_ab, d_ba, d_ab1, d_ba1;
  logic one_sub;  // exactly one exponent field is 0
  /* verilator lint_off UNUSEDSIGNAL */
  logic lsb_ab1, lsb_ba1;  // always 1
  /* verilator lint_on UNUSEDSIGNAL */
  logic [FW-1:0] a_frac, b_frac;
  logic a_nan, b_nan, a_inf, b_inf, swap, b_over_a;
  logic [P-1:0] a_mant, b_mant;

  logic s1_sx_q, s1_sy_q, s1_nan_q, s1_inf_q, s1_isign_q;
  logic [EW-1:0] s1_ex_q;
  logic [P-1:0] s1_mx_q, s1_my_q;
  logic [EW-1:0] s1_d_q;  // the alignment shift (any value past XW leaves only sticky)

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
  // The alignment shift |a_eeff - b_eeff| from the raw exponents, so no subnormal test comes before a carry
  // chain: |a_exp - b_exp|, less one when exactly one exponent field is 0 (that one's effective exponent is
  // 1, and it is the smaller). The four candidates (each direction, each with and without the one) are
  // subtracted side by side and one is selected: the direction by the raw subtraction's borrow (it differs
  // from the swap only on equal exponents, where the difference is 0 either way). Stage 2 limits it.
  assign {b_over_a, d_ab} = {1'b0, a_exp} - {1'b0, b_exp};
  assign d_ba = b_exp - a_exp;
  // a_exp - b_exp - 1 as one subtraction: (2 a_exp - (2 b_exp + 1)) / 2
  assign {d_ab1, lsb_ab1} = {a_exp, 1'b0} - {b_exp, 1'b1};
  assign {d_ba1, lsb_ba1} = {b_exp, 1'b0} - {a_exp, 1'b1};
  assign one_sub = (a_exp == '0) ^ (b_exp == '0);

  always_ff @(posedge clk) begin : p_s1
    s1_sx_q <= swap ? b_sign : a_sign;
    s1_sy_q <= swap ? a_sign : b_sign;
    s1_ex_q <= swap ? b_eeff : a_eeff;
    s1_mx_q <= swap ? b_mant : a_mant;
    s1_my_q <= swap ? a_mant : b_mant;
    s1_d_q <= b_over_a ? (one_sub ? d_ba1 : d_ba) : (one_sub ? d_ab1 : d_ab);
    s1_nan_q <= a_nan | b_nan | (a_inf & b_inf & (a_sign ^ b_sign));
    s1_inf_q <= a_inf | b_inf;
    s1_isign_q <= a_inf ? a_sign : b_sign;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 2: alignment shift; guard, round and sticky
  // ---------------------------------------------------------------------------------------------------
  logic [XW-1:0] my_ext;  // y's significand with its guard, round and sticky places (zero)
  logic beyond;
  logic [XW-2:0] y_shift;  // (my_ext >> d) above the sticky place: y aligned to x
  logic [XW-2:0] from_d;  // from_d[j] = (j >= d)
  logic [XW-1:0] keep_low;  // keep_low[i] = (i <= d): the bits that end at or below the sticky place
  logic [XW-1:0] y_ext;

  logic s2_sx_q, s2_sy_q, s2_nan_q, s2_inf_q, s2_isign_q;
  logic [EW-1:0] s2_ex_q;
  logic [P-1:0] s2_mx_q;
  logic [XW-1:0] s2_y_q;

  assign my_ext = {s1_my_q, 3'b000};
  assign beyond = (s1_d_q >> SW) != '0;  // a shift of 2^SW or more: past XW
  assign y_shift = beyond ? '0 : my_ext[XW-1:1] >> SW'(s1_d_q);
  // the sticky place ORs every bit shifted to it or past it: my_ext[d:0] (all of it when d >= XW - 1), a
  // mask and an OR beside the shifter rather than after it. The mask is a constant shifted by d (i <= d is
  // !(i - 1 >= d)), each bit a few LUTs of d: written as XW compares, Yosys gave each a carry chain, and
  // the chains' outputs were the f32 unit's path (s1_d_q -> the chain -> the OR -> s2_y_q, 6.8-6.9 ns)
  assign from_d = {(XW - 1){1'b1}} << s1_d_q;  // all zero once d >= XW - 1
  assign keep_low = {~from_d, 1'b1};
  assign y_ext = {y_shift, (my_ext & keep_low) != '0};

  always_ff @(posedge clk) begin : p_s2
    s2_sx_q <= s1_sx_q;
    s2_sy_q <= s1_sy_q;
    s2_ex_q <= s1_ex_q;
    s2_mx_q <= s1_mx_q;
    s2_y_q <= y_ext;
    s2_nan_q <= s1_nan_q;
    s2_inf_q <= s1_inf_q;
    s2_isign_q <= s1_isign_q;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 3: significand add or subtract; the masks of the normalising shift's limit
  // ---------------------------------------------------------------------------------------------------
  logic [XW:0] x_ext, y_add;
  logic [EW-1:0] room;  // the largest left shift that keeps the exponent >= 1
  logic [XW-1:0] stop;  // one bit at XW - 1 - room (none when room >= XW)
  logic [XW-1:0] reach;  // the places at or above the stop bit (all when room >= XW)

  logic s3_sx_q, s3_sy_q, s3_nan_q, s3_inf_q, s3_isign_q;
  logic [EW-1:0] s3_ex_q;
  logic [XW:0] s3_sum_q;  // bit XW: the carry of an addition
  logic [XW-1:0] s3_stop_q, s3_reach_q;

  assign x_ext = {1'b0, s2_mx_q, 3'b000};
  assign y_add = {1'b0, s2_y_q};
  assign room = s2_ex_q - EW'(1);
  always_comb begin : comb_limit
    for (int i = 0; i < XW; i++) begin
      stop[i] = (32'(room) == 32'(XW - 1 - i));
      reach[i] = (32'(room) >= 32'(XW - 1 - i));
    end
  end

  always_ff @(posedge clk) begin : p_s3
    s3_sx_q <= s2_sx_q;
    s3_sy_q <= s2_sy_q;
    s3_ex_q <= s2_ex_q;
    s3_sum_q <= (s2_sx_q ^ s2_sy_q) ? (x_ext - y_add) : (x_ext + y_add);
    s3_stop_q <= stop;
    s3_reach_q <= reach;
    s3_nan_q <= s2_nan_q;
    s3_inf_q <= s2_inf_q;
    s3_isign_q <= s2_isign_q;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 4: the normalising shift's amount; a carry instead shifts right by one
  // ---------------------------------------------------------------------------------------------------
  // The left shift is min(leading zeros of the sum, room): the leading zeros of sum | stop (the stop bit
  // ends the count at room, so no comparison), counted by a tree of log depth (dfv_lzc). The shifted sum
  // keeps its hidden bit exactly when a bit of the sum is at or above the stop bit (`reach`); otherwise it is
  // subnormal or zero.
  logic [SW-1:0] lz;

  // a carry sets the top place, so its count is 0 (no selection after the tree)
  dfv_lzc #(.W(XW), .CW(SW)) u_lzc (
    .v({s3_sum_q[XW] | s3_sum_q[XW-1], s3_sum_q[XW-2:0]} | s3_stop_q),
    .count(lz)
  );

  logic s4_sign_q, s4_carry_q, s4_hidden_q, s4_nan_q, s4_inf_q, s4_isign_q;
  logic [EW-1:0] s4_ex_q;
  logic [XW-2:0] s4_sum_q;  // the sum below its top place; on a carry already one place right
  logic [SW-1:0] s4_shift_q;  // the left shift (0 on a carry)

  always_ff @(posedge clk) begin : p_s4
    s4_sign_q <= (s3_sum_q == '0) ? (s3_sx_q & s3_sy_q) : s3_sx_q;  // zero sum: sx & sy
    s4_carry_q <= s3_sum_q[XW];
    s4_hidden_q <= (s3_sum_q[XW-1:0] & s3_reach_q) != '0;
    s4_ex_q <= s3_ex_q;
    s4_sum_q <= s3_sum_q[XW] ? {s3_sum_q[XW-1:2], s3_sum_q[1] | s3_sum_q[0]} : s3_sum_q[XW-2:0];
    s4_shift_q <= lz;
    s4_nan_q <= s3_nan_q;
    s4_inf_q <= s3_inf_q;
    s4_isign_q <= s3_isign_q;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 5: the normalising shift; the exponent
  // ---------------------------------------------------------------------------------------------------
  logic [XW-2:0] n_left;  // below the hidden bit: fraction, guard, round, sticky
  logic [EW-1:0] e_norm;

  logic s5_sign_q, s5_nan_q, s5_inf_q, s5_isign_q;
  logic [EW-1:0] s5_e_q;  // the biased exponent field (0: subnormal or zero)
  logic [FW-1:0] s5_frac_q;  // the fraction (the hidden bit is in s5_e_q != 0)
  logic s5_up_q;  // round to nearest even: guard & (round | sticky | the fraction's lsb)

  assign n_left = s4_sum_q << s4_shift_q;  // the top place (the hidden bit or 0) is shifted out
  // a carry: exponent + 1; a hidden bit after the shift: exponent - shift (the shift is then <= room, below
  // 2^EW); else subnormal or zero (field 0)
  assign e_norm = s4_carry_q ? (s4_ex_q + EW'(1)) : s4_hidden_q ? (s4_ex_q - EW'(s4_shift_q)) : '0;

  always_ff @(posedge clk) begin : p_s5
    s5_sign_q <= s4_sign_q;
    s5_e_q <= e_norm;
    s5_frac_q <= n_left[XW-2:3];
    s5_up_q <= n_left[2] & (n_left[1] | n_left[0] | n_left[3]);
    s5_nan_q <= s4_nan_q;
    s5_inf_q <= s4_inf_q;
    s5_isign_q <= s4_isign_q;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 6: round to nearest even, overflow, specials, pack
  // ---------------------------------------------------------------------------------------------------
  logic [EW+FW-1:0] rounded;  // {exponent, fraction} + the round-up: a carry reaches the exponent
  logic [W-1:0] word;

  assign rounded = {s5_e_q, s5_frac_q} + (EW + FW)'(s5_up_q);
  assign word = s5_nan_q ? {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}}  // the canonical quiet NaN
              : s5_inf_q ? {s5_isign_q, EXP_ONES, {FW{1'b0}}}  // an infinite operand
              : (s5_e_q == EXP_ONES) ? {s5_sign_q, EXP_ONES, {FW{1'b0}}}  // stage 5's carry overflowed
              : {s5_sign_q, rounded};  // rounding may carry into the exponent, up to infinity

  // The credit core and the FIFO of D entries (one per credit) the results wait in; its head register is
  // stage 6's
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
  `include "arith_addf_props.svh"
`endif
endmodule
