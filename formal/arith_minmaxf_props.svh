// Properties of arith_minmaxf (maximumf / minimumf / maxnumf / minnumf, combinational), included inside
// the module: the handshake behaviour only. The datapath value is NOT proved here: every result is checked
// bit for bit against the golden model by simulation (make fpcheck, the dfv.tb.fp suites). Proved: the
// protocol on result (inputs assumed to follow it); latency 0: a result exactly when both operands are
// present; both consumed together, exactly when the result is taken (so each operation gives exactly one
// result, in order: nothing is stored); at_init always 1 (no state).
`ifdef DFV_FORMAL_TOP_arith_minmaxf
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_lhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(lhs_valid),
                                           .ready(lhs_ready), .data(lhs_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_rhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(rhs_valid),
                                           .ready(rhs_ready), .data(rhs_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));
logic f_fire;
assign f_fire = result_valid && result_ready;
always_comb begin
  if (f_run) begin
    joined: assert (result_valid == (lhs_valid && rhs_valid));
    consumed_with_result: assert ((lhs_valid && lhs_ready) == f_fire && (rhs_valid && rhs_ready) == f_fire);
    inv_at_init: assert (at_init);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_fire: cover (f_fire);
  always_comb if (f_run) c_stall: cover (result_valid && !result_ready);
  always_comb if (f_run) c_one_operand: cover (lhs_valid && !rhs_valid);
  always_ff @(posedge clk) if (f_past && !$past(rst)) c_back_to_back: cover ($past(f_fire) && f_fire);
end
