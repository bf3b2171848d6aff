// Properties of handshake_merge (data variant, built on handshake_control_merge_ctrl with its index
// always taken; that core's property file proves exactly-once): every output token is the token of
// the input consumed with it, and out_data stays stable while offered (the held choice).
`ifdef DFV_FORMAL_TOP_handshake_merge
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
for (genvar i = 0; i < N; i++) begin : g_f_in
  dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid[i]),
                                            .ready(in_ready[i]), .data(in_data[i*W +: W]));
  // an output token taken consumes input i exactly when it is input i's token
  always_comb if (f_run && out_valid && out_ready && chosen == SW'(i)) assert (in_valid[i] && in_ready[i] && out_data == in_data[i*W +: W]);  // prop: from_input
end
// no input is consumed without an output transfer
always_comb if (f_run && (|(in_valid & in_ready))) consumed_with_output: assert (out_valid && out_ready);
if (F_TOP) always_comb if (f_run) c_fire: cover (out_valid && out_ready);
if (F_TOP) always_ff @(posedge clk) if (f_past && !$past(rst)) c_held: cover ($past(out_valid && !out_ready) && in_valid[0] && chosen != '0);
