// Properties of handshake_mux (data variant): the core u_ctrl proves the handshakes; here the output
// carries the selected input's token, stable while offered.
`ifdef DFV_FORMAL_TOP_handshake_mux
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(SW), .ASSUME(F_TOP)) f_sel (.clk(clk), .rst(rst), .f_past(f_past), .valid(sel_valid),
                                            .ready(sel_ready), .data(sel_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
for (genvar i = 0; i < N; i++) begin : g_f_in
  dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid[i]),
                                            .ready(in_ready[i]), .data(in_data[i*W +: W]));
  always_comb if (f_run && out_valid && sel_data == SW'(i)) assert (out_data == in_data[i*W +: W]);  // prop: selected_data
end
if (F_TOP) always_comb if (f_run) c_fire: cover (out_valid && out_ready);
