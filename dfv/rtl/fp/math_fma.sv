// math_fma: MLIR math.fma (a * b + c with one rounding) on IEEE 754 binary words, pipelined, bit-exact
//   with the golden model dfv.golden.fp (fma) and the spec README section "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52). The formats of the
//   project: f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW.
// Ports: a (W), b (W), c (W) -> result (W); the IEEE layout, sign on top. The three inputs are joined: an
//   operation is accepted when all three are valid and the first stage can take it, and then a_ready,
//   b_ready and c_ready are high together (never one without the others).
// Semantics: the exact value a * b + c rounded once: round to nearest, ties to even; subnormal inputs
//   and outputs kept (no flush to zero); a sum at or above 2^(emax+1) after rounding is the infinity of
//   its sign; a non-zero sum that rounds to zero keeps its sign. An exact zero sum is -0 only when both
//   the product (signed sign(a) XOR sign(b), also when it is zero) and c are negative, else +0 (the
//   golden model's rule: the AND of the two addends' signs; x*y - x*y is +0, (-0) * 1 + (-0) is -0).
//   Specials: any NaN operand, inf * 0 (either order, whatever c is), or an infinite product plus the
//   infinity of the other sign gives the canonical quiet NaN (sign 0, exponent all ones, only the top
//   fraction bit set), whatever the NaNs' signs and payloads; otherwise an infinite a or b gives the
//   infinity of the product's sign; otherwise an infinite c gives c. Specials are detected in stage 1
//   and ride the pipeline as three flags (nan, inf, inf sign) that override the datapath's word in stage
//   10 (what the datapath computes for them is discarded).
// The window (stages 4..9; P = FW + 1 significand bits, WS = 3P + 4 bits): bit 0 is a sticky bit; the
//   2P-bit significand product (a and b normalised first, so it is in [2^(2P-2), 2^(2P))) sits at bits
//   1..2P; c's P-bit significand is placed with its last bit s places below bit 2P + 3, where
//   s = (exponent of the product's last bit) - (exponent of c's last bit) + 2P + 2, i.e. at bits
//   2P+3..3P+2 when s = 0 (two empty bits above the product); bit 3P + 3 takes the carry of an addition.
//   - s >= 0 ("product frame"): c is shifted right by s (clamped to 3P + 2, where all of c is below bit 1);
//     every bit of c that falls below bit 1 is ORed into the sticky bit. That happens only when the
//     product is far larger than c (no cancellation of more than one bit), so the sticky bit stays below
//     the result's guard bit, and a value strictly between two integers rounds like any other one there.
//   - s < 0 ("c frame"): the whole product lies more than two bits below c's last bit, below the result's
//     guard bit whatever the sum is (c - tiny loses at most one bit): c stays at s = 0 and the product is
//     replaced by the sticky bit alone (1 unless the product is zero).
//   A zero product always takes the c frame (the result is c exactly, or a zero by the zero-sign rule);
//   a zero c with a non-zero product always the product frame (the result is the rounded product).
//   The biased exponent of window bit WS - 1: FE = ea + eb - bias + P + 4 in the product frame
//   (ea, eb: exponents of the normalised a, b), ec + 1 in the c frame (ec: c's exponent field, 1 for a
//   subnormal).
// Stages (s1..s10; the significand product is dfv_sig_mul's (u_mul, its two steps in stages 3 and 4, its
//   sum into stage 5): DSP blocks for P > 24 (f64), LUTs and carry chains for P <= 24 (f32, f16, bf16),
//   its header says why). Each stage is a register; where the significand has at least
//   dfv_pkg::FMA_ADD_SPLIT_MIN_P bits (25: f64, ADD_SPLIT) stage 6's addition takes two stages, 6a and 6b,
//   so an operation takes 11 stages there and 10 in the other formats (docs/timing.md, stop 74):
//   1 unpack, classify all three, specials; a's and b's leading zeros (dfv_lzc, a tree of log depth; 0 for
//     a normal significand); the effective exponent fields (1 for a subnormal) and the exponent sums' first
//     carry-save step.
//   2 a's and b's significands normalised (left shift by their leading zeros, in parallel): a subnormal
//     gets its leading one on top and the exponent 1 - (leading zeros). c is not normalised. Beside it
//     the exponent arithmetic before the leading zeros (the sums of the fields and constants that s, the
//     clamp test and FE need, each one carry chain after carry-save steps) and the counts' sum.
//   3 u_mul's first step (the partial products); in parallel s, the frame, the clamped alignment shift,
//     FE. Each of s, s > 3P + 2 (from s - (3P + 3), carried from stage 2) and FE is one subtraction of the
//     counts' sum, side by side, so the clamp selects after them rather than comparing s's own sum.
//   4 u_mul's second step (the partial products summed into at most three terms); in parallel c's
//     alignment: a right shift by the clamped s, kept whole (P + 1 bits below window bit 1).
//   5 product sum (u_mul's last addition), the exact 2P-bit significand product, placed as the product
//     operand X: the product at window bits 1..2P, or in the c frame its sticky bit alone; the aligned c
//     as the operand Y, every bit of it below window bit 1 ORed into bit 0 (the OR after stage 4's shifter
//     was that stage's longest path at f16).
//   6 add or subtract: X and the aligned c operand Y; for an effective subtraction (product sign != c
//     sign) both X - Y and Y - X, the non-negative one kept and the sign taken from the larger operand.
//     With ADD_SPLIT in two stages and two additions: 6a the low WS / 2 bits of A = X + Y (X - Y for an
//     effective subtraction) and of B = Y - X, each with its carry out, 6b their high halves from those
//     carries, A's sign, and B where A is negative; the stop bit below in 6a. (One carry chain of WS = 3P + 4
//     bits, 164 levels at f64, held the unit at 89 MHz.) In
//     parallel from FE: the limit of the normalising shift, FE - 1 (the largest left shift that keeps the
//     exponent >= 1), as a stop bit at window bit WS - 1 - (FE - 1) (bit WS - 1 for FE <= 1, none for
//     FE > WS).
//   7 the normalising shift's amount, the leading zeros of sum | stop (min(leading zeros, FE - 1) without
//     a comparison), in two parts: the first block of 8 bits from the top with a one (hi: dfv_lzc over
//     the blocks' OR), and every block's own leading zeros (dfv_lzc per block); whether the sum is zero.
//   8 the coarse left shift by 8 hi (a block boundary), the fine amount lo (block hi's own count, a select)
//     and the exponent and overflow bound less 8 hi.
//   9 the fine left shift by lo (a result below the normal range stays subnormal, exponent field 0; the
//     sticky bit through a mask of lo beside the shifter). No denormalising right shift is needed: FE <= 1
//     only for a zero c and a non-zero product (the c frame has FE = ec + 1 >= 2, a non-zero c in the
//     product frame FE = s + ec + 1 >= 2), and then the product's top bit (window bit 2P at most, exponent
//     FE - P - 3 <= -P - 2) lies at least two bits below the guard bit of the smallest subnormal (exponent
//     1 - P), so with no shift the word is the product's signed zero, as it must be (guard 0: no rounding
//     up). Kept: the fraction (FW bits; the hidden bit is in exponent != 0), guard, sticky; the exponent
//     (FE - 8 hi - lo) and its overflow (>= all ones); the sign (an exact zero: the AND rule).
//   10 rounding (guard & (sticky | lsb)) added to {exponent, fraction} so a carry moves into the exponent
//     (subnormal -> smallest normal, max -> infinity); an overflow from stage 9 gives infinity; the
//     special flags select NaN / infinity; pack.
// Latency: LATENCY = 10 cycles (f16, bf16, f32), 11 with ADD_SPLIT (f64): an operation accepted in cycle c
//   (handshake at the end of c) has its result on result_data with result_valid high in cycle c + LATENCY
//   when nothing stalls. (8 for every format until 2026-12-01; then 10 for f16 and bf16, whose stages 1 and
//   8 became registers, and 8 for f32 and f64 until 2026-12-05, when the operands' unpacking and
//   normalisation in one stage held f32 at 108 MHz and the two shifts of the result's normalisation in one
//   stage held f64 under 90; docs/timing.md.)
// Throughput: one operation per cycle under full-rate traffic. Flow control: the control core
//   dfv_pipe_ctrl #(.S(LATENCY)) (u_ctrl) holds the valid bits and computes the ready chain and the load
//   enables load[i] (stage i + 1 takes an operation); every data register of stage i + 1 is loaded on
//   load[i] only, and has no reset. Bubbles collapse, a stalled result holds every full stage, no
//   operation is lost or duplicated (dfv_pipe_ctrl's header). The join: a_ready / b_ready / c_ready = (every
//   input valid) & u_ctrl.in_ready, so the inputs are consumed together, never one without the others.
// State: the stages' data registers (s6a's with ADD_SPLIT only); the valid bits in u_ctrl. at_init: no
//   operation in flight (u_ctrl's).
// Combinational paths: result_ready -> a_ready / b_ready / c_ready (through u_ctrl's ready logic); each
//   input's valid -> the other inputs' readies (the join). None from any input to result_data / result_valid
//   (registers); a_data / b_data / c_data go through stage 1 logic into s1 only.
module math_fma #(
  parameter int EW = 8,
  parameter int FW = 23
) (
  input  logic              clk,
  input  logic              rst,
  input  logic [EW+FW:0]    a_data,
  input  logic              a_valid,
  output logic              a_ready,
  input  logic [EW+FW:0]    b_data,
  input  logic              b_valid,
  output logic              b_ready,
  input  logic [EW+FW:0]    c_data,
  input  logic              c_valid,
  output logic              c_ready,
  output logic [EW+FW:0]    result_data,
  output logic              result_valid,
  input  logic              result_ready
);
  initial begin : p_param_check
    if (EW < 5 || EW > 11) begin
      $fatal(1, "math_fma: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "math_fma: FW must be 7..52 (got %0d)", FW);
    end
  end

  // the addition in two stages for significands of dfv_pkg::FMA_ADD_SPLIT_MIN_P bits and more (f64)
  localparam bit ADD_SPLIT = (FW + 1) >= dfv_pkg::FMA_ADD_SPLIT_MIN_P;
  localparam int LATENCY = ADD_SPLIT ? 11 : 10;  // cycles from accept to result_valid (u_ctrl's); read by testbenches
  localparam int W = 1 + EW + FW;  // word
  localparam int P = FW + 1;  // significand with the hidden bit
  localparam int LW = $clog2(P + 1);  // a leading-zero count of a significand: 0..P
  localparam int XE = EW + 7;  // signed exponent arithmetic: covers -(2 * FW + 3 * bias) .. 3 * 2^EW
  localparam int WS = 3 * P + 4;  // the window: sticky, product, two empty bits, c, carry
  localparam int YW = WS - 1;  // the aligned c (no carry bit)
  localparam int SMAX = 3 * P + 2;  // an alignment shift that leaves all of c below window bit 1
  localparam int SSW = $clog2(SMAX + 1);  // an alignment shift: 0..SMAX
  localparam int AW = YW + P;  // the alignment shifter: the window and P bits below it (c's lowest bit
                              // stays at or above bit 1 - P of the window, so nothing is lost)
  localparam int ZW = $clog2(WS + 1);  // a leading-zero count or a normalisation shift: 0..WS
  localparam int NBK = (WS + 8) / 8;  // blocks of 8 of the normalisation's word, padded with at least one bit
  localparam int HW = $clog2(NBK + 1);  // the first block with a one: 0..NBK - 1 (a count of NBK never occurs)
  localparam int S1W = 7 + 3 * P + 2 * LW + 5 * XE;  // stage 1's outputs
  localparam int S8W = 4 + WS + 3 + EW + XE;  // stage 8's outputs
  // the load enable of each stage (u_ctrl's load[i]: its stage i + 1); with ADD_SPLIT stage 6 is 6a and
  // 6b, and the stages after it one later
  localparam int LD1 = 0;
  localparam int LD2 = 1;
  localparam int LD3 = 2;
  localparam int LD4 = 3;
  localparam int LD5 = 4;
  localparam int LD6 = 5;  // stage 6, or 6a with ADD_SPLIT
  localparam int LD6B = ADD_SPLIT ? 6 : LD6;  // stage 6b with ADD_SPLIT (stage 6's registers load on it)
  localparam int LD7 = LD6B + 1;
  localparam int LD8 = LD6B + 2;
  localparam int LD9 = LD6B + 3;
  localparam int LD10 = LD6B + 4;
  localparam logic [EW-1:0] EXP_ONES = '1;
  localparam logic signed [XE-1:0] BIAS = XE'((1 << (EW - 1)) - 1);
  localparam logic signed [XE-1:0] ONE = XE'(1);
  localparam logic signed [XE-1:0] EXP_INF = XE'((1 << EW) - 1);  // the all-ones field and above: overflow
  localparam logic signed [XE-1:0] S_OFF = XE'(P + 3);  // s = ea + eb - ec - bias + P + 3
  localparam logic signed [XE-1:0] FE_OFF = XE'(P + 4);  // FE (product frame) = ea + eb - bias + P + 4
  localparam logic signed [XE-1:0] X_SMAX = XE'(SMAX);
  localparam logic [XE-1:0] ST_K = S_OFF - BIAS + ONE;  // the exponent sums' constants (- c = ~c + 1)
  localparam logic [XE-1:0] STM_K = ST_K + ~(X_SMAX + ONE) + XE'(1);  // ST_K - (SMAX + 1)
  localparam logic [XE-1:0] FT_K = FE_OFF - BIAS;

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------------
  // Control core (dfv_pipe_ctrl): the valid bits, the ready chain, load[i] = stage i + 1 takes an operation
  // ---------------------------------------------------------------------------------------------------
  logic in_valid, in_ready;
  logic [LATENCY-1:0] load;

  assign in_valid = a_valid & b_valid & c_valid;
  assign a_ready = in_valid & in_ready;  // the join: every input consumed together
  assign b_ready = a_ready;
  assign c_ready = a_ready;

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
  // Stage 1: unpack, classify, specials; a's and b's leading zeros
  // ---------------------------------------------------------------------------------------------------
  logic a_sign, b_sign, c_sign, p_sign;
  logic [EW-1:0] a_exp, b_exp, c_exp;
  logic [FW-1:0] a_frac, b_frac, c_frac;
  logic a_nan, b_nan, c_nan, a_inf, b_inf, c_inf, a_zero, b_zero, c_zero, p_inf;
  logic [EW-1:0] a_eeff, b_eeff, c_eeff;  // the effective exponent fields (1 for a subnormal)
  logic [XE-1:0] xa, xb, xc;  // a's and b's, c's inverted
  logic [P-1:0] a_mant, b_mant;
  logic [LW-1:0] a_lz, b_lz;

  // stage 1's outputs, one register of S1W bits (s1_q), read through the names below
  logic [S1W-1:0] s1_d, s1_q;
  logic s1_psign, s1_csign, s1_pzero, s1_czero, s1_nan, s1_inf, s1_isign;
  logic [P-1:0] s1_ma, s1_mb;  // as they come (a subnormal's with leading zeros)
  logic [P-1:0] s1_mc;  // as it is (a subnormal c has no hidden bit)
  logic [LW-1:0] s1_lza, s1_lzb;  // a's and b's leading zeros (0 for a normal)
  // the exponent sums' first carry-save step (a's and b's fields and c's inverted one, for s; a's and b's
  // and FT_K, for FE) and c's field + 1 (FE in the c frame); the fields are the effective ones (1 for a
  // subnormal)
  logic [XE-1:0] s1_sts, s1_stc, s1_fts, s1_ftc, s1_fc;

  assign a_sign = a_data[W-1];
  assign b_sign = b_data[W-1];
  assign c_sign = c_data[W-1];
  assign a_exp = a_data[W-2:FW];
  assign b_exp = b_data[W-2:FW];
  assign c_exp = c_data[W-2:FW];
  assign a_frac = a_data[FW-1:0];
  assign b_frac = b_data[FW-1:0];
  assign c_frac = c_data[FW-1:0];
  assign a_nan = (a_exp == EXP_ONES) && (a_frac != '0);
  assign b_nan = (b_exp == EXP_ONES) && (b_frac != '0);
  assign c_nan = (c_exp == EXP_ONES) && (c_frac != '0);
  assign a_inf = (a_exp == EXP_ONES) && (a_frac == '0);
  assign b_inf = (b_exp == EXP_ONES) && (b_frac == '0);
  assign c_inf = (c_exp == EXP_ONES) && (c_frac == '0);
  assign a_zero = (a_exp == '0) && (a_frac == '0);
  assign b_zero = (b_exp == '0) && (b_frac == '0);
  assign c_zero = (c_exp == '0) && (c_frac == '0);
  assign p_sign = a_sign ^ b_sign;
  assign p_inf = a_inf | b_inf;
  // a subnormal has no hidden bit and the exponent of the smallest normal; a's and b's leading zeros are
  // shifted out in stage 2 (a normal has none)
  assign a_mant = {a_exp != '0, a_frac};
  assign b_mant = {b_exp != '0, b_frac};
  dfv_lzc #(.W(P), .CW(LW)) u_lza (
    .v(a_mant),
    .count(a_lz)
  );
  dfv_lzc #(.W(P), .CW(LW)) u_lzb (
    .v(b_mant),
    .count(b_lz)
  );

  assign a_eeff = (a_exp == '0) ? EW'(1) : a_exp;
  assign b_eeff = (b_exp == '0) ? EW'(1) : b_exp;
  assign c_eeff = (c_exp == '0) ? EW'(1) : c_exp;
  assign xa = XE'(a_eeff);
  assign xb = XE'(b_eeff);
  assign xc = ~(XE'(c_eeff));  // -(c's field) - 1
  assign s1_d = {
    p_sign,  // the product's sign
    c_sign,
    a_zero | b_zero,  // a zero product
    c_zero,
    a_nan | b_nan | c_nan | (a_inf & b_zero) | (a_zero & b_inf) | (p_inf & c_inf & (c_sign ^ p_sign)),  // NaN
    p_inf | c_inf,  // an infinite result
    p_inf ? p_sign : c_sign,  // its sign
    a_mant,
    b_mant,
    {c_exp != '0, c_frac},
    a_lz,
    b_lz,
    xa ^ xb ^ xc,  // x + y + z = (x ^ y ^ z) + 2 maj(x, y, z), modulo 2^XE
    ((xa & xb) | (xa & xc) | (xb & xc)) << 1,
    xa ^ xb ^ FT_K,
    ((xa & xb) | (xa & FT_K) | (xb & FT_K)) << 1,
    XE'(c_eeff) + ONE  // c's field + 1
  };
  assign {s1_psign, s1_csign, s1_pzero, s1_czero, s1_nan, s1_inf, s1_isign, s1_ma, s1_mb, s1_mc, s1_lza, s1_lzb,
          s1_sts, s1_stc, s1_fts, s1_ftc, s1_fc} = s1_q;

  always_ff @(posedge clk) begin : p_s1
    if (load[LD1]) s1_q <= s1_d;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 2: normalise a's and b's significands; the exponent arithmetic before the leading zeros
  // ---------------------------------------------------------------------------------------------------
  logic s2_psign_q, s2_csign_q, s2_pzero_q, s2_czero_q, s2_nan_q, s2_inf_q, s2_isign_q;
  logic [P-1:0] s2_ma_q, s2_mb_q;  // normalised: top bit set (unless the operand is zero)
  logic [P-1:0] s2_mc_q;
  // the exponent arithmetic before the leading zeros (ea = a's field - a's leading zeros, the same for b),
  // from the fields beside the counts, so that stage 3 has one subtraction of the counts' sum
  logic signed [XE-1:0] s2_st_q;  // s + lz(a) + lz(b) = a's field + b's field - c's field - bias + P + 3
  logic signed [XE-1:0] s2_stm_q;  // s2_st_q - (SMAX + 1): s > SMAX exactly when it is >= lz(a) + lz(b)
  logic signed [XE-1:0] s2_ft_q;  // FE (product frame) + lz(a) + lz(b) = a's field + b's field - bias + P + 4
  logic signed [XE-1:0] s2_fc_q;  // FE (c frame) = c's field + 1
  logic [LW:0] s2_lzs_q;  // lz(a) + lz(b)
  // st and stm as one carry chain each after a second carry-save step (the constant: ST_K, or ST_K - (SMAX
  // + 1) for stm, folded into one), ft as one chain
  logic [XE-1:0] st_s, st_c, stm_s, stm_c;

  assign st_s = s1_sts ^ s1_stc ^ ST_K;
  assign st_c = ((s1_sts & s1_stc) | (s1_sts & ST_K) | (s1_stc & ST_K)) << 1;
  assign stm_s = s1_sts ^ s1_stc ^ STM_K;
  assign stm_c = ((s1_sts & s1_stc) | (s1_sts & STM_K) | (s1_stc & STM_K)) << 1;

  always_ff @(posedge clk) begin : p_s2
    if (load[LD2]) begin
      s2_psign_q <= s1_psign;
      s2_csign_q <= s1_csign;
      s2_pzero_q <= s1_pzero;
      s2_czero_q <= s1_czero;
      s2_nan_q <= s1_nan;
      s2_inf_q <= s1_inf;
      s2_isign_q <= s1_isign;
      s2_ma_q <= s1_ma << s1_lza;
      s2_mb_q <= s1_mb << s1_lzb;
      s2_mc_q <= s1_mc;
      s2_st_q <= st_s + st_c;
      s2_stm_q <= stm_s + stm_c;
      s2_ft_q <= s1_fts + s1_ftc;
      s2_fc_q <= s1_fc;
      s2_lzs_q <= (LW + 1)'(s1_lza) + (LW + 1)'(s1_lzb);
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 3: the significand product's first step (u_mul); alignment shift, frame and FE
  // ---------------------------------------------------------------------------------------------------
  logic [2*P-1:0] prod;  // the exact significand product, from u_mul's second step (stage 4)
  logic signed [XE-1:0] lzs, s_amt;
  logic s_big;  // s_amt > SMAX, from its own carry chain beside s_amt's
  logic cframe;

  logic s3_psign_q, s3_csign_q, s3_pzero_q, s3_cframe_q, s3_nan_q, s3_inf_q, s3_isign_q;
  logic [P-1:0] s3_mc_q;
  logic [SSW-1:0] s3_sh_q;  // c's alignment shift (0 in the c frame)
  logic signed [XE-1:0] s3_fe_q;  // biased exponent of window bit WS - 1

  dfv_sig_mul #(.P(P)) u_mul (
    .clk(clk),
    .load({load[LD4], load[LD3]}),
    .ma(s2_ma_q),
    .mb(s2_mb_q),
    .prod(prod)
  );

  assign lzs = $signed({{(XE - LW - 1){1'b0}}, s2_lzs_q});
  assign s_amt = s2_st_q - lzs;  // s = ea + eb - ec - bias + P + 3
  assign s_big = !(s2_stm_q < lzs);
  // the c frame: a zero product, or a product entirely below c (not when c is zero: then the product is
  // the result)
  assign cframe = s2_pzero_q | (!s2_czero_q & (s_amt < 0));

  always_ff @(posedge clk) begin : p_s3
    if (load[LD3]) begin
      s3_psign_q <= s2_psign_q;
      s3_csign_q <= s2_csign_q;
      s3_pzero_q <= s2_pzero_q;
      s3_cframe_q <= cframe;
      s3_nan_q <= s2_nan_q;
      s3_inf_q <= s2_inf_q;
      s3_isign_q <= s2_isign_q;
      s3_mc_q <= s2_mc_q;
      s3_sh_q <= (cframe || s_amt < 0) ? '0 : s_big ? SSW'(SMAX) : SSW'(s_amt);
      s3_fe_q <= cframe ? s2_fc_q : (s2_ft_q - lzs);
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 4: the significand product's second step (u_mul); c's alignment shift with sticky
  // ---------------------------------------------------------------------------------------------------
  logic [AW-1:0] c_wide;  // c at window bits 2P+3.. shifted right by s, P bits below the window

  logic s4_psign_q, s4_csign_q, s4_pzero_q, s4_cframe_q, s4_nan_q, s4_inf_q, s4_isign_q;
  logic [AW-1:0] s4_cw_q;  // the aligned c: window bits 1..WS-2 and the P + 1 bits below them (the sticky's,
                           // ORed in stage 5: after the shifter they made the stage's longest path at f16)
  logic signed [XE-1:0] s4_fe_q;

  assign c_wide = {s3_mc_q, {(AW - P){1'b0}}} >> s3_sh_q;

  always_ff @(posedge clk) begin : p_s4
    if (load[LD4]) begin
      s4_psign_q <= s3_psign_q;
      s4_csign_q <= s3_csign_q;
      s4_pzero_q <= s3_pzero_q;
      s4_cframe_q <= s3_cframe_q;
      s4_nan_q <= s3_nan_q;
      s4_inf_q <= s3_inf_q;
      s4_isign_q <= s3_isign_q;
      s4_cw_q <= c_wide;
      s4_fe_q <= s3_fe_q;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 5: product sum (u_mul's last addition)
  // ---------------------------------------------------------------------------------------------------
  logic s5_psign_q, s5_csign_q, s5_nan_q, s5_inf_q, s5_isign_q;
  logic [WS-1:0] s5_x_q;  // the product operand X: the product at window bits 1..2P, or in the c frame its
                          // sticky bit alone (a zero product has none)
  logic [YW-1:0] s5_y_q;
  logic signed [XE-1:0] s5_fe_q;

  always_ff @(posedge clk) begin : p_s5
    if (load[LD5]) begin
      s5_psign_q <= s4_psign_q;
      s5_csign_q <= s4_csign_q;
      s5_nan_q <= s4_nan_q;
      s5_inf_q <= s4_inf_q;
      s5_isign_q <= s4_isign_q;
      s5_x_q <= s4_cframe_q ? WS'(!s4_pzero_q) : {{(WS - 2 * P - 1){1'b0}}, prod, 1'b0};
      s5_y_q <= {s4_cw_q[AW-1 -: YW - 1], s4_cw_q[P:0] != '0};  // window bits 1.. and the sticky below them
      s5_fe_q <= s4_fe_q;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 6: add or subtract; the normalisation limits from FE
  // ---------------------------------------------------------------------------------------------------
  logic [WS-1:0] x_op, y_op, sum;
  logic eff_sub;
  logic y_larger;  // an effective subtraction whose Y is the larger operand: the sum is Y - X, of c's sign
  logic [WS-1:0] stop;  // the stop bit of the normalising shift: one-hot or zero

  logic s6_sign_q, s6_zsign_q, s6_nan_q, s6_inf_q, s6_isign_q;
  logic [WS-1:0] s6_sum_q;  // the magnitude of the sum
  logic signed [XE-1:0] s6_fe_q;
  logic [WS-1:0] s6_stop_q;  // a one at window bit WS - 1 - (FE - 1): FE - 1 is the largest left shift
                             // that keeps the exponent >= 1 (bit WS - 1 for FE <= 1, none for FE > WS)

  logic a6_psign, a6_csign, a6_nan, a6_inf, a6_isign;  // stage 5's flags (6a's with ADD_SPLIT)
  logic signed [XE-1:0] a6_fe;
  logic [WS-1:0] a6_stop;

  // the product at window bits 1..2P, or in the c frame its sticky bit (a zero product has none)
  assign x_op = s5_x_q;
  assign y_op = {1'b0, s5_y_q};
  // straight from FE (equalities with constants beside the add): the shift may reach FE - 1
  always_comb begin : comb_stop
    stop[WS-1] = (s5_fe_q <= ONE);
    for (int i = 0; i < WS - 1; i++) stop[i] = (s5_fe_q == XE'(WS - i));
  end

  if (ADD_SPLIT) begin : g_add_split
    // two additions, not three: A = X + Y, or X - Y (X + ~Y + 1) for an effective subtraction, and B = Y - X;
    // the magnitude is B where A is negative, so the choice after the carry chains is between two words
    localparam int LO = WS / 2;  // 6a's half
    localparam int HI = WS - LO;  // 6b's
    logic [WS-1:0] y_eff;  // Y, or ~Y for an effective subtraction
    logic [LO:0] lo_a, lo_b;  // A's and B's low halves, each with its carry out on top
    logic [HI-1:0] hi_a, hi_b;
    logic s6a_sub_q, s6a_psign_q, s6a_csign_q, s6a_nan_q, s6a_inf_q, s6a_isign_q;
    logic [LO:0] s6a_a_q, s6a_b_q;
    logic [HI-1:0] s6a_xh_q, s6a_yh_q, s6a_yeh_q;  // X's, Y's and y_eff's high halves
    logic signed [XE-1:0] s6a_fe_q;
    logic [WS-1:0] s6a_stop_q;

    assign eff_sub = s5_psign_q ^ s5_csign_q;
    assign y_eff = eff_sub ? ~y_op : y_op;
    assign lo_a = {1'b0, x_op[LO-1:0]} + {1'b0, y_eff[LO-1:0]} + (LO + 1)'(eff_sub);
    assign lo_b = {1'b0, y_op[LO-1:0]} + {1'b0, ~x_op[LO-1:0]} + (LO + 1)'(1);

    always_ff @(posedge clk) begin : p_s6a
      if (load[LD6]) begin
        s6a_sub_q <= eff_sub;
        s6a_psign_q <= s5_psign_q;
        s6a_csign_q <= s5_csign_q;
        s6a_nan_q <= s5_nan_q;
        s6a_inf_q <= s5_inf_q;
        s6a_isign_q <= s5_isign_q;
        s6a_a_q <= lo_a;
        s6a_b_q <= lo_b;
        s6a_xh_q <= x_op[WS-1:LO];
        s6a_yh_q <= y_op[WS-1:LO];
        s6a_yeh_q <= y_eff[WS-1:LO];
        s6a_fe_q <= s5_fe_q;
        s6a_stop_q <= stop;
      end
    end

    // 6b: the high halves from the low halves' carries (a carry out of the top is dropped: modulo 2^WS)
    assign hi_a = s6a_xh_q + s6a_yeh_q + HI'(s6a_a_q[LO]);
    assign hi_b = s6a_yh_q + ~s6a_xh_q + HI'(s6a_b_q[LO]);
    assign y_larger = s6a_sub_q & hi_a[HI-1];  // |X - Y| < 2^(WS-1): A's top bit is its sign
    assign sum = y_larger ? {hi_b, s6a_b_q[LO-1:0]} : {hi_a, s6a_a_q[LO-1:0]};
    assign {a6_psign, a6_csign, a6_nan, a6_inf, a6_isign, a6_fe, a6_stop} =
        {s6a_psign_q, s6a_csign_q, s6a_nan_q, s6a_inf_q, s6a_isign_q, s6a_fe_q, s6a_stop_q};
  end else begin : g_add
    logic [WS-1:0] d_xy, d_yx;

    assign eff_sub = s5_psign_q ^ s5_csign_q;
    assign d_xy = x_op - y_op;  // |X - Y| < 2^(WS-1): the top bit is the sign
    assign d_yx = y_op - x_op;
    assign y_larger = eff_sub & d_xy[WS-1];
    assign sum = !eff_sub ? (x_op + y_op) : y_larger ? d_yx : d_xy;
    assign {a6_psign, a6_csign, a6_nan, a6_inf, a6_isign, a6_fe, a6_stop} =
        {s5_psign_q, s5_csign_q, s5_nan_q, s5_inf_q, s5_isign_q, s5_fe_q, stop};
  end

  always_ff @(posedge clk) begin : p_s6
    if (load[LD6B]) begin
      s6_sign_q <= y_larger ? a6_csign : a6_psign;
      s6_zsign_q <= a6_psign & a6_csign;  // the sign of an exact zero sum
      s6_nan_q <= a6_nan;
      s6_inf_q <= a6_inf;
      s6_isign_q <= a6_isign;
      s6_sum_q <= sum;
      s6_fe_q <= a6_fe;
      s6_stop_q <= a6_stop;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 7: the normalising shift's amount in two parts (leading zeros of sum | stop, which is
  // min(leading zeros of the sum, FE - 1)): the first block of 8 with a one (hi) and each block's own
  // leading zeros; whether the sum is zero
  // ---------------------------------------------------------------------------------------------------
  logic [NBK*8-1:0] v_pad;  // sum | stop padded below with ones to whole blocks (at least one: hi exists)
  logic [NBK-1:0] blk_nz;  // blk_nz[NBK-1-b]: block b (from the top) has a one
  /* verilator lint_off UNUSEDSIGNAL */
  logic [NBK*4-1:0] blk_cnt;  // block b's leading zeros (0..8) at [b * 4 +: 4]; 8 is never read
  /* verilator lint_on UNUSEDSIGNAL */
  logic [NBK*3-1:0] blk_lz;  // block b's leading zeros (0..7 for a block with a one) at [b * 3 +: 3]
  logic [HW-1:0] hi;  // the first block with a one, counted from the top

  logic s7_sign_q, s7_nan_q, s7_inf_q, s7_isign_q;
  logic [WS-1:0] s7_sum_q;
  logic [HW-1:0] s7_hi_q;
  logic [NBK*3-1:0] s7_blz_q;
  logic [EW-1:0] s7_fe_q;  // FE's field bits (enough for a result that does not overflow)
  logic signed [XE-1:0] s7_fem_q;  // FE - the field of infinities: overflow when the shift is at most it

  assign v_pad = {s6_sum_q | s6_stop_q, {(NBK * 8 - WS){1'b1}}};
  for (genvar b = 0; b < NBK; b++) begin : g_blk
    assign blk_nz[NBK-1-b] = |v_pad[NBK*8-1-8*b -: 8];
    dfv_lzc #(.W(8), .CW(4)) u_blz (
      .v(v_pad[NBK*8-1-8*b -: 8]),
      .count(blk_cnt[b * 4 +: 4])
    );
    assign blk_lz[b * 3 +: 3] = blk_cnt[b * 4 +: 3];  // 8 (bit 3) only for a block without a one: unused
  end
  dfv_lzc #(.W(NBK), .CW(HW)) u_hi (
    .v(blk_nz),
    .count(hi)
  );

  always_ff @(posedge clk) begin : p_s7
    if (load[LD7]) begin
      s7_sign_q <= (s6_sum_q == '0) ? s6_zsign_q : s6_sign_q;
      s7_nan_q <= s6_nan_q;
      s7_inf_q <= s6_inf_q;
      s7_isign_q <= s6_isign_q;
      s7_sum_q <= s6_sum_q;
      s7_hi_q <= hi;
      s7_blz_q <= blk_lz;
      s7_fe_q <= s6_fe_q[EW-1:0];
      s7_fem_q <= s6_fe_q - EXP_INF;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 8: the coarse left shift (8 hi places: the first block with a one on top), the fine amount (that
  // block's leading zeros), the exponent and the overflow bound less the coarse part
  // ---------------------------------------------------------------------------------------------------
  logic [ZW-1:0] sh_hi;  // 8 hi

  // stage 8's outputs, one register of S8W bits (s8_q), read through the names below
  logic [S8W-1:0] s8_d, s8_q;
  logic s8_sign, s8_nan, s8_inf, s8_isign;
  logic [WS-1:0] s8_n1;  // the sum shifted left by 8 hi (no one is shifted out: 8 hi <= its leading zeros)
  logic [2:0] s8_lo;  // the fine shift: the leading zeros of block hi (8 hi + lo <= leading zeros too)
  logic [EW-1:0] s8_e8;  // FE - 8 hi, field bits
  logic signed [XE-1:0] s8_fem8;  // FE - the field of infinities - 8 hi

  assign sh_hi = ZW'({s7_hi_q, 3'b000});

  assign s8_d = {
    s7_sign_q,
    s7_nan_q,
    s7_inf_q,
    s7_isign_q,
    s7_sum_q << sh_hi,
    s7_blz_q[s7_hi_q * 3 +: 3],
    s7_fe_q - EW'(sh_hi),
    s7_fem_q - $signed({{(XE - ZW){1'b0}}, sh_hi})
  };
  assign {s8_sign, s8_nan, s8_inf, s8_isign, s8_n1, s8_lo, s8_e8, s8_fem8} = s8_q;

  always_ff @(posedge clk) begin : p_s8
    if (load[LD8]) s8_q <= s8_d;
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 9: the fine left shift, exponent, overflow, guard and sticky
  // ---------------------------------------------------------------------------------------------------
  logic [WS-1:0] n;
  logic [EW-1:0] e_norm;  // the exponent field after the shift (the overflow is decided beside it)
  logic [WS-1:0] to_sticky;  // to_sticky[k]: n1 bit k ends below the guard bit (k + lo <= WS-3-FW)

  logic s9_sign_q, s9_nan_q, s9_inf_q, s9_isign_q, s9_ovf_q;
  logic [EW-1:0] s9_e_q;  // the biased exponent field (0: subnormal or zero)
  logic [FW-1:0] s9_frac_q;
  logic s9_guard_q, s9_sticky_q;

  assign n = s8_n1 << s8_lo;
  assign e_norm = s8_e8 - EW'(s8_lo);
  // a mask of the fine shift beside the shifter (a bit shifted past the top is never set)
  always_comb begin : comb_to_sticky
    for (int k = 0; k < WS; k++) to_sticky[k] = (int'(s8_lo) <= WS - 3 - FW - k);  // signed: never above
  end

  always_ff @(posedge clk) begin : p_s9
    if (load[LD9]) begin
      s9_sign_q <= s8_sign;
      s9_nan_q <= s8_nan;
      s9_inf_q <= s8_inf;
      s9_isign_q <= s8_isign;
      // e_norm >= EXP_INF, one comparison after the shift's amount rather than a subtraction and one
      s9_ovf_q <= n[WS-1] & (s8_fem8 >= $signed({{(XE - 3){1'b0}}, s8_lo}));
      s9_e_q <= n[WS-1] ? e_norm : '0;
      s9_frac_q <= n[WS-2 -: FW];  // below the hidden bit n[WS-1]
      s9_guard_q <= n[WS-2-FW];
      s9_sticky_q <= (s8_n1 & to_sticky) != '0;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 10: round to nearest even, overflow, specials, pack
  // ---------------------------------------------------------------------------------------------------
  logic round_up;
  logic [EW+FW-1:0] rounded;  // {exponent, fraction} + round_up: a carry reaches the exponent
  logic [W-1:0] word;

  logic [W-1:0] s10_word_q;

  assign round_up = s9_guard_q & (s9_sticky_q | s9_frac_q[0]);
  assign rounded = {s9_e_q, s9_frac_q} + (EW + FW)'(round_up);
  assign word = s9_nan_q ? {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}}  // the canonical quiet NaN
              : s9_inf_q ? {s9_isign_q, EXP_ONES, {FW{1'b0}}}  // an infinite product or c
              : s9_ovf_q ? {s9_sign_q, EXP_ONES, {FW{1'b0}}}  // overflow before rounding
              : {s9_sign_q, rounded};  // rounding may carry into the exponent, up to infinity

  always_ff @(posedge clk) begin : p_s10
    if (load[LD10]) s10_word_q <= word;
  end

  assign result_data = s10_word_q;

`ifdef DFV_FORMAL
  `include "math_fma_props.svh"
`endif
endmodule
