// Properties of handshake_constant: one VALUE token per control token, exactly once.
`ifdef DFV_FORMAL_TOP_handshake_constant
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"
dfv_hs_chk #(.ASSUME(F_TOP)) f_ctrl (.clk(clk), .rst(rst), .f_past(f_past), .valid(ctrl_valid),
                                     .ready(ctrl_ready), .data(1'b0));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
always_comb begin
  if (f_run) begin
    from_ctrl: assert (out_valid == ctrl_valid);
    consumed_with_output: assert ((ctrl_valid && ctrl_ready) == (out_valid && out_ready));
    value: assert (out_data == VALUE);
  end
end
if (F_TOP) always_comb if (f_run) c_fire: cover (out_valid && out_ready);
if (F_TOP) always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
