// arith_negf: MLIR arith.negf and math.absf on IEEE 754 binary words, combinational, bit-exact with the
//   golden model dfv.golden.fp (arith.negf, arith.absf) and the spec README section "Floating point".
// Parameters: EW (exponent field bits, 5..11), FW (fraction field bits, 7..52), ABS (0 negf: -in,
//   1 absf: |in|). The formats of the project: f16 = (5, 10), bf16 = (8, 7), f32 = (8, 23),
//   f64 = (11, 52). W = 1 + EW + FW.
// Ports: in (W) -> out (W); the IEEE layout, sign on top.
// Semantics: a NaN input (exponent all ones, fraction non-zero: quiet or signalling, any sign or payload)
//   gives the canonical quiet NaN (sign 0, exponent all ones, only the top fraction bit set). Every other
//   word (zeros, subnormals, normals, infinities) keeps its exponent and fraction; negf flips the sign bit
//   (+0 -> -0, -inf -> +inf), absf clears it. Exact: no rounding.
// Latency: 0 (LATENCY = 0), no registers. Throughput: one operation per cycle.
// Flow control (like dfv/rtl/handshake/math_absi.sv): out_valid = in_valid, in_ready = out_ready.
// State: none; at_init = 1. clk and rst are unused.
// Combinational paths: in_data -> out_data (NaN detection and a W-bit 2-way select); in_valid ->
//   out_valid; out_ready -> in_ready.
module arith_negf #(
  parameter int EW = 8,
  parameter int FW = 23,
  parameter int ABS = 0
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
      $fatal(1, "arith_negf: EW must be 5..11 (got %0d)", EW);
    end
    if (FW < 7 || FW > 52) begin
      $fatal(1, "arith_negf: FW must be 7..52 (got %0d)", FW);
    end
    if (ABS < 0 || ABS > 1) begin
      $fatal(1, "arith_negf: ABS must be 0 (negf) or 1 (absf) (got %0d)", ABS);
    end
  end

  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY = 0;  // combinational; read by testbenches
  /* verilator lint_on UNUSEDPARAM */
  localparam int W = 1 + EW + FW;  // word
  localparam logic [EW-1:0] EXP_ONES = '1;
  localparam logic [W-1:0] CANONICAL_NAN = {1'b0, EXP_ONES, 1'b1, {(FW - 1){1'b0}}};

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  logic is_nan;
  logic new_sign;

  assign is_nan = (in_data[W-2:FW] == EXP_ONES) && (in_data[FW-1:0] != '0);
  assign new_sign = (ABS != 0) ? 1'b0 : !in_data[W-1];
  assign out_data = is_nan ? CANONICAL_NAN : {new_sign, in_data[W-2:0]};
  assign out_valid = in_valid;
  assign in_ready = out_ready;
  assign at_init = 1'b1;
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "arith_negf_props.svh"
`endif
endmodule
