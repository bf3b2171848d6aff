// handshake_cond_br_ctrl: routes a control-only token to out_true or out_false by a 1-bit cond token.
// Parameters: none.
// Ports: cond (1 bit), data (ctrl) -> out_true (ctrl), out_false (ctrl).
// Stateless (at_init = 1). Fires when cond and data are valid and the selected output is ready.
// Latency 0. Throughput: one token per cycle.
module handshake_cond_br_ctrl (
  input  logic       clk,
  input  logic       rst,
  input  logic [0:0] cond_data,
  input  logic       cond_valid,
  output logic       cond_ready,
  input  logic       data_valid,
  output logic       data_ready,
  output logic       out_true_valid,
  input  logic       out_true_ready,
  output logic       out_false_valid,
  input  logic       out_false_ready
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
    fire = both & (cond_data[0] ? out_true_ready : out_false_ready);
    cond_ready = fire;
    data_ready = fire;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "handshake_cond_br_ctrl_props.svh"
`endif
endmodule
