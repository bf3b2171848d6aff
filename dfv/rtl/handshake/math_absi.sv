// math_absi: MLIR math.absi, the absolute value of a signed W-bit integer: in >= 0 ? in : -in, wrapping
//   to W bits (the absolute value of INT_MIN is INT_MIN, MLIR's two's-complement semantics).
// Parameters: W (width, 1..64).
// Ports: in (W) -> out (W).
// Stateless (at_init = 1). Latency 0. Throughput: one token per cycle.
// Combinational paths: in_data -> out_data (a W-bit negation and a 2-way select on the sign bit);
//   in_valid -> out_valid; out_ready -> in_ready.
module math_absi #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [W-1:0] in_data,
  input  logic         in_valid,
  output logic         in_ready,
  output logic [W-1:0] out_data,
  output logic         out_valid,
  input  logic         out_ready
);
  initial begin : p_param_check
    if (W < 1 || W > 64) begin
      $fatal(1, "math_absi: W must be 1..64 (got %0d)", W);
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  logic sign;  // the operand is negative
  assign sign = in_data[W-1];
  always_comb begin : comb_absi
    out_data = sign ? -in_data : in_data;
    out_valid = in_valid;
    in_ready = out_ready;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "math_absi_props.svh"
`endif
endmodule
