// arith_itofp: MLIR arith.sitofp / arith.uitofp, an IW-bit integer to an IEEE 754 binary word, pipelined,
//   bit-exact with the golden model dfv.golden.fp (convert.sitofp, uitofp) and the spec README section
//   "Floating point".
// Parameters: IW (integer width, 1..64), EW (exponent field bits, 5..11), FW (fraction field bits, 7..52),
//   SIGNED (1 sitofp: in is two's complement, 0 uitofp: in is unsigned). The formats of the project:
//   f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23), f64 = (11, 52). W = 1 + EW + FW.
// Ports: in (IW) -> out (W); out in the IEEE layout, sign on top.
// Semantics: the integer's value rounded to the format, round to nearest, ties to even. 0 gives +0 (there
//   is no -0 integer). A negative value (sitofp, top bit set) gives the sign 1 and its magnitude rounded
//   (-2^(IW-1) included); an i1 word 1 is -1 for sitofp and 1 for uitofp. Integers are never subnormal
//   (the smallest non-zero magnitude is 1). A magnitude that rounds to 2^(emax+1) or more (emax = 2^(EW-1)
//   - 1) gives the infinity of its sign: possible only when IW - 1 > emax or the rounding carries out of
//   2^emax * (2 - 2^-FW), e.g. i32 / i64 -> f16 (65520 and above -> +inf); bf16, f32 and f64 hold every
//   64-bit integer's magnitude (rounded). Exact when the magnitude has at most FW + 1 significant bits.
// Stages (one register each, s1..s4; P = FW + 1 significand bits):
//   1 sign and magnitude: sign = SIGNED & top bit; magnitude = sign ? -in : in (one IW-bit negation; the
//     IW-bit unsigned magnitude of -2^(IW-1) is 2^(IW-1)).
//   2 leading-zero count of the magnitude (dfv_lzc: a tree of log depth; IW for a zero magnitude).
//   3 normalising left shift of the magnitude (its leading one to the top; a zero magnitude stays 0); the
//     biased exponent field IW - 1 - lz + bias and the overflow flag (IW - 1 - lz > emax) from the count.
//   4 rounding: of the normalised magnitude (padded below with zeros to at least P + 2 bits) the leading
//     one is the hidden bit, the next FW bits the fraction, then the guard bit and the sticky OR of the
//     rest; round up = guard & (sticky | fraction LSB) added to
//     {exponent, fraction} so that a carry moves into the exponent (and from the largest finite value to
//     infinity, exponent all ones, fraction 0); overflow gives infinity; a zero magnitude (no leading one)
//     gives exponent 0, hence +0; pack.
// Latency: LATENCY = 4 cycles, fixed (every IW, format and SIGNED): an operation accepted in cycle c
//   (handshake at the end of c) has its result on out_data with out_valid high in cycle c + 4 when nothing
//   stalls.
// Throughput: one operation per cycle under full-rate traffic. Flow control: the control core
//   dfv_pipe_ctrl #(.S(4)) (u_ctrl) holds the valid bits and computes the ready chain and the load
//   enables load[i] (stage i + 1 takes an operation); every data register of stage i + 1 is loaded on
//   load[i] only, and has no reset. Bubbles collapse, a stalled result holds every full stage, no
//   operation is lost or duplicated (dfv_pipe_ctrl's header).
//   in_ready = u_ctrl.in_ready: stage 1 can take (it does not depend on in_valid).
// State: s1..s4 data registers; the valid bits in u_ctrl. at_init: no operation in flight (u_ctrl's).
// Combinational paths: out_ready -> in_ready (through u_ctrl's ready logic). None from any input to
//   out_data / out_valid (registers); in_data goes through stage 1 logic into s1.
module arith_itofp #(
  parameter int IW = 32,
  parameter int EW = 8,
  parameter int FW = 23,
  parameter int SIGNED = 1
) (
  input  logic              clk,
  input  logic              rst,
  input  logic [IW-1:0]     in_data,
  input  logic              in_valid,
  output logic              in_ready,
  output logic [EW+FW:0]    out_data,
  output logic              out_valid,
  input  logic              out_ready
);
  initial begin : p_param_check
    if (IW < 1 || IW > 64) begin
      $fatal(1, "arith_itofp: IW must be 1..64 (got %0d)", IW);
    end
    if (EW < 5 || EW > 11) begin
      $fatal(1, "arith_itofp: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_itofp: FW must be 7..52 (got %0d)", FW);
    end
    if (SIGNED < 0 || SIGNED > 1) begin
      $fatal(1, "arith_itofp: SIGNED must be 0 (uitofp) or 1 (sitofp) (got %0d)", SIGNED);
    end
  end

  localparam int LATENCY = 4;  // cycles from accept to out_valid (the stages of u_ctrl); read by testbenches
  localparam int W = 1 + EW + FW;  // word
  localparam int P = FW + 1;  // significand with the hidden bit
  localparam int XW = ((IW > P) ? IW : P) + 2;  // the normalised magnitude padded below: >= P + 2 bits
  localparam int LK = $clog2(IW + 1);  // a leading-zero count: 0..IW
  localparam int BIAS = (1 << (EW - 1)) - 1;  // also emax
  localparam logic IS_SIGNED = (SIGNED != 0);
  localparam logic [EW-1:0] EXP_ONES = '1;

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------------
  // Control core (dfv_pipe_ctrl): the valid bits, the ready chain, load[i] = stage i + 1 takes an operation
  // ---------------------------------------------------------------------------------------------------
  logic [LATENCY-1:0] load;

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

  // ---------------------------------------------------------------------------------------------------
  // Stage 1: sign and magnitude
  // ---------------------------------------------------------------------------------------------------
  logic in_sign;

  logic s1_sign_q;
  logic [IW-1:0] s1_mag_q;

  assign in_sign = IS_SIGNED & in_data[IW-1];

  always_ff @(posedge clk) begin : p_s1
    if (load[0]) begin
      s1_sign_q <= in_sign;
      s1_mag_q <= in_sign ? -in_data : in_data;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 2: leading-zero count
  // ---------------------------------------------------------------------------------------------------
  logic [LK-1:0] lz;  // the magnitude's leading zeros (IW for a zero magnitude)

  logic s2_sign_q;
  logic [IW-1:0] s2_mag_q;
  logic [LK-1:0] s2_lz_q;

  dfv_lzc #(.W(IW), .CW(LK)) u_lzc (
    .v(s1_mag_q),
    .count(lz)
  );

  always_ff @(posedge clk) begin : p_s2
    if (load[1]) begin
      s2_sign_q <= s1_sign_q;
      s2_mag_q <= s1_mag_q;
      s2_lz_q <= lz;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 3: normalisation shift, exponent, overflow
  // ---------------------------------------------------------------------------------------------------
  logic s3_sign_q, s3_ovf_q;
  logic [IW-1:0] s3_norm_q;  // the magnitude with its leading one on top (0 for a zero magnitude)
  logic [EW-1:0] s3_e_q;  // the biased exponent field of the leading one (when no overflow)

  always_ff @(posedge clk) begin : p_s3
    if (load[2]) begin
      s3_sign_q <= s2_sign_q;
      s3_norm_q <= s2_mag_q << s2_lz_q;  // a zero magnitude (lz = IW) stays 0
      s3_e_q <= EW'(IW - 1 + BIAS - int'(s2_lz_q));  // don't care for a zero (stage 4 clears it)
      s3_ovf_q <= (IW - 1 - int'(s2_lz_q)) > BIAS;  // the leading one is 2^(IW-1-lz) > 2^emax (never for a zero)
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 4: round to nearest even, overflow, pack
  // ---------------------------------------------------------------------------------------------------
  logic [XW-1:0] ext;  // hidden bit, fraction, guard, then the sticky bits
  logic guard, sticky, round_up;
  logic [EW-1:0] e_field;
  logic [EW+FW-1:0] rounded;  // {exponent, fraction} + round_up: a carry reaches the exponent

  logic [W-1:0] s4_word_q;

  assign ext = {s3_norm_q, {(XW - IW){1'b0}}};
  assign guard = ext[XW-2-FW];
  assign sticky = |ext[XW-3-FW:0];
  assign round_up = guard & (sticky | ext[XW-1-FW]);
  assign e_field = ext[XW-1] ? s3_e_q : '0;  // no leading one: the magnitude is 0, +0
  assign rounded = {e_field, ext[XW-2:XW-1-FW]} + (EW + FW)'(round_up);

  always_ff @(posedge clk) begin : p_s4
    if (load[3]) begin
      s4_word_q <= s3_ovf_q ? {s3_sign_q, EXP_ONES, {FW{1'b0}}} : {s3_sign_q, rounded};
    end
  end

  assign out_data = s4_word_q;

`ifdef DFV_FORMAL
  `include "arith_itofp_props.svh"
`endif
endmodule
