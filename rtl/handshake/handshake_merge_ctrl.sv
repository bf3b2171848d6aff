// handshake_merge_ctrl: merge of N control-only inputs, priority to the lowest-index valid input.
// Parameters: N (number of inputs, >= 1).
// Ports: in[N] (ctrl) -> out (ctrl).
// State: none needed (control tokens carry no data, so a change of the chosen input while out is stalled is
//   invisible: out_valid stays 1 and exactly one input is consumed per transfer). at_init = 1.
// Latency 0. Throughput: one token per cycle.
module handshake_merge_ctrl #(
  parameter int N = 2
) (
  input  logic         clk,
  input  logic         rst,
  input  logic [N-1:0] in_valid,
  output logic [N-1:0] in_ready,
  output logic         out_valid,
  input  logic         out_ready
);
  logic [N-1:0] pick;
  logic found;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    found = 1'b0;
    for (int i = 0; i < N; i++) begin
      pick[i] = in_valid[i] & ~found;
      found = found | in_valid[i];
    end
    out_valid = found;
    in_ready = out_ready ? pick : '0;
    at_init = 1'b1;
  end
  logic unused;
  assign unused = clk ^ rst;
endmodule
