// Copyright dfv project contributors.
//
// dataflow_carry: hardware state machine for `dataflow.carry` (specs 000 / 001).
//
// Purpose
//   Loop-carried value: per burst, emits one initial value from `a`, then one value from `b` for
//   each d = 1, and ends the burst on d = 0 (which emits nothing). The length of `o` per burst equals
//   the length of `d` for that burst. The payload is an opaque W-bit word.
//   Example: a = [A, B], b = [C, D, E, F, G, H], d = [T, T, F, T, T, T, T, F]
//            -> o = [A, C, D, B, E, F, G, H].
//
// Parameters
//   W  payload width of a / b / o, >= 1.
//
// Ports
//   clk, rst   clock, synchronous active-high reset.
//   d_*        loop-condition input channel (1 bit).
//   a_*        initial-value input channel (W bits).
//   b_*        loop-carried input channel (W bits).
//   o_*        output channel (W bits).
//
// States (state_q)
//   INIT (0, reset)  present `a` on `o`. When it goes: also take `d` if one is valid (d = 1: LOOP,
//                    d = 0: INIT, the burst had one element), else go to COND.
//   COND (1)         take one `d` (d_ready = 1 in COND, never waits for `a`, `b` or `o`):
//                      d = 1, `b` valid and `o` ready: also take `b`, emit it, stay in COND;
//                      d = 1 otherwise:                go to LOOP;
//                      d = 0, `a` valid and `o` ready: also take `a`, emit it, stay in COND
//                                                      (the next burst's INIT merged in);
//                      d = 0 otherwise:                go to INIT.
//   LOOP (2)         present `b` on `o`. When it goes: also take `d` if one is valid (d = 1: LOOP,
//                    d = 0: INIT), else go to COND.
//   Taking the next `d` with the transfer of `o` (not a cycle later in COND) keeps a loop whose `d` and
//   body operands come from one stream at one element per cycle: the stream's `cont` fork is released
//   in the cycle the body takes `o`. `d` is still never taken before the `o` it follows has gone.
//   at_init = (state_q == INIT) (single output, no partially-transferred element).
//
// Latency
//   0 cycles: o_data / o_valid are combinational from the inputs (and state).
//
// Combinational paths
//   a_data, b_data, d_data -> o_data (not d_valid); a_valid, b_valid, d_valid, d_data -> o_valid.
//   o_ready -> a_ready, b_ready, d_ready (INIT, LOOP); d_valid, d_data -> a_ready, b_ready;
//   a_valid (INIT), b_valid (LOOP) -> d_ready. o_valid never depends on o_ready. No ready -> valid
//   path, so a cycle of the graph with a buffer on it (materialisation) has no combinational loop.
//   When `d` is consumed without the merged transfer, o_valid (if already high) stays high with the
//   same data in the next state (INIT shows `a`, LOOP shows `b`), so a presented element is never
//   withdrawn while its source holds it.
//
// Throughput
//   One element per cycle on `o` with always-valid inputs and an always-ready output, across
//   bursts (a burst that ends while `o` goes leaves INIT presenting the next `a` at once).

module dataflow_carry #(
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
  input  logic [W-1:0] b_data,
  input  logic         b_valid,
  output logic         b_ready,
  // output
  output logic [W-1:0] o_data,
  output logic         o_valid,
  input  logic         o_ready
);

  initial begin : p_param_check
    if (W < 1) begin
      $fatal(1, "dataflow_carry: W must be >= 1 (got %0d)", W);
    end
  end

  typedef enum logic [1:0] {
    INIT = 2'd0,
    COND = 2'd1,
    LOOP = 2'd2
  } state_e;

  state_e state_q, state_d;
  state_e after_o;  // next state when `o` goes in INIT or LOOP (p_after_o)

  // at_init is read by testbenches through the hierarchy (dut.at_init), never inside the design;
  // `verilator public_flat_rd` keeps it visible in Verilator builds.
  logic   at_init /* verilator public_flat_rd */;

  logic in_init;
  logic in_cond;
  logic in_loop;
  logic sel_a;    // `a` is the element presented on `o`
  logic sel_b;    // `b` is the element presented on `o`
  logic data_b;   // o_data is `b`: sel_b without d_valid (COND with no `d` presents nothing)

  assign in_init = (state_q == INIT);
  assign in_cond = (state_q == COND);
  assign in_loop = (state_q == LOOP);

  assign sel_a = in_init | (in_cond & d_valid & ~d_data);
  assign sel_b = in_loop | (in_cond & d_valid &  d_data);

  // The data select leaves d_valid out: where it would decide (COND, no `d`), o_valid is low and o_data
  // unread; so the path from `d`'s valid (a fork's sent flags, often the loop's control) to o_data, and on
  // through the loop body's arithmetic, is gone.
  assign data_b  = in_loop | (in_cond & d_data);
  assign o_data  = data_b ? b_data : a_data;
  assign o_valid = (sel_a & a_valid) | (sel_b & b_valid);

  assign d_ready = in_cond | (in_loop & b_valid & o_ready) | (in_init & a_valid & o_ready);
  assign a_ready = sel_a & o_ready;
  assign b_ready = sel_b & o_ready;

  assign at_init = in_init;

  // The state after `o` goes in INIT or LOOP: the next `d`, taken with it, decides; none yet: COND.
  always_comb begin : p_after_o
    // Enum literals only (Icarus 11 rejects a ?: of enum values without a cast).
    if (!d_valid) begin
      after_o = COND;
    end else if (d_data) begin
      after_o = LOOP;
    end else begin
      after_o = INIT;
    end
  end

  always_comb begin : p_next
    state_d = state_q;
    case (state_q)
      INIT: begin
        if (a_valid && o_ready) begin
          state_d = after_o;
        end
      end
      COND: begin
        if (d_valid) begin
          // Enum literals only (Icarus 11 rejects a ?: of enum values without a cast).
          if (d_data) begin
            if (b_valid && o_ready) begin
              state_d = COND;
            end else begin
              state_d = LOOP;
            end
          end else begin
            if (a_valid && o_ready) begin
              state_d = COND;
            end else begin
              state_d = INIT;
            end
          end
        end
      end
      LOOP: begin
        if (b_valid && o_ready) begin
          state_d = after_o;
        end
      end
      default: state_d = INIT;
    endcase
  end

  always_ff @(posedge clk) begin : p_state
    if (rst) begin
      state_q <= INIT;
    end else begin
      state_q <= state_d;
    end
  end

`ifdef DFV_FORMAL
  `include "dataflow_carry_props.svh"
`endif
endmodule : dataflow_carry
