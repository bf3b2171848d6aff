// arith_select: MLIR arith.select: result = cond ? true_value : false_value; joins all three inputs.
// Parameters: W (width, >= 1).
// Ports: cond (1 bit), true_value (W), false_value (W) -> result (W).
// Stateless (at_init = 1). Latency 0. Throughput: one token per cycle.
module arith_select #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [0:0]   cond_data,
  input  logic         cond_valid,
  output logic         cond_ready,
  input  logic [W-1:0] true_value_data,
  input  logic         true_value_valid,
  output logic         true_value_ready,
  input  logic [W-1:0] false_value_data,
  input  logic         false_value_valid,
  output logic         false_value_ready,
  output logic [W-1:0] result_data,
  output logic         result_valid,
  input  logic         result_ready
);
  logic fire;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    result_data = cond_data[0] ? true_value_data : false_value_data;
    result_valid = cond_valid & true_value_valid & false_value_valid;
    fire = result_valid & result_ready;
    cond_ready = fire;
    true_value_ready = fire;
    false_value_ready = fire;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "arith_select_props.svh"
`endif
endmodule
