// arith_fptoi: MLIR arith.fptosi / arith.fptoui, an IEEE 754 binary word to an OW-bit integer, pipelined,
//   bit-exact with the golden model dfv.golden.fp (convert.fptosi, fptoui) and the spec README section
//   "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52), OW (integer width, 1..64),
//   SIGNED (1 fptosi: out is two's complement, range [-2^(OW-1), 2^(OW-1) - 1]; 0 fptoui: out is unsigned,
//   range [0, 2^OW - 1]). The formats of the project: f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23),
//   f64 = (11, 52). W = 1 + EW + FW.
// Ports: in (W) -> out (OW); in in the IEEE layout, sign on top.
// Semantics: the value rounded toward zero (truncated) to an integer, then saturated to the range: above
//   it gives the maximum, below it the minimum. Hence: a NaN (any sign, payload, quiet or signalling)
//   gives the maximum (2^(OW-1) - 1, or 2^OW - 1 unsigned), the RISC-V rule; +inf the maximum, -inf the
//   minimum (-2^(OW-1), or 0 unsigned); zeros, subnormals and every |x| < 1 give 0 (so -0.5 -> 0 for
//   fptoui too); fptoui of any negative value gives 0 (one that truncates to 0 is 0, one that truncates to
//   -1 or below saturates to the minimum 0); fptosi of -2^(OW-1) is exact. OW = 1 signed: the range is
//   [-1, 0], so x >= 1 and NaN give 0, x <= -1 gives 1 (-1).
// Stages (one register each, s1..s3; P = FW + 1 significand bits, bias = 2^(EW-1) - 1):
//   1 unpack and classify: NaN; saturation (infinity, or |x| >= 2^OW: exponent field >= bias + OW, a
//     constant compare); tiny (|x| < 1: exponent field < bias, zeros and subnormals included); the left
//     shift exponent - bias (0..OW-1 when neither tiny nor saturating).
//   2 the integer magnitude: the significand {1, fraction} shifted left by that amount in an OW + FW-bit
//     field, the FW bits below the binary point dropped (truncation); 0 when tiny. It is < 2^OW.
//   3 saturation and sign: fptosi: a positive magnitude >= 2^(OW-1) gives the maximum, a negative one
//     >= 2^(OW-1) the minimum (-2^(OW-1) is the minimum itself), else the magnitude or its OW-bit
//     negation; fptoui: a negative value gives
//     0, else the magnitude; NaN gives the maximum, the stage-1 saturation the maximum / minimum by sign.
// Latency: LATENCY = 3 cycles, fixed (every OW, format and SIGNED): an operation accepted in cycle c
//   (handshake at the end of c) has its result on out_data with out_valid high in cycle c + 3 when nothing
//   stalls.
// Throughput: one operation per cycle under full-rate traffic. Flow control: the control core
//   dfv_pipe_ctrl #(.S(3)) (u_ctrl) holds the valid bits and computes the ready chain and the load
//   enables load[i] (stage i + 1 takes an operation); every data register of stage i + 1 is loaded on
//   load[i] only, and has no reset. Bubbles collapse, a stalled result holds every full stage, no
//   operation is lost or duplicated (dfv_pipe_ctrl's header).
//   in_ready = u_ctrl.in_ready: stage 1 can take (it does not depend on in_valid).
// State: s1..s3 data registers; the valid bits in u_ctrl. at_init: no operation in flight (u_ctrl's).
// Combinational paths: out_ready -> in_ready (through u_ctrl's ready logic). None from any input to
//   out_data / out_valid (registers); in_data goes through stage 1 logic into s1.
module arith_fptoi #(
  parameter int EW = 8,
  parameter int FW = 23,
  parameter int OW = 32,
  parameter int SIGNED = 1
) (
  input  logic              clk,
  input  logic              rst,
  input  logic [EW+FW:0]    in_data,
  input  logic              in_valid,
  output logic              in_ready,
  output logic [OW-1:0]     out_data,
  output logic              out_valid,
  input  logic              out_ready
);
  initial begin : p_param_check
    if (EW < 5 || EW > 11) begin
      $fatal(1, "arith_fptoi: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_fptoi: FW must be 7..52 (got %0d)", FW);
    end
    if (OW < 1 || OW > 64) begin
      $fatal(1, "arith_fptoi: OW must be 1..64 (got %0d)", OW);
    end
    if (SIGNED < 0 || SIGNED > 1) begin
      $fatal(1, "arith_fptoi: SIGNED must be 0 (fptoui) or 1 (fptosi) (got %0d)", SIGNED);
    end
  end

  localparam int LATENCY = 3;  // cycles from accept to out_valid (the stages of u_ctrl); read by testbenches
  localparam int W = 1 + EW + FW;  // word
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam int SAW = $clog2(OW + 1);  // a left shift 0..OW-1
  localparam logic IS_SIGNED = (SIGNED != 0);
  localparam logic [EW-1:0] EXP_ONES = '1;
  localparam logic [OW-1:0] HALF = OW'(1) << (OW - 1);  // 2^(OW-1): the signed minimum's word
  localparam logic [OW-1:0] MAX = IS_SIGNED ? ~HALF : '1;  // the largest integer of the type
  localparam logic [OW-1:0] MIN = IS_SIGNED ? HALF : '0;  // the smallest

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
  // Stage 1: unpack, classify, shift amount
  // ---------------------------------------------------------------------------------------------------
  logic in_sign;
  logic [EW-1:0] in_exp;
  logic [FW-1:0] in_frac;

  logic s1_sign_q, s1_nan_q, s1_sat_q, s1_tiny_q;
  logic [FW-1:0] s1_frac_q;
  logic [SAW-1:0] s1_sa_q;

  assign in_sign = in_data[W-1];
  assign in_exp = in_data[W-2:FW];
  assign in_frac = in_data[FW-1:0];

  always_ff @(posedge clk) begin : p_s1
    if (load[0]) begin
      s1_sign_q <= in_sign;
      s1_nan_q <= (in_exp == EXP_ONES) && (in_frac != '0);
      s1_sat_q <= (in_exp == EXP_ONES) || (int'(in_exp) >= BIAS + OW);  // infinity or |x| >= 2^OW
      s1_tiny_q <= int'(in_exp) < BIAS;  // |x| < 1
      s1_frac_q <= in_frac;
      s1_sa_q <= SAW'(int'(in_exp) - BIAS);  // the unbiased exponent, 0..OW-1 when used
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 2: the truncated magnitude
  // ---------------------------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  logic [OW+FW-1:0] shifted;  // the significand * 2^sa; its low FW bits are the dropped fraction
  /* verilator lint_on UNUSEDSIGNAL */

  logic s2_sign_q, s2_nan_q, s2_sat_q;
  logic [OW-1:0] s2_mag_q;

  assign shifted = (OW + FW)'({1'b1, s1_frac_q}) << s1_sa_q;

  always_ff @(posedge clk) begin : p_s2
    if (load[1]) begin
      s2_sign_q <= s1_sign_q;
      s2_nan_q <= s1_nan_q;
      s2_sat_q <= s1_sat_q;
      s2_mag_q <= s1_tiny_q ? '0 : shifted[OW+FW-1:FW];
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Stage 3: saturation, sign
  // ---------------------------------------------------------------------------------------------------
  logic mag_ge_half;
  logic [OW-1:0] value;

  logic [OW-1:0] s3_int_q;

  assign mag_ge_half = s2_mag_q[OW-1];  // 2^(OW-1) or above

  always_comb begin : comb_s3
    if (s2_nan_q) begin
      value = MAX;
    end else if (s2_sat_q) begin
      value = s2_sign_q ? MIN : MAX;
    end else if (!IS_SIGNED) begin
      value = s2_sign_q ? '0 : s2_mag_q;  // a negative value truncates to 0 or saturates to 0
    end else if (s2_sign_q) begin
      value = mag_ge_half ? MIN : -s2_mag_q;  // -2^(OW-1) is MIN itself, beyond it saturates
    end else begin
      value = mag_ge_half ? MAX : s2_mag_q;
    end
  end

  always_ff @(posedge clk) begin : p_s3
    if (load[2]) s3_int_q <= value;
  end

  assign out_data = s3_int_q;

`ifdef DFV_FORMAL
  `include "arith_fptoi_props.svh"
`endif
endmodule
