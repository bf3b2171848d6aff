// handshake_fifo_ctrl: DEPTH-entry FIFO of control-only tokens (a counter); the control core of
// handshake_fifo.
// Parameters: DEPTH (entries, >= 1), NINIT (tokens held after reset, 0..DEPTH; default 0).
// Ports: in (ctrl) -> out (ctrl).
// State: count_q (reset: NINIT) and two flags kept beside it, valid_q = (count_q != 0) and
//   ready_q = (count_q != DEPTH), so that out_valid and in_ready leave a register, not a compare of the
//   count. at_init: count_q == 0.
// No combinational path: out_valid = valid_q, in_ready = ready_q.
// Latency 1 cycle. Throughput: one token per cycle for DEPTH >= 2 (DEPTH = 1: one token per 2 cycles).
module handshake_fifo_ctrl #(
  parameter int DEPTH = 2,
  parameter int NINIT = 0,
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
  logic valid_q;
  logic ready_q;
  logic push;
  logic pop;
  /* verilator lint_off UNUSEDSIGNAL */
  logic at_init;  // read by testbenches (dut.at_init)
  /* verilator lint_on UNUSEDSIGNAL */

  initial begin : p_param_check
    if (DEPTH < 1 || NINIT < 0 || NINIT > DEPTH) begin
      $fatal(1, "handshake_fifo_ctrl: need DEPTH >= 1 and 0 <= NINIT <= DEPTH (got %0d, %0d)", DEPTH, NINIT);
    end
  end

  assign in_ready = ready_q;
  assign out_valid = valid_q;
  assign push = in_valid & in_ready;
  assign pop = out_valid & out_ready;
  assign at_init = (count_q == '0);

  always_ff @(posedge clk) begin : p_count
    if (rst) begin
      count_q <= CW'(NINIT);
      valid_q <= (NINIT != 0);
      ready_q <= (NINIT != DEPTH);
    end else if (push && !pop) begin
      count_q <= count_q + CW'(1);
      valid_q <= 1'b1;
      ready_q <= (count_q != CW'(DEPTH - 1));
    end else if (pop && !push) begin
      count_q <= count_q - CW'(1);
      valid_q <= (count_q != CW'(1));
      ready_q <= 1'b1;
    end
  end

`ifdef DFV_FORMAL
  `include "handshake_fifo_ctrl_props.svh"
`endif
endmodule
