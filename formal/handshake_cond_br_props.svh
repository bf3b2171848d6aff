// Properties of handshake_cond_br (data variant): the core u_ctrl proves the handshakes (its property
// file); here both outputs carry the data token, stable while offered.
`ifdef DFV_FORMAL_TOP_handshake_cond_br
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_cond (.clk(clk), .rst(rst), .f_past(f_past), .valid(cond_valid),
                                     .ready(cond_ready), .data(cond_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_data (.clk(clk), .rst(rst), .f_past(f_past), .valid(data_valid),
                                            .ready(data_ready), .data(data_data));
dfv_hs_chk #(.W(W)) f_true (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_true_valid),
                            .ready(out_true_ready), .data(out_true_data));
dfv_hs_chk #(.W(W)) f_false (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_false_valid),
                             .ready(out_false_ready), .data(out_false_data));
always_comb if (f_run && out_true_valid) true_data: assert (out_true_data == data_data);
always_comb if (f_run && out_false_valid) false_data: assert (out_false_data == data_data);
if (F_TOP) always_comb if (f_run) c_true: cover (out_true_valid && out_true_ready);
if (F_TOP) always_comb if (f_run) c_false: cover (out_false_valid && out_false_ready);
