// Properties of handshake_fork (data fork, N outputs), included inside the module. Its handshakes
// are those of the core u_ctrl (handshake_fork_ctrl, whose property file is included there and
// proves exactly-once per output); here: the data of every output is the input token, and stays
// stable while offered.
`ifdef DFV_FORMAL_TOP_handshake_fork
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
for (genvar i = 0; i < N; i++) begin : g_f_out
  dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid[i]),
                             .ready(out_ready[i]), .data(out_data[i*W +: W]));
  always_comb if (f_run && out_valid[i]) assert (out_data[i*W +: W] == in_data);  // prop: carries_input
end
if (F_TOP) always_comb if (f_run) c_transfer: cover (in_valid && in_ready);
