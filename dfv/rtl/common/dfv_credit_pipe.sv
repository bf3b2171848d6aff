// dfv_credit_pipe: the flow control of a free-running S-stage pipeline whose results wait in an output FIFO:
//   the credit core (dfv_credit_ctrl, u_ctrl: the stage valid bits and the credits) and the FIFO
//   (handshake_fifo, u_out, D entries, one per credit). The caller's data path sits around it: its stage
//   registers load every cycle (no enable, no reset; a register that holds no operation holds garbage that
//   no one reads), and the last stage's logic (last_data) is pushed into the FIFO when u_ctrl's valid bit
//   of that stage is set. The FIFO's head register is the result's, so the FIFO adds one cycle after the
//   S stages. The units built on it: arith_muli, arith_addf, arith_mulf.
// Parameters: S (stages, 1..64), D (FIFO entries and credits, S + 2..S + 64: S + 2 sustains one operation per
//   cycle; checked in dfv_credit_ctrl), W (result bits, >= 1).
// Ports: in (ctrl): the operation's handshake without its data (in_valid: the caller's joined valids;
//   in_ready: a credit is free, one LUT of three registers, independent of in_valid and of result_ready);
//   last_data (W): the last stage's result, pushed into the FIFO S cycles after its operation's accept (the
//   credit core's valid bits say when; the caller needs none of them); result (W): the FIFO's output
//   channel; at_init.
// State: u_ctrl's valid bits and credits, u_out's words and count (reset: empty, every credit free; rst
//   synchronous, active high). The credits are exact, so the FIFO has room whenever the last stage holds an
//   operation (its in_ready, fifo_room, is not read: proved in formal/dfv_credit_pipe_props.svh).
// Latency: S cycles from the accept to the push, one more to result_valid (S + 1 in all).
// Throughput: one operation per cycle while result_ready is high (D >= S + 2); D operations held at once.
// Combinational paths: in_valid -> nothing but u_ctrl's vld_q[0]; result_ready -> nothing but the state
//   (a freed credit is free from the next cycle); last_data -> the FIFO's registers.
module dfv_credit_pipe #(
  parameter int S = 1,
  parameter int D = S + 2,
  parameter int W = 1
) (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  output logic         in_ready,
  input  logic [W-1:0] last_data,
  output logic [W-1:0] result_data,
  output logic         result_valid,
  input  logic         result_ready,
  output logic         at_init
);
  initial begin : p_param_check
    if (W < 1) begin
      $fatal(1, "dfv_credit_pipe: W must be >= 1 (got %0d)", W);
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic fifo_room;  // always 1 when a result arrives: the credits guarantee it (proved: formal/)
  /* verilator lint_on UNUSEDSIGNAL */
  logic pop;
  logic [S-1:0] vld;  // vld[i]: stage i + 1 holds an operation
  // a credit is free; kept as a net for synthesis (Yosys `keep`; simulators ignore it), so that a unit's
  // join, in_valid & in_ready, is one LUT of the input valids and this net: without it ABC may fold the
  // credit's LUT into the join and leave one valid two LUTs deep (mulf f32's rhs_valid -> readies 1.69 ns
  // in the delay table, the others 0.84)
  (* keep *) logic free;

  assign pop = result_valid & result_ready;
  assign in_ready = free;

  dfv_credit_ctrl #(.S(S), .D(D)) u_ctrl (
    .clk(clk),
    .rst(rst),
    .in_valid(in_valid),
    .in_ready(free),
    .vld(vld),
    .pop(pop),
    .at_init(at_init)
  );

  handshake_fifo #(.W(W), .DEPTH(D)) u_out (
    .clk(clk),
    .rst(rst),
    .in_data(last_data),
    .in_valid(vld[S-1]),
    .in_ready(fifo_room),
    .out_data(result_data),
    .out_valid(result_valid),
    .out_ready(result_ready)
  );

`ifdef DFV_FORMAL
  `include "dfv_credit_pipe_props.svh"
`endif
endmodule
