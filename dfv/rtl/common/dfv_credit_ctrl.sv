// dfv_credit_ctrl: the control core of a free-running S-stage pipeline whose results wait in an output FIFO
//   of D entries: the pipeline never stalls, so its data registers load every cycle and need no enable (no
//   clock-enable net fanning out to every data flip-flop, the critical path of a stall-able pipeline on an
//   FPGA), and an operation is accepted only when the FIFO is sure to have room for its result (credits).
// Parameters: S (stages, 1..64), D (FIFO entries, S + 2..S + 64: S + 2 sustains one operation per cycle).
// Ports: in (ctrl): the operation's handshake without its data (in_ready = a credit is free: free_q, a
//   register, independent of in_valid and of the output side); vld[S] (vld[i]: stage i + 1 holds an
//   operation this cycle; vld[S-1] pushes the result into the FIFO); pop (a result left the FIFO this
//   cycle); at_init.
// Credits: credit_q = D - (operations in the pipeline) - (results in the FIFO); an accept takes one, a pop
//   gives one back. The FIFO therefore never overflows: its in_ready is 1 whenever vld[S-1] is.
// State: vld_q[S] (reset to 0), credit_q (reset to D), free_q (credit_q != 0, reset to 1); rst synchronous,
//   active high.
// Latency: S cycles from the accept to the push; the FIFO adds its own (handshake_fifo: 1).
// Combinational paths: in_valid -> (nothing but the state); pop -> (nothing but the state). None to in_ready.
module dfv_credit_ctrl #(
  parameter int S = 1,
  parameter int D = S + 2
) (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  output logic         in_ready,
  output logic [S-1:0] vld,
  input  logic         pop,
  output logic         at_init
);
  initial begin : p_param_check
    if (S < 1 || S > 64) begin
      $fatal(1, "dfv_credit_ctrl: S must be 1..64 (got %0d)", S);
    end
    if (D < S + 2 || D > S + 64) begin
      $fatal(1, "dfv_credit_ctrl: D must be S + 2..S + 64 (got %0d with S = %0d)", D, S);
    end
  end

  localparam int CW = $clog2(D + 1);  // a credit count 0..D

  logic [S-1:0] vld_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [S:0] vld_next;  // {vld_q, accept}: the shift (its top bit, the last stage's leaving, unused)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [CW-1:0] credit_q, credit_d;
  logic free_q;  // credit_q != 0, registered: in_ready is one flip-flop, so a join's ready is one LUT
  logic accept;

  assign in_ready = free_q;
  assign credit_d = credit_q - CW'(accept) + CW'(pop);
  assign accept = in_valid & in_ready;
  assign vld = vld_q;
  assign vld_next = {vld_q, accept};
  assign at_init = (credit_q == CW'(D));

  always_ff @(posedge clk) begin : p_state
    if (rst) begin
      vld_q <= '0;
      credit_q <= CW'(D);
      free_q <= 1'b1;
    end else begin
      vld_q <= vld_next[S-1:0];
      credit_q <= credit_d;
      free_q <= (credit_d != '0);
    end
  end

`ifdef DFV_FORMAL
  `include "dfv_credit_ctrl_props.svh"
`endif
endmodule
