// dfv_pipe_ctrl: the control core of an S-stage pipeline with one valid bit per stage (pulp common_cells
//   style: this core holds every valid bit and computes every ready and load enable; the unit around it
//   keeps only data registers, each loaded on its stage's enable). One core for every stall-able pipelined
//   unit (dfv/rtl/fp/: math_fma, arith_itofp, arith_fptoi, arith_convertf), so the flow-control rule is
//   written, proved and mutated once (arith_addf and arith_mulf are credit-based: dfv_credit_ctrl).
// Parameters: S (stages, 1..64).
// Ports: in (ctrl) -> out (ctrl): the operation's handshake without its data; load[S] the load enables
//   (load[i]: stage i + 1 takes an operation this cycle, from the input for i = 0 (the accept), else from
//   stage i); at_init.
// Flow control: stage i takes an operation when it is empty or its operation moves on in the same cycle
//   (ready_i = !vld_i | ready_{i+1}, ready_S = out_ready), so bubbles collapse and a stalled output holds
//   every full stage; no operation is lost, duplicated or invented. ready_i is computed flat, as
//   out_ready | hole_q[i], where the register hole_q[i] says that some stage from i to S - 1 is empty
//   (loaded from the valid bits' next state): each load enable, which fans out to every data register
//   of its stage, is one gate from out_ready and registers: math_fma f16 / bf16 (its stages re-cut) 140.0 /
//   140.9 -> 151.4 / 155.5 MHz, whose path was the AND of the valid bits in front of that fan-out
//   (docs/timing.md).
//   in_ready = ready_0: it does not depend on in_valid (a unit that joins several inputs makes
//   every input's ready in_valid & in_ready itself).
// State: vld_q[S] (vld_q[i]: stage i + 1 holds an operation; vld_q[S-1] is out_valid), reset to 0 (rst
//   synchronous, active high); hole_q[S] (hole_q[i] = ~&vld_q[S-1:i], formal: inv_hole), reset to 1.
//   Next state: a stage is full after a cycle when it loaded, or when it could not move (full, and
//   everything after it full and stalled).
// at_init: no operation in flight (vld_q == 0).
// Latency: S cycles from the accept (in_valid & in_ready at the end of cycle c) to out_valid (cycle
//   c + S) when out_ready stays high; one operation per cycle at full rate.
// Combinational paths: out_ready -> in_ready and load; in_valid -> load[0]. out_valid is a register.
module dfv_pipe_ctrl #(
  parameter int S = 1
) (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  output logic         in_ready,
  output logic         out_valid,
  input  logic         out_ready,
  output logic [S-1:0] load,
  output logic         at_init
);
  initial begin : p_param_check
    if (S < 1 || S > 64) begin
      $fatal(1, "dfv_pipe_ctrl: S must be 1..64 (got %0d)", S);
    end
  end

  logic [S-1:0] vld_q, vld_d;
  logic [S-1:0] hole_q, hole_d;  // hole_q[i]: some stage from i + 1 to S is empty (~&vld_q[S-1:i])
  logic [S-1:0] ready;  // ready[i]: stage i + 1 can take an operation this cycle

  for (genvar i = 0; i < S; i++) begin : g_stage
    assign ready[i] = out_ready | hole_q[i];
    assign hole_d[i] = ~&vld_d[S-1:i];
    if (i == 0) begin : g_accept
      assign load[i] = in_valid & ready[i];
    end else begin : g_move
      assign load[i] = vld_q[i-1] & ready[i];
    end
  end
  assign in_ready = ready[0];
  assign out_valid = vld_q[S-1];
  assign at_init = ~|vld_q;

  assign vld_d = load | ~ready;

  always_ff @(posedge clk) begin : p_vld
    if (rst) begin
      vld_q <= '0;
      hole_q <= '1;
    end else begin
      vld_q <= vld_d;
      hole_q <= hole_d;
    end
  end

`ifdef DFV_FORMAL
  `include "dfv_pipe_ctrl_props.svh"
`endif
endmodule
