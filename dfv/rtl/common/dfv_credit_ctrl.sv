// dfv_credit_ctrl: the control core of a free-running S-stage pipeline whose results wait in an output FIFO
//   of D entries: the pipeline never stalls, so its data registers load every cycle and need no enable (no
//   clock-enable net fanning out to every data flip-flop, the critical path of a stall-able pipeline on an
//   FPGA), and an operation is accepted only when the FIFO is sure to have room for its result (credits).
// Parameters: S (stages, 1..64), D (FIFO entries, S + 2..S + 64: S + 2 sustains one operation per cycle).
// Ports: in (ctrl): the operation's handshake without its data (in_ready = a credit is free: one LUT of
//   three registers, independent of in_valid and of the output side); vld[S] (vld[i]: stage i + 1 holds an
//   operation this cycle; vld[S-1] pushes the result into the FIFO); pop (a result left the FIFO this
//   cycle); at_init.
// Credits: C = D - (operations in stages 2..S) - (results in the FIFO), kept as a thermometer code
//   (ge_q[k-1] = C >= k): the operation in stage 1 (vld[0]) is taken off one cycle after its accept, so an
//   accept reaches nothing but vld[0] (one LUT from in_valid into the state: a joined valid enters the
//   unit as fast as into a stall-able core), and each credit bit's next value is one LUT of its neighbours,
//   vld[0] and pop (no carry chain after result_ready). A free credit is C > vld[0]; a pop gives one back.
//   The FIFO therefore never overflows: its in_ready is 1 whenever vld[S-1] is.
// State: vld_q[S] (reset to 0), ge_q[D] (reset to all ones: C = D); rst synchronous, active high.
// Latency: S cycles from the accept to the push; the FIFO adds its own (handshake_fifo: 1).
// Combinational paths: in_valid -> (nothing but vld_q[0]); pop -> (nothing but the state). None to in_ready.
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

  logic [S-1:0] vld_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [S:0] vld_next;  // {vld_q, accept}: the shift (its top bit, the last stage's leaving, unused)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [D-1:0] ge_q, ge_d;  // ge_q[k-1]: C >= k
  logic [D+1:0] ge_x;  // ge_x[k]: C >= k for k = 0..D + 1 (C >= 0 always, C >= D + 1 never)
  logic [D:0] free_x;  // free_x[k]: C - vld[0] >= k, the credits once stage 1's operation is taken off
  logic accept;

  assign ge_x = {1'b0, ge_q, 1'b1};
  // continuous assignments, not an always_comb: Icarus would wake a process that writes free_x and reads it
  // on its own writes (a zero-delay loop; toolchain.md, constant selects in always_* processes)
  for (genvar k = 0; k <= D; k++) begin : g_free
    assign free_x[k] = ge_x[k + 1] | (ge_x[k] & ~vld_q[0]);
  end
  // a pop gives a credit back: C' = C - vld[0] + pop
  for (genvar k = 1; k <= D; k++) begin : g_credit
    assign ge_d[k - 1] = pop ? free_x[k - 1] : free_x[k];
  end

  assign in_ready = free_x[1];
  assign accept = in_valid & in_ready;
  assign vld = vld_q;
  assign vld_next = {vld_q, accept};
  assign at_init = ge_q[D - 1] & ~vld_q[0];

  always_ff @(posedge clk) begin : p_state
    if (rst) begin
      vld_q <= '0;
      ge_q <= '1;
    end else begin
      vld_q <= vld_next[S-1:0];
      ge_q <= ge_d;
    end
  end

`ifdef DFV_FORMAL
  `include "dfv_credit_ctrl_props.svh"
`endif
endmodule
