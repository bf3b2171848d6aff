// arith_divf: MLIR arith.divf (lhs / rhs) on IEEE 754 binary words, an iterative radix-2 digit recurrence
//   (restoring division), one operation in flight; bit-exact with the golden model dfv.golden.fp (divf) and
//   the spec README section "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52). The formats of the project:
//   f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW, P = FW + 1 significand
//   bits. Every (EW, FW) in range is exact (the exponent arithmetic is EW + 3 bits wide, enough for any).
// Ports: lhs (W), rhs (W) -> result (W); the IEEE layout, sign on top. The two inputs are joined: an
//   operation is accepted when both are valid and the unit can take it, and then lhs_ready and rhs_ready
//   are high together (never one without the other).
// Semantics: round to nearest, ties to even; subnormal operands and results kept (no flush to zero); the
//   sign of every result except NaN is the XOR of the operands' signs. Specials (decided when the operation
//   is accepted, kept as three flags that override the datapath's word in the last phase; what the
//   datapath computes for them is discarded):
//   - any NaN operand, 0 / 0 (either signs) and inf / inf (either signs) give the canonical quiet NaN (sign
//     0, exponent all ones, only the top fraction bit set), whatever the NaNs' signs and payloads;
//   - inf / x (x finite, zero included) and x / 0 (x finite non-zero) give the infinity of the XOR sign;
//   - 0 / x (x non-zero finite) and x / inf (x finite) give the zero of the XOR sign.
//   A finite quotient is rounded once: overflow (a biased exponent >= all ones before or after rounding)
//   gives infinity; a quotient below the normal range is denormalised with sticky before rounding (a
//   subnormal, or the smallest normal after a rounding carry); one below half the smallest subnormal
//   rounds to the zero of its sign (underflow to zero), exactly half of it rounds to zero (ties to even).
// Algorithm (the phases below):
//   Both significands are normalised to [1, 2) (P bits, top bit 1; a subnormal is shifted left by its
//   leading-zero count and its exponent lowered by it). The quotient ma / mb lies in (1/2, 2). Restoring
//   radix-2 recurrence on a P+1-bit partial remainder r (r0 = ma, r < 2 * mb throughout): each iteration
//   computes r - mb (one P+1-bit two's complement subtract: -mb <= r - mb < mb), whose sign is the
//   inverted quotient bit q, keeps r - mb if q = 1 else r, and shifts left by one. NIT = P + 2 iterations
//   give the quotient bits of weights 2^0 .. 2^-(P+1), so after normalising a leading 0 away there are P
//   significand bits plus a guard and a round bit; the final remainder != 0 is the sticky bit. Then the
//   value {P bits, guard, round, sticky} with its biased exponent E is denormalised (E <= 0: shifted right
//   by 1 - E, every bit shifted out ORed into sticky, exponent field 0) and rounded to nearest even.
// Phases (one cycle each unless noted; the registers they load):
//   accept: unpack, classify, specials, sign; the two significands with their hidden bits (0 for a
//     subnormal or zero), their leading-zero counts (dfv_lzc: trees of log depth; a normal's count is 0)
//     and ea - eb (exponent fields, a subnormal's as 1) -> s0 registers.
//   norm: left shifts of both significands by their counts; the quotient's unbiased exponent (for a
//     quotient in [1, 2)) adjusted by the two counts.
//   iter (NIT = FW + 3 cycles): one restoring step per cycle (the subtract and a select), one quotient bit
//     shifted into the quotient register. Beside it, from the exponent (which stays put), the
//     denormalisation's inputs: the exponent E of the normalised quotient (the exponent, or the exponent
//     - 1 when the first quotient bit, known after the first iteration, is 0), tiny (E <= 0), overflow,
//     the shift 1 - E clamped to YW and its sticky mask (dfv_denorm), in three registered steps (loaded
//     every iteration, settled by the fourth), so denorm only shifts.
//   denorm: a leading quotient 0 shifted away (exponent - 1); sticky from the remainder; a tiny quotient
//     (E <= 0) shifted right by 1 - E (clamped to P + 3), the bits shifted out ORed into sticky through
//     the mask beside the shifter (dfv_denorm), exponent field 0; the special flags and the overflow flag
//     reduced to one flag and the special word (NaN / infinity / zero) it selects.
//   round: {exponent, fraction} + 1 (a carry moves into the exponent: subnormal -> normal, largest finite
//     -> infinity) chosen by guard & (round | sticky | lsb), or the special word; pack -> the result reg.
//   done: result_valid until the result is taken.
// Latency: LATENCY = NIT + 4 = FW + 7 cycles (f16 17, bf16 14, f32 30, f64 59): an operation accepted in
//   cycle c (handshake at the end of c) has its result on result_data with result_valid high in cycle
//   c + LATENCY, whatever the operands (specials take the same path).
// Throughput: one operation in flight. A new operation is accepted when the unit is empty, or in the cycle
//   its previous result is taken (lhs_ready = rhs_ready = lhs_valid & rhs_valid & (empty | result_valid &
//   result_ready)). Under full-rate traffic (inputs always valid, result_ready always 1) an operation is
//   accepted every INTERVAL = LATENCY cycles. A result not taken stays valid with the same data, and the
//   unit takes nothing new meanwhile; no operation is lost or duplicated.
// State: the phase flags (one-hot or all 0: norm, iter, denorm, round, done; reset to 0, rst synchronous,
//   active high), the iteration counter (loaded in norm, read only in iter: no reset), the data registers
//   (no reset; each loaded only in its phase). at_init: no operation in flight (all phase flags 0).
// Combinational paths: result_ready -> lhs_ready / rhs_ready (an AND and an OR); lhs_valid -> rhs_ready and
//   rhs_valid -> lhs_ready (the join). None from any input to result_data / result_valid (registers);
//   lhs_data / rhs_data go through the accept logic into the s0 registers only.
// Checked against the golden model, bit for bit, on Icarus and Verilator: tools/fpcheck.
module arith_divf #(
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
      $fatal(1, "arith_divf: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_divf: FW must be 7..52 (got %0d)", FW);
    end
  end

  localparam int W = 1 + EW + FW;  // word
  localparam int P = FW + 1;  // significand with the hidden bit
  localparam int NIT = P + 2;  // iterations = quotient bits (weights 2^0 .. 2^-(P+1))
  localparam int XW = P + 3;  // significand, guard, round, sticky
  localparam int YW = XW - 1;  // the same shifted right by one (with sticky): the denormalisation input
  localparam int EXW = EW + 3;  // signed exponent arithmetic: -(bias + FW + 1) .. 3 * bias + FW
  localparam int SW = $clog2(P + 1);  // a leading-zero count 0..P
  localparam int CW = $clog2(NIT);  // the iteration counter 0..NIT-1
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam int EMAX_FIELD = (1 << EW) - 1;  // the exponent field of infinities and NaNs
  localparam logic [EW-1:0] EXP_ONES = '1;
  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = NIT + 4;  // = FW + 7: cycles from accept to result_valid; read by testbenches
  localparam int INTERVAL = LATENCY;  // cycles between accepted operations at full rate (one in flight)
  /* verilator lint_on UNUSEDPARAM */

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------------
  // Control: phase flags, the iteration counter, the handshake
  // ---------------------------------------------------------------------------------------------------
  logic ph_norm_q, ph_iter_q, ph_den_q, ph_rnd_q, done_q;
  logic [CW-1:0] it_q;  // iterations left after the current one
  logic busy, take, accept;

  always_comb begin : comb_ctrl
    busy = ph_norm_q | ph_iter_q | ph_den_q | ph_rnd_q | done_q;
    take = done_q & result_ready;
    accept = lhs_valid & rhs_valid & (!busy | take);
    lhs_ready = accept;
    rhs_ready = accept;
    result_valid = done_q;
    at_init = !busy;
  end

  always_ff @(posedge clk) begin : p_phase
    if (rst) begin
      ph_norm_q <= 1'b0;
      ph_iter_q <= 1'b0;
      ph_den_q <= 1'b0;
      ph_rnd_q <= 1'b0;
      done_q <= 1'b0;
    end else begin
      ph_norm_q <= accept;
      ph_iter_q <= ph_norm_q | (ph_iter_q & (it_q != '0));
      ph_den_q <= ph_iter_q & (it_q == '0);
      ph_rnd_q <= ph_den_q;
      done_q <= ph_rnd_q | (done_q & !result_ready);
    end
  end

  always_ff @(posedge clk) begin : p_count
    if (ph_norm_q) begin
      it_q <= CW'(NIT - 1);
    end else if (ph_iter_q) begin
      it_q <= it_q - CW'(1);
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Accept: unpack, classify, specials, sign, exponent difference
  // ---------------------------------------------------------------------------------------------------
  logic a_sign, b_sign, a_zero, b_zero, a_inf, b_inf, a_nan, b_nan;
  logic [EW-1:0] a_exp, b_exp, a_eeff, b_eeff;
  logic [FW-1:0] a_frac, b_frac;
  logic [P-1:0] a_sig, b_sig;  // hidden bit 0 for a subnormal or zero
  logic [SW-1:0] a_lz, b_lz;  // their leading zeros (P for a zero)

  logic sign_q, nan_q, inf_q, zero_q;  // the result's sign; the special results
  logic [P-1:0] ma_q, mb_q;  // significands, hidden bit 0 for a subnormal or zero
  logic [SW-1:0] lza_q, lzb_q;  // their leading zeros
  logic [EXW-1:0] ediff_q;  // ea - eb (fields, a subnormal's as 1), two's complement

  assign a_sign = lhs_data[W-1];
  assign b_sign = rhs_data[W-1];
  assign a_exp = lhs_data[W-2:FW];
  assign b_exp = rhs_data[W-2:FW];
  assign a_frac = lhs_data[FW-1:0];
  assign b_frac = rhs_data[FW-1:0];
  assign a_zero = (a_exp == '0) && (a_frac == '0);
  assign b_zero = (b_exp == '0) && (b_frac == '0);
  assign a_inf = (a_exp == EXP_ONES) && (a_frac == '0);
  assign b_inf = (b_exp == EXP_ONES) && (b_frac == '0);
  assign a_nan = (a_exp == EXP_ONES) && (a_frac != '0);
  assign b_nan = (b_exp == EXP_ONES) && (b_frac != '0);
  assign a_eeff = (a_exp == '0) ? EW'(1) : a_exp;
  assign b_eeff = (b_exp == '0) ? EW'(1) : b_exp;
  assign a_sig = {a_exp != '0, a_frac};
  assign b_sig = {b_exp != '0, b_frac};

  dfv_lzc #(.W(P), .CW(SW)) u_lza (
    .v(a_sig),
    .count(a_lz)
  );
  dfv_lzc #(.W(P), .CW(SW)) u_lzb (
    .v(b_sig),
    .count(b_lz)
  );

  always_ff @(posedge clk) begin : p_accept
    if (accept) begin
      sign_q <= a_sign ^ b_sign;
      nan_q <= a_nan | b_nan | (a_inf & b_inf) | (a_zero & b_zero);
      inf_q <= a_inf | b_zero;  // inf / finite, non-zero / 0 (the NaN cases are nan_q's)
      zero_q <= a_zero | b_inf;  // 0 / non-zero, finite / inf
      ma_q <= a_sig;
      mb_q <= b_sig;
      lza_q <= a_lz;
      lzb_q <= b_lz;
      ediff_q <= EXW'(a_eeff) - EXW'(b_eeff);  // the bias is added with the candidates' constants
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Norm: the normalising shifts; iter: the restoring recurrence
  // ---------------------------------------------------------------------------------------------------
  logic [P:0] diff;  // r - d, two's complement: -d <= r - d < d fits P + 1 bits, bit P is the borrow
  logic qbit;
  logic [P:0] r_sel;  // the remainder kept (< d), before the shift

  logic [P:0] rem_q;  // partial remainder r, r < 2 * d
  logic [P-1:0] div_q;  // normalised divisor d (top bit 1 for a finite non-zero divisor)
  logic [NIT-1:0] quo_q;  // quotient bits, the first on top after NIT shifts
  logic [EXW-1:0] exp_q;  // the unbiased exponent of a quotient in [1, 2)

  assign diff = rem_q - {1'b0, div_q};
  assign qbit = !diff[P];
  assign r_sel = qbit ? diff : rem_q;

  always_ff @(posedge clk) begin : p_recur
    if (ph_norm_q) begin
      rem_q <= {1'b0, ma_q << lza_q};
      div_q <= mb_q << lzb_q;
      exp_q <= ediff_q - EXW'(lza_q) + EXW'(lzb_q);
    end else if (ph_iter_q) begin
      rem_q <= r_sel << 1;  // r_sel < 2^P: the top bit shifted out is 0
      quo_q <= {quo_q[NIT-2:0], qbit};
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Iter, beside the recurrence: the denormalisation's inputs for both leading quotient bits
  // ---------------------------------------------------------------------------------------------------
  // Candidate t is the quotient with leading bit t: its biased exponent is E = exp_q + bias - (1 - t) (one
  // add of a constant; the bias waits until here to keep the accept phase's add to one chain). exp_q is
  // loaded in norm and stays put through iter, and the leading quotient bit is known after the first
  // iteration (lead_q), so three registered steps settle long before denorm (NIT >= 10 iterations): both
  // candidates' exponents and their negations, the one lead_q selects (E here, -E in u_den), then its
  // flags here and its shift and mask in u_den.
  logic lead_q;  // the first quotient bit (weight 2^0): the quotient is in [1, 2), else in (1/2, 1)
  // candidate t at [t * EXW +: EXW] (vectors, not arrays: Yosys reads an array as a memory)
  logic [2*EXW-1:0] ec_q;  // E
  logic [2*EXW-1:0] en_q;  // -E: the shift beyond the first one (>= 0 for a tiny quotient)
  logic [EXW-1:0] e_sel_q;  // lead_q's E

  logic tiny_q, ovf_n_q;  // E <= 0; E at or above the field of infinities
  logic [EW-1:0] e_n_q;  // E's field bits

  always_ff @(posedge clk) begin : p_cand
    if (ph_iter_q) begin
      if (it_q == CW'(NIT - 1)) lead_q <= qbit;
      for (int t = 0; t < 2; t++) begin
        ec_q[t*EXW +: EXW] <= exp_q + EXW'(BIAS - 1 + t);
        en_q[t*EXW +: EXW] <= EXW'(1 - t - BIAS) - exp_q;
      end
      e_sel_q <= lead_q ? ec_q[EXW +: EXW] : ec_q[0 +: EXW];
      tiny_q <= e_sel_q[EXW-1] || (e_sel_q == '0);
      ovf_n_q <= !e_sel_q[EXW-1] && (e_sel_q >= EXW'(EMAX_FIELD));
      e_n_q <= e_sel_q[EW-1:0];
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Denorm: normalise the quotient by one place, sticky, overflow, denormalise a tiny quotient
  // ---------------------------------------------------------------------------------------------------
  logic [NIT-1:0] n_sig;  // the quotient with its leading 1 on top
  logic [XW-1:0] x_n;  // {P significand bits, guard, round, sticky}
  logic [YW-1:0] x_den;  // x_n shifted right by 1 - E with sticky (a tiny quotient)

  logic [YW-1:0] x_q;  // fraction, guard, round, sticky (the hidden bit is in e_q != 0)
  logic [EW-1:0] e_q;  // the exponent field (0: subnormal or zero)
  logic spec_q;  // the result is a special word (NaN, infinity, zero), not the rounded quotient
  logic [W-1:0] spec_word_q;  // that word

  assign n_sig = lead_q ? quo_q : {quo_q[NIT-2:0], 1'b0};  // lead_q = quo_q[NIT-1] by now
  assign x_n = {n_sig, rem_q != '0};

  // the shift 1 - E and its sticky mask prepared during iter from lead_q's -E (settled by the third
  // iteration: the candidates, then u_den's two loads)
  dfv_denorm #(.XW(XW), .EXW(EXW)) u_den (
    .clk(clk),
    .load(ph_iter_q),
    .en(lead_q ? en_q[EXW +: EXW] : en_q[0 +: EXW]),
    .x(x_n),
    .x_den(x_den)
  );

  always_ff @(posedge clk) begin : p_denorm
    if (ph_den_q) begin
      x_q <= tiny_q ? x_den : x_n[YW-1:0];
      e_q <= tiny_q ? '0 : e_n_q;
      spec_q <= nan_q | inf_q | ovf_n_q | zero_q;
      spec_word_q <= nan_q ? {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}}  // the canonical quiet NaN
                   : (inf_q | ovf_n_q) ? {sign_q, EXP_ONES, {FW{1'b0}}}  // infinite operand, x / 0, overflow
                   : {sign_q, {(EW + FW){1'b0}}};  // zero operand, x / inf
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Round: to nearest even, specials, pack
  // ---------------------------------------------------------------------------------------------------
  logic round_up;
  logic [EW+FW-1:0] bumped;  // {exponent, fraction} + 1: a carry reaches the exponent
  logic [W-1:0] word;

  logic [W-1:0] word_q;

  // the increment's chain starts at the registers and round_up selects after it (round_up's LUT beside
  // the chain, not at its carry input), and the special word is one register select: one LUT level
  // behind the chain
  assign round_up = x_q[2] & (x_q[1] | x_q[0] | x_q[3]);
  assign bumped = {e_q, x_q[YW-1:3]} + (EW + FW)'(1);
  assign word = spec_q ? spec_word_q
              : {sign_q, round_up ? bumped : {e_q, x_q[YW-1:3]}};  // a carry may reach infinity

  always_ff @(posedge clk) begin : p_round
    if (ph_rnd_q) word_q <= word;
  end

  assign result_data = word_q;

`ifdef DFV_FORMAL
  `include "arith_divf_props.svh"
`endif
endmodule
