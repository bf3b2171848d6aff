// handshake_join: joins N control-only inputs into one control-only output.
// Parameters: N (number of inputs, >= 1).
// Ports: in[N] (ctrl) -> out (ctrl).
// Stateless (at_init = 1). Fires when every input is valid and out is ready; consumes one token of each.
// Latency 0: out_valid combinational from in_valid; in_ready combinational from out_ready and in_valid.
// Throughput: one token per cycle.
module handshake_join #(
  parameter int N = 2
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [N-1:0] in_valid,
  output logic [N-1:0] in_ready,
  output logic         out_valid,
  input  logic         out_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    out_valid = &in_valid;
    in_ready = {N{out_valid & out_ready}};
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;

`ifdef DFV_FORMAL
  `include "handshake_join_props.svh"
`endif
endmodule
