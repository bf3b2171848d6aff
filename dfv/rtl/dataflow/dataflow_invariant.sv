// Copyright dfv project contributors.
//
// dataflow_invariant: hardware state machine for `dataflow.invariant` (specs 000 / 001).
//
// Purpose
//   Loop-invariant repeater: per burst, takes one `a`, stores it and emits it, then re-emits the
//   stored value for each d = 1, and ends the burst on d = 0 (which emits nothing). The length of
//   `o` per burst equals the length of `d` for that burst. The payload is an opaque W-bit word.
//   Example: a = [A, B], d = [T, T, F, T, T, T, T, F] -> o = [A, A, A, B, B, B, B, B].
//
// Parameters
//   W  payload width of a / o, >= 1.
//
// Ports
//   clk, rst   clock, synchronous active-high reset.
//   d_*        loop-condition input channel (1 bit).
//   a_*        invariant-seed input channel (W bits).
//   o_*        output channel (W bits).
//
// States (state_q)
//   INIT (0, reset)  take one `a`, store it in value_q, emit it on `o`, go to COND.
//   COND (1)         take one `d`:
//                      d = 1: emit value_q on `o` (d is consumed with the `o` transfer), stay;
//                      d = 0: consume d alone (d_ready = 1, never waits for `a` or `o`); if `a` is
//                             valid and `o` ready in the same cycle, also take `a`, store it, emit
//                             it and stay in COND (the next burst's INIT merged in), else go to INIT.
//   at_init = (state_q == INIT) (single output, no partially-transferred element).
//
// Latency
//   0 cycles: o_data / o_valid are combinational from the inputs (and state / value_q).
//
// Combinational paths
//   a_data -> o_data; d_data -> o_data (not d_valid); a_valid, d_valid, d_data -> o_valid.
//   o_ready -> a_ready, d_ready; d_valid, d_data -> a_ready, d_ready.
//   o_valid never depends on o_ready. When a false `d` is consumed without the merged transfer,
//   o_valid (if already high) stays high with the same `a` data in INIT.
//
// Throughput
//   One element per cycle on `o` with always-valid inputs and an always-ready output, across
//   bursts (INIT is only visited after a stall or after reset).

module dataflow_invariant #(
  parameter int W = 32
) (
  input  logic         clk,
  input  logic         rst,
  // inputs
  input  logic         d_data,
  input  logic         d_valid,
  output logic         d_ready,
  input  logic [W-1:0] a_data,
  input  logic         a_valid,
  output logic         a_ready,
  // output
  output logic [W-1:0] o_data,
  output logic         o_valid,
  input  logic         o_ready
);

  initial begin : p_param_check
    if (W < 1) begin
      $fatal(1, "dataflow_invariant: W must be >= 1 (got %0d)", W);
    end
  end

  typedef enum logic [0:0] {
    INIT = 1'b0,
    COND = 1'b1
  } state_e;

  state_e       state_q, state_d;
  logic [W-1:0] value_q, value_d;

  // at_init is read by testbenches through the hierarchy (dut.at_init), never inside the design;
  // `verilator public_flat_rd` keeps it visible in Verilator builds.
  logic         at_init /* verilator public_flat_rd */;

  logic in_init;
  logic in_cond;
  logic sel_a;      // `a` is the element presented on `o`
  logic sel_v;      // the stored value is the element presented on `o`
  logic data_v;     // o_data is the stored value: sel_v without d_valid (COND with no `d` presents nothing)
  logic take_a;     // `a` transfers this cycle

  assign in_init = (state_q == INIT);
  assign in_cond = (state_q == COND);

  assign sel_a = in_init | (in_cond & d_valid & ~d_data);
  assign sel_v = in_cond & d_valid & d_data;

  // The data select leaves d_valid out: where it would decide (COND, no `d`), o_valid is low and o_data
  // unread; so the path from `d`'s valid (a fork's sent flags, the loop's control) to o_data, and on
  // through the loop body's arithmetic, is gone (as in dataflow_carry).
  assign data_v  = in_cond & d_data;
  assign o_data  = data_v ? value_q : a_data;
  assign o_valid = (sel_a & a_valid) | sel_v;

  assign a_ready = sel_a & o_ready;
  // d_data is qualified by d_valid so that an X on an invalid d_data never reaches d_ready.
  assign d_ready = in_cond & (~(d_valid & d_data) | o_ready);
  assign take_a  = a_ready & a_valid;

  assign at_init = in_init;

  always_comb begin : p_next
    state_d = state_q;
    value_d = value_q;
    if (take_a) begin
      value_d = a_data;
    end
    case (state_q)
      INIT: begin
        if (take_a) begin
          state_d = COND;
        end
      end
      COND: begin
        if (d_valid && !d_data) begin
          if (take_a) begin
            state_d = COND;
          end else begin
            state_d = INIT;
          end
        end
      end
      default: state_d = INIT;
    endcase
  end

  always_ff @(posedge clk) begin : p_state
    if (rst) begin
      state_q <= INIT;
      value_q <= '0;
    end else begin
      state_q <= state_d;
      value_q <= value_d;
    end
  end

`ifdef DFV_FORMAL
  `include "dataflow_invariant_props.svh"
`endif
endmodule : dataflow_invariant
