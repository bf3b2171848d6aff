// handshake_fifo_ctrl: DEPTH-entry FIFO of control-only tokens (a counter).
// Parameters: DEPTH (entries, >= 1).
// Ports: in (ctrl) -> out (ctrl).
// State: count_q. at_init: count_q == 0.
// No combinational path: out_valid = count_q != 0, in_ready = count_q != DEPTH.
// Latency 1 cycle. Throughput: one token per cycle for DEPTH >= 2 (DEPTH = 1: one token per 2 cycles).
module handshake_fifo_ctrl #(
  parameter int DEPTH = 2,
  localparam int CW = $clog2(DEPTH + 1)
) (
  input  logic clk,
  input  logic rst,
  input  logic in_valid,
  output logic in_ready,
  output logic out_valid,
  input  logic out_ready
);
  logic [CW-1:0] count_q;
  logic push;
  logic pop;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  assign in_ready = (count_q != CW'(DEPTH));
  assign out_valid = (count_q != '0);
  assign push = in_valid & in_ready;
  assign pop = out_valid & out_ready;
  assign at_init = (count_q == '0);

  always_ff @(posedge clk) begin : p_count
    if (rst) begin
      count_q <= '0;
    end else if (push && !pop) begin
      count_q <= count_q + CW'(1);
    end else if (pop && !push) begin
      count_q <= count_q - CW'(1);
    end
  end
endmodule
