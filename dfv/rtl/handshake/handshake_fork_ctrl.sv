// handshake_fork_ctrl: eager fork of one control-only channel to N outputs.
// Parameters: N (number of outputs, >= 1).
// Ports: in (ctrl) -> out[N] (ctrl).
// State: sent_q[N] = output i already took the current token. at_init: sent_q == 0.
// Latency 0: out_valid combinational from in_valid; in_ready combinational from out_ready.
// Throughput: one token per cycle when all outputs are ready.
module handshake_fork_ctrl #(
  parameter int N = 2
) (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  output logic         in_ready,
  output logic [N-1:0] out_valid,
  input  logic [N-1:0] out_ready
);
  logic [N-1:0] sent_q;
  logic [N-1:0] done;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    for (int i = 0; i < N; i++) begin
      out_valid[i] = in_valid & ~sent_q[i];
      done[i] = sent_q[i] | out_ready[i];
    end
    in_ready = &done;
    at_init = (sent_q == '0);
  end

  always_ff @(posedge clk) begin : p_sent
    if (rst) begin
      sent_q <= '0;
    end else if (in_valid) begin
      if (in_ready) sent_q <= '0;
      else sent_q <= sent_q | (out_valid & out_ready);
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_fork_ctrl_props.svh"
`endif
endmodule
