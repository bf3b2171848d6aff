// handshake_cond_br: routes a data token to out_true or out_false according to a 1-bit cond token.
// Parameters: W (data width, >= 1; for control-only tokens use handshake_cond_br_ctrl).
// Ports: cond (1 bit), data (W) -> out_true (W), out_false (W).
// Stateless (at_init = 1). Fires when cond and data are valid and the selected output is ready;
// consumes both inputs. Latency 0 (valid/data combinational, input readies from output readies).
// Throughput: one token per cycle.
module handshake_cond_br #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [0:0]   cond_data,
  input  logic         cond_valid,
  output logic         cond_ready,
  input  logic [W-1:0] data_data,
  input  logic         data_valid,
  output logic         data_ready,
  output logic [W-1:0] out_true_data,
  output logic         out_true_valid,
  input  logic         out_true_ready,
  output logic [W-1:0] out_false_data,
  output logic         out_false_valid,
  input  logic         out_false_ready
);
  logic both;
  logic fire;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    both = cond_valid & data_valid;
    out_true_valid = both & cond_data[0];
    out_false_valid = both & ~cond_data[0];
    out_true_data = data_data;
    out_false_data = data_data;
    fire = both & (cond_data[0] ? out_true_ready : out_false_ready);
    cond_ready = fire;
    data_ready = fire;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;
endmodule
