// Properties of handshake_control_merge (data variant): the core u_ctrl proves the handshakes and
// exactly-once; here the output carries the token of the input the index names, stable while offered.
`ifdef DFV_FORMAL_TOP_handshake_control_merge
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
  always_comb if (f_run && out_valid && index_data == SW'(i)) assert (out_data == in_data[i*W +: W]);  // prop: indexed_data
end
if (F_TOP) always_comb if (f_run) c_fire: cover (out_valid && out_ready && index_valid && index_ready);
