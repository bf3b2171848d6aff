// dfv_hs_chk: the handshake protocol of one channel, in one place for the proofs (every formal/*_props.svh)
// and the simulations (dfv_chan_monitor, beside every DUT output of a harness).
//
// Rule (docs/primitives.md, "Protocol"): once valid is raised, valid and data stay stable until the
// transfer (valid & ready). A cycle right after reset is exempt, and so is a reset cycle: reset may
// withdraw a token.
//
// Parameters:
//   W       data bits, >= 1 (control-only channels pass W = 1 and data = 0)
//   ASSUME  in a proof: 1 the rule is an assumption (an input channel of the module under proof, at the
//           top of the proof), 0 an assertion (an output channel, or an input channel of a sub-module,
//           which its parent must honour); unused in simulation
//
// Ports:
//   clk, rst            the clock, synchronous active-high reset
//   f_past              in a proof, 1 from its second cycle on (the first has no previous cycle); unused in
//                       simulation, where the reset clears waiting_q
//   valid, ready, data  the channel (all inputs: the checker is passive)
//   drop                valid fell before the token offered in the previous cycle was taken (combinational)
//   change              the data of a token still waiting changed (combinational)
//   held_q              the data offered in the previous cycle (what `change` compares with)
//
// State: waiting_q = the previous cycle offered a token that was not taken (outside reset), held_q its data.
// Proof labels: hold_valid / hold_data (asserted), hold_valid_in / hold_data_in (assumed).
module dfv_hs_chk #(
  parameter int W = 1,
  /* verilator lint_off UNUSEDPARAM */
  parameter bit ASSUME = 1'b0  // read in proofs only
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic         clk,
  input  logic         rst,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic         f_past,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic         valid,
  input  logic         ready,
  input  logic [W-1:0] data,
  output logic         drop,
  output logic         change,
  output logic [W-1:0] held_q
);
  logic waiting_q;

  initial begin
    if (W < 1) $fatal(1, "dfv_hs_chk: W = %0d is below 1", W);
  end

  always_ff @(posedge clk) begin : offered
    waiting_q <= !rst && valid && !ready;
    held_q <= data;
  end

  assign drop = waiting_q && !rst && !valid;
  assign change = waiting_q && !rst && valid && data != held_q;

`ifdef FORMAL
  always_comb begin : rule
    if (f_past) begin
      if (ASSUME) begin
        hold_valid_in: assume (!drop);
        hold_data_in: assume (!change);
      end else begin
        hold_valid: assert (!drop);  // a token offered is not withdrawn before it is taken
        hold_data: assert (!change);  // ... and does not change meanwhile
      end
    end
  end
`endif
endmodule : dfv_hs_chk
