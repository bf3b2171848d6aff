// Copyright dfv project contributors.
//
// dataflow_gate: hardware state machine for `dataflow.gate` (specs 000 / 001, README
// "Two-output operations").
//
// Purpose
//   Shifts a one-step-ahead before-region stream pair into a body-region stream pair:
//     after_value[i] = before_value[i], after_cond[i] = before_cond[i + 1] (per loop burst).
//   Each (before_value, before_cond) pair is consumed together (both valid). Per pair:
//     state      before_cond | emits                               | next state
//     NEED_HEAD  1           | after_value = before_value          | NEED_NEXT
//     NEED_HEAD  0           | nothing                             | NEED_HEAD
//     NEED_NEXT  1           | after_value = before_value, cond=1  | NEED_NEXT
//     NEED_NEXT  0           | after_cond = 0 only                 | NEED_HEAD
//   The payload is an opaque W-bit word (a tagged value is just a wider word).
//
// Parameters
//   W  payload width of before_value / after_value, >= 1.
//
// Ports
//   clk, rst                  clock, synchronous active-high reset.
//   before_value_* (W bits), before_cond_* (1 bit)
//                             input channels, joined: consumed in the same cycle.
//   after_value_* (W bits), after_cond_* (1 bit)
//                             output channels; each takes back-pressure independently (per-output
//                             sent flags value_sent_q / cond_sent_q). The input pair is consumed
//                             once every output that carries its element has taken it (in this
//                             cycle or earlier); each element crosses each output exactly once.
//
// States (state_q)
//   NEED_HEAD (0, reset), NEED_NEXT (1).
//   at_init = (state_q == NEED_HEAD) && !value_sent_q && !cond_sent_q.
//
// Latency
//   0 cycles: after_* data and valid are combinational from before_* (and state / sent flags).
//
// Combinational paths
//   before_value_data -> after_value_data; before_cond_data -> after_cond_data, after_value_valid,
//   before_*_ready.
//   before_value_valid, before_cond_valid -> after_value_valid, after_cond_valid,
//   before_value_ready, before_cond_ready (join: each ready includes the other input's valid;
//   before_cond_valid also qualifies before_cond_data inside the ready logic).
//   after_value_ready, after_cond_ready -> before_value_ready, before_cond_ready.
//   No output valid depends on any output ready.
//
// Throughput
//   One input pair per cycle (and one element per cycle on each output that carries it) with
//   always-valid inputs and always-ready outputs.

module dataflow_gate #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  // inputs
  input  logic [W-1:0] before_value_data,
  input  logic         before_value_valid,
  output logic         before_value_ready,
  input  logic         before_cond_data,
  input  logic         before_cond_valid,
  output logic         before_cond_ready,
  // outputs
  output logic [W-1:0] after_value_data,
  output logic         after_value_valid,
  input  logic         after_value_ready,
  output logic         after_cond_data,
  output logic         after_cond_valid,
  input  logic         after_cond_ready
);

  initial begin : p_param_check
    if (W < 1) begin
      $fatal(1, "dataflow_gate: W must be >= 1 (got %0d)", W);
    end
  end

  typedef enum logic [0:0] {
    NEED_HEAD = 1'b0,
    NEED_NEXT = 1'b1
  } state_e;

  state_e state_q,      state_d;
  logic   value_sent_q, value_sent_d;
  logic   cond_sent_q,  cond_sent_d;

  // at_init is read by testbenches through the hierarchy (dut.at_init), never inside the design;
  // `verilator public_flat_rd` keeps it visible in Verilator builds.
  logic   at_init /* verilator public_flat_rd */;

  logic pair_valid;   // both inputs valid
  logic need_value;   // the current pair emits on after_value
  logic need_cond;    // the current pair emits on after_cond
  logic value_done;   // after_value needs nothing more for this pair (now or earlier)
  logic cond_done;    // after_cond needs nothing more for this pair (now or earlier)
  logic outs_done;    // every carrying output has taken the element
  logic consume;      // the input pair is consumed this cycle

  assign pair_valid = before_value_valid & before_cond_valid;
  // Gated by before_cond_valid so that an X on an invalid before_cond_data never reaches a ready.
  assign need_value = before_cond_valid & before_cond_data;
  assign need_cond  = (state_q == NEED_NEXT);

  assign after_value_data  = before_value_data;
  assign after_value_valid = pair_valid & need_value & ~value_sent_q;
  assign after_cond_data   = before_cond_data;
  assign after_cond_valid  = pair_valid & need_cond & ~cond_sent_q;

  assign value_done = ~need_value | value_sent_q | after_value_ready;
  assign cond_done  = ~need_cond  | cond_sent_q  | after_cond_ready;
  assign outs_done  = value_done & cond_done;

  assign before_value_ready = before_cond_valid  & outs_done;
  assign before_cond_ready  = before_value_valid & outs_done;
  assign consume            = pair_valid & outs_done;

  assign at_init = (state_q == NEED_HEAD) & ~value_sent_q & ~cond_sent_q;

  always_comb begin : p_next
    state_d      = state_q;
    value_sent_d = value_sent_q;
    cond_sent_d  = cond_sent_q;
    if (consume) begin
      // Both states: cond = 1 -> NEED_NEXT, cond = 0 -> NEED_HEAD.
      if (before_cond_data) begin
        state_d = NEED_NEXT;
      end else begin
        state_d = NEED_HEAD;
      end
    end
    // A sent flag is cleared by the consumption as a term of its logic, not a branch: Yosys makes a
    // branch to a constant the flip-flop's synchronous reset (LSR), whose setup is 0.42 ns on the ECP5.
    value_sent_d = ~consume & (value_sent_q | (after_value_valid & after_value_ready));
    cond_sent_d  = ~consume & (cond_sent_q  | (after_cond_valid  & after_cond_ready));
  end

  always_ff @(posedge clk) begin : p_state
    if (rst) begin
      state_q      <= NEED_HEAD;
      value_sent_q <= 1'b0;
      cond_sent_q  <= 1'b0;
    end else begin
      state_q      <= state_d;
      value_sent_q <= value_sent_d;
      cond_sent_q  <= cond_sent_d;
    end
  end

`ifdef DFV_FORMAL
  `include "dataflow_gate_props.svh"
`endif
endmodule : dataflow_gate
