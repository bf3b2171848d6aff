// Properties of arith_negf (negf / absf, one operand, combinational), included inside the module: the
// handshake behaviour only. The datapath value is NOT proved here: every result is checked bit for bit
// against the golden model by simulation (make fpcheck, the dfv.tb.fp suites). Proved: the protocol on out
// (in assumed to follow it); latency 0: out offered exactly when in is; in consumed exactly when out is
// taken (so each operation gives exactly one result, in order: nothing is stored); at_init always 1 (no
// state).
`ifdef DFV_FORMAL_TOP_arith_negf
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
logic f_fire;
assign f_fire = out_valid && out_ready;
always_comb begin
  if (f_run) begin
    passes_valid: assert (out_valid == in_valid);
    consumed_with_result: assert ((in_valid && in_ready) == f_fire);
    inv_at_init: assert (at_init);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_fire: cover (f_fire);
  always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
  always_ff @(posedge clk) if (f_past && !$past(rst)) c_back_to_back: cover ($past(f_fire) && f_fire);
end
