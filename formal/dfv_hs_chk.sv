// dfv_hs_chk: the handshake protocol of one channel, in one place for every property file.
//
// Rule (docs/primitives.md, "Protocol"): once valid is raised, valid and data stay stable until the
// transfer (valid & ready). With ASSUME = 1 the rule is an assumption (an input channel of the
// module under proof, at the top of the proof); with ASSUME = 0 it is an assertion (an output channel,
// or an input channel of a sub-module, which its parent must honour). A cycle right after reset is
// exempt, and so is a reset cycle: reset may withdraw a token.
// Control-only channels pass W = 1 and data = 0.
module dfv_hs_chk #(
  parameter int W = 1,
  parameter bit ASSUME = 1'b0
) (
  input logic         clk,
  input logic         rst,
  input logic         f_past,   // 1 from the second cycle of the proof on ($past is defined)
  input logic         valid,
  input logic         ready,
  input logic [W-1:0] data
);
  always_ff @(posedge clk) begin
    if (f_past && !rst && !$past(rst) && $past(valid && !ready)) begin
      if (ASSUME) begin
        hold_valid_in: assume (valid);
        hold_data_in: assume (data == $past(data));
      end else begin
        hold_valid: assert (valid);  // a token offered is not withdrawn before it is taken
        hold_data: assert (data == $past(data));  // ... and does not change meanwhile
      end
    end
  end
endmodule
