// math_sqrt: MLIR math.sqrt on IEEE 754 binary words, an iterative radix-2 digit-by-digit square root
//   (restoring), one operation in flight; bit-exact with the golden model dfv.golden.fp (sqrt) and the spec
//   README section "Floating point". The same structure as arith_divf.
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52). The formats of the project:
//   f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW, P = FW + 1 significand
//   bits. Every (EW, FW) in range is exact.
// Ports: in (W) -> out (W); the IEEE layout, sign on top.
// Semantics: round to nearest, ties to even (a square root is never exactly halfway between two words, so
//   no tie is ever broken); subnormal inputs kept (no flush to zero). Specials (decided when the operation
//   is accepted, kept as flags that override the datapath's word in the last phase; what the datapath
//   computes for them is discarded):
//   - sqrt(+0) = +0, sqrt(-0) = -0, sqrt(+inf) = +inf;
//   - a NaN (any sign, payload, quiet or signalling) and every negative non-zero operand (-subnormal,
//     -normal, -inf) give the canonical quiet NaN (sign 0, exponent all ones, only the top fraction bit).
//   Any other operand has a positive root, rounded once. It never overflows (the root of the largest
//   finite value is far below it) and never underflows to zero. It is subnormal only when the smallest
//   subnormal's root, 2^((1 - bias - FW) / 2), is below 2^(1 - bias), i.e. when FW >= bias (EW = 5 with
//   FW >= 15, EW = 6 with FW >= 31: none of the four formats); only then is the denormalising shifter
//   built (localparam SUBN), the phase is there in every case.
// Algorithm: the operand's significand is normalised to [1, 2) (P bits, top bit 1; a subnormal is shifted
//   left by its leading-zero count and its exponent lowered by it), unbiased exponent E. If E is odd the
//   significand is doubled (now in [2, 4)) and E lowered by one, so the root's exponent is floor(E / 2)
//   exactly; its biased field is floor((e' + bias) / 2) with e' the exponent field (1 for a subnormal)
//   minus the leading-zero count, and E = e' - bias has the parity of e' + bias. The radicand
//   M = v * 4^P (v in [1, 4): 2 integer bits and 2P fraction bits, at least the low P + 1 zero) gives the
//   integer root R = floor(sqrt(M)) = floor(sqrt(v) * 2^P), P + 1 bits with the top one set: the P
//   significand bits and a guard bit; the remainder M - R^2 != 0 is the sticky bit. Restoring recurrence,
//   one root bit per iteration, NIT = P + 1 iterations: the partial remainder r (r <= 2 * root so far, so
//   P + 1 bits before the last step) takes the next two radicand bits, rr = 4r + pair (< 2^(P+3));
//   rr - (4 * root + 1) is one P+3-bit two's complement subtract (its magnitude is < 2^(P+2)) whose sign
//   is the inverted root bit q; it is kept if q = 1, else rr; root = 2 * root + q.
// Phases (one cycle each unless noted; the registers they load):
//   accept: unpack, classify, specials; the significand with its hidden bit (0 for a subnormal or zero),
//     its leading-zero count (dfv_lzc: a tree of log depth; a normal's count is 0), the radicand's shift
//     (the count, + 1 when the exponent E is odd) and e + bias (the exponent field, a subnormal's as 1)
//     -> s0 registers. The shift needs no addition: a normal's is 1 when its field is even (lz = 0, and the
//     bias is odd), else 0; a subnormal's (field 1) is lz rounded up to even, twice the leading all-zero
//     pairs of {0, m} (a second dfv_lzc over the pairs' ORs, beside the first).
//   norm: {0, significand} shifted left by the radicand's shift into the radicand register ({0, m} or
//     {m, 0} normalised); the exponent less the count, halved; remainder and root cleared.
//   iter (NIT = FW + 2 cycles): one restoring step per cycle (the subtract and a select), one root bit
//     shifted into the root register, the radicand register shifted left by two. Beside it, from the
//     root's exponent E (which stays put): tiny (E <= 0, only when SUBN), the shift 1 - E clamped to YW and
//     its sticky mask (dfv_denorm), in two registered steps (loaded every iteration, settled by the
//     second), so denorm only shifts.
//   denorm: sticky from the remainder; a subnormal root (only when SUBN; biased exponent E <= 0) shifted
//     right by 1 - E (clamped to P + 2), the bits shifted out ORed into sticky through the mask beside the
//     shifter (dfv_denorm), exponent field 0.
//   round: guard & (sticky | lsb) added to {exponent, fraction} (a carry moves into the exponent); the
//     special flags select NaN / +inf / the signed zero; pack -> the result register.
//   done: out_valid until the result is taken.
// Latency: LATENCY = NIT + 4 = FW + 6 cycles (f16 16, bf16 13, f32 29, f64 58): an operation accepted in
//   cycle c (handshake at the end of c) has its result on out_data with out_valid high in cycle
//   c + LATENCY, whatever the operand (specials take the same path).
// Throughput: one operation in flight. A new operation is accepted when the unit is empty, or in the cycle
//   its previous result is taken (in_ready = in_valid & (empty | out_valid & out_ready)). Under full-rate
//   traffic (in_valid always 1, out_ready always 1) an operation is accepted every INTERVAL = LATENCY
//   cycles. A result not taken stays valid with the same data, and the unit takes nothing new meanwhile;
//   no operation is lost or duplicated.
// State: the phase flags (one-hot or all 0: norm, iter, denorm, round, done; reset to 0, rst synchronous,
//   active high), the iteration counter (loaded in norm, read only in iter: no reset), the data registers
//   (no reset; each loaded only in its phase). at_init: no operation in flight (all phase flags 0).
// Combinational paths: out_ready -> in_ready (an AND and an OR); in_valid -> in_ready. None from any input
//   to out_data / out_valid (registers); in_data goes through the accept logic into the s0 registers only.
// Checked against the golden model, bit for bit, on Icarus and Verilator: tools/fpcheck.
module math_sqrt #(
  parameter int EW = 8,
  parameter int FW = 23
) (
  input  logic              clk,
  input  logic              rst,
  input  logic [EW+FW:0]    in_data,
  input  logic              in_valid,
  output logic              in_ready,
  output logic [EW+FW:0]    out_data,
  output logic              out_valid,
  input  logic              out_ready
);
  initial begin : p_param_check
    if (EW < 5 || EW > 11) begin
      $fatal(1, "math_sqrt: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "math_sqrt: FW must be 7..52 (got %0d)", FW);
    end
  end

  localparam int W = 1 + EW + FW;  // word
  localparam int P = FW + 1;  // significand with the hidden bit
  localparam int NIT = P + 1;  // iterations = root bits (weights 2^0 .. 2^-P)
  localparam int XW = P + 2;  // significand, guard, sticky
  localparam int YW = XW - 1;  // the same shifted right by one (with sticky): the denormalisation input
  localparam int EXW = EW + 2;  // signed exponent arithmetic: 1 - FW + bias .. 3 * bias
  localparam int SW = $clog2(P + 1);  // a leading-zero count 0..P
  localparam int NP = (P + 2) / 2;  // bit pairs of {0, significand}, padded below with a 0 to even
  localparam int PCW = $clog2(NP + 1);  // a count of them 0..NP
  localparam int CW = $clog2(NIT);  // the iteration counter 0..NIT-1
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam logic SUBN = (FW >= BIAS);  // a root can be subnormal (not in the four formats)
  localparam logic [EW-1:0] EXP_ONES = '1;
  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = NIT + 4;  // = FW + 6: cycles from accept to out_valid; read by testbenches
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
  logic busy, accept;

  always_comb begin : comb_ctrl
    busy = ph_norm_q | ph_iter_q | ph_den_q | ph_rnd_q | done_q;
    accept = in_valid & (!busy | (done_q & out_ready));
    in_ready = accept;
    out_valid = done_q;
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
      done_q <= ph_rnd_q | (done_q & !out_ready);
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
  // Accept: unpack, classify, specials
  // ---------------------------------------------------------------------------------------------------
  logic a_sign, a_zero, a_inf, a_nan;
  logic [EW-1:0] a_exp, a_eeff;
  logic [FW-1:0] a_frac;
  logic [P-1:0] a_sig;  // hidden bit 0 for a subnormal or zero
  logic [SW-1:0] a_lz;  // its leading zeros (P for a zero)
  logic [PCW-1:0] a_lzp;  // leading all-zero pairs of {0, a_sig} (NP for a zero)
  logic [NP-1:0] a_pairs;  // the pairs' ORs, the top pair first

  logic sign_q, nan_q, inf_q, zero_q;  // the operand's sign (a zero result's); the special results
  logic [P-1:0] m_q;  // significand, hidden bit 0 for a subnormal or zero
  logic [SW-1:0] lz_q;  // its leading zeros
  logic [SW-1:0] rsh_q;  // lz + (E odd): the radicand's shift, at most P for a non-zero operand (< 2^SW;
                         // a zero's 2 NP may wrap, and its radicand is 0 whatever the shift)
  logic [EXW-1:0] xb_q;  // exponent field (a subnormal's as 1) + bias

  assign a_sign = in_data[W-1];
  assign a_exp = in_data[W-2:FW];
  assign a_frac = in_data[FW-1:0];
  assign a_zero = (a_exp == '0) && (a_frac == '0);
  assign a_inf = (a_exp == EXP_ONES) && (a_frac == '0);
  assign a_nan = (a_exp == EXP_ONES) && (a_frac != '0);
  assign a_eeff = (a_exp == '0) ? EW'(1) : a_exp;
  assign a_sig = {a_exp != '0, a_frac};
  for (genvar j = 0; j < NP; j++) begin : g_pairs
    // pair j of {0, a_sig} padded below with a 0 to 2 NP bits: bits 2 NP - 1 - 2 j and the one below
    localparam int HI = P - 2 * j;  // its upper bit's index in a_sig ({0, a_sig}'s top bit is index P)
    if (j == 0) begin : g_top
      assign a_pairs[NP-1] = a_sig[P-1];
    end else if (HI >= 1) begin : g_full
      assign a_pairs[NP-1-j] = a_sig[HI] | a_sig[HI-1];
    end else begin : g_last
      assign a_pairs[NP-1-j] = a_sig[0];
    end
  end

  dfv_lzc #(.W(P), .CW(SW)) u_lzc (
    .v(a_sig),
    .count(a_lz)
  );

  dfv_lzc #(.W(NP), .CW(PCW)) u_lzc_pairs (
    .v(a_pairs),
    .count(a_lzp)
  );

  always_ff @(posedge clk) begin : p_accept
    if (accept) begin
      sign_q <= a_sign;
      nan_q <= a_nan | (a_sign & !a_zero);  // NaN, or negative non-zero (-inf included)
      inf_q <= a_inf & !a_sign;
      zero_q <= a_zero;
      m_q <= a_sig;
      lz_q <= a_lz;
      rsh_q <= SW'({a_lzp, (a_exp != '0) & !a_exp[0]});
      xb_q <= EXW'(a_eeff) + EXW'(BIAS);
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Norm: shift, exponent parity; iter: the restoring recurrence
  // ---------------------------------------------------------------------------------------------------
  logic [EXW-1:0] xn;  // exponent field - leading zeros + bias: twice the result's field (+ 1 if odd)
  logic [P+2:0] rr;  // 4r + the next two radicand bits
  logic [P+2:0] diff;  // rr - (4 * root + 1), two's complement (within +-2^(P+2)): bit P+2 is the borrow
  logic qbit;
  logic [P+1:0] r_sel;  // the remainder kept (<= 2 * root < 2^(P+2))

  logic [P:0] rad_q;  // radicand bits not yet taken, the next pair on top
  logic [P+1:0] rem_q;  // partial remainder r, r <= 2 * root (the top bit is set only by the last step)
  logic [P:0] root_q;  // root bits so far, the first on top after NIT shifts
  logic [EXW-1:0] e_q;  // the root's biased exponent field (two's complement: <= 0 only when SUBN)

  assign xn = xb_q - EXW'(lz_q);
  assign rr = {rem_q[P:0], rad_q[P:P-1]};
  assign diff = rr - {1'b0, root_q[P-1:0], 2'b01};
  assign qbit = !diff[P+2];
  assign r_sel = qbit ? diff[P+1:0] : rr[P+1:0];

  always_ff @(posedge clk) begin : p_recur
    if (ph_norm_q) begin
      // normalised, and doubled for an odd E ({0, m} has lz + 1 leading zeros: none of m's bits is lost)
      rad_q <= {1'b0, m_q} << rsh_q;
      rem_q <= '0;
      root_q <= '0;
      e_q <= {xn[EXW-1], xn[EXW-1:1]};  // floor(xn / 2)
    end else if (ph_iter_q) begin
      rad_q <= rad_q << 2;
      rem_q <= r_sel;
      root_q <= {root_q[P-1:0], qbit};
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Iter, beside the recurrence: the denormalisation's inputs (e_q is loaded in norm and stays put)
  // ---------------------------------------------------------------------------------------------------
  logic tiny_q;  // E <= 0 (only when SUBN)

  always_ff @(posedge clk) begin : p_pre
    if (ph_iter_q) tiny_q <= SUBN && (e_q[EXW-1] || (e_q == '0));
  end

  // ---------------------------------------------------------------------------------------------------
  // Denorm: sticky; denormalise a subnormal root (only when SUBN)
  // ---------------------------------------------------------------------------------------------------
  logic [XW-1:0] x_n;  // {P significand bits, guard, sticky}
  logic [EXW-1:0] en;  // -E: the shift beyond the first one (>= 0 for a subnormal root)
  logic [YW-1:0] x_den;  // x_n shifted right by 1 - E with sticky (a subnormal root)

  logic [YW-1:0] x_q;  // fraction, guard, sticky (the hidden bit is in ef_q != 0)
  logic [EW-1:0] ef_q;  // the exponent field (0: subnormal)

  assign x_n = {root_q, rem_q != '0};
  assign en = '0 - e_q;

  // the shift 1 - E and its sticky mask prepared during iter from -E (settled by the second iteration);
  // read only when SUBN (otherwise tiny_q is 0 and synthesis drops it)
  dfv_denorm #(.XW(XW), .EXW(EXW)) u_den (
    .clk(clk),
    .load(ph_iter_q),
    .en(en),
    .x(x_n),
    .x_den(x_den)
  );

  always_ff @(posedge clk) begin : p_denorm
    if (ph_den_q) begin
      x_q <= tiny_q ? x_den : x_n[YW-1:0];
      ef_q <= tiny_q ? '0 : e_q[EW-1:0];
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Round: to nearest even, specials, pack
  // ---------------------------------------------------------------------------------------------------
  logic round_up;
  logic [EW+FW-1:0] rounded;  // {exponent, fraction} + round_up: a carry reaches the exponent
  logic [W-1:0] word;

  logic [W-1:0] word_q;

  assign round_up = x_q[1] & (x_q[0] | x_q[2]);
  assign rounded = {ef_q, x_q[YW-1:2]} + (EW + FW)'(round_up);
  assign word = nan_q ? {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}}  // the canonical quiet NaN
              : inf_q ? {1'b0, EXP_ONES, {FW{1'b0}}}  // sqrt(+inf)
              : zero_q ? {sign_q, {(EW + FW){1'b0}}}  // sqrt(+-0) = +-0
              : {1'b0, rounded};

  always_ff @(posedge clk) begin : p_round
    if (ph_rnd_q) word_q <= word;
  end

  assign out_data = word_q;

`ifdef DFV_FORMAL
  `include "math_sqrt_props.svh"
`endif
endmodule
