// handshake_fork: eager fork of one data channel to N outputs.
// Parameters: W (data width, >= 1), N (number of outputs, >= 1).
// Ports: in (W) -> out[N] (W, packed: out_data[i*W +: W]).
// State: sent_q[N] = output i already took the current input token. No state_q FSM.
// at_init: no output has been served for the current token (sent_q == 0).
// Latency 0: out_valid/out_data combinational from in_valid/in_data; in_ready combinational from out_ready.
// Throughput: one token per cycle when all outputs are ready.
module handshake_fork #(
  parameter int W = 32,
  parameter int N = 2
) (
  input  logic           clk,
  input  logic           rst,
  input  logic [W-1:0]   in_data,
  input  logic           in_valid,
  output logic           in_ready,
  output logic [N*W-1:0] out_data,
  output logic [N-1:0]   out_valid,
  input  logic [N-1:0]   out_ready
);
  logic [N-1:0] sent_q;
  logic [N-1:0] done;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    for (int i = 0; i < N; i++) begin
      out_valid[i] = in_valid & ~sent_q[i];
      out_data[i*W +: W] = in_data;
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
endmodule
