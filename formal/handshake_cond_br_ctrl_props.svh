// Properties of handshake_cond_br_ctrl (cond + control token -> out_true or out_false), included
// inside the module.
`ifdef DFV_FORMAL_TOP_handshake_cond_br_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_cond (.clk(clk), .rst(rst), .f_past(f_past), .valid(cond_valid),
                                     .ready(cond_ready), .data(cond_data));
dfv_hs_chk #(.ASSUME(F_TOP)) f_data (.clk(clk), .rst(rst), .f_past(f_past), .valid(data_valid),
                                     .ready(data_ready), .data(1'b0));
dfv_hs_chk f_true (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_true_valid), .ready(out_true_ready),
                   .data(1'b0));
dfv_hs_chk f_false (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_false_valid), .ready(out_false_ready),
                    .data(1'b0));

logic f_true_fire, f_false_fire;
assign f_true_fire = out_true_valid && out_true_ready;
assign f_false_fire = out_false_valid && out_false_ready;
always_comb begin
  if (f_run) begin
    // exactly one side: never both offered; each side only with its condition and both inputs present
    one_side: assert (!(out_true_valid && out_false_valid));
    true_side: assert (out_true_valid == (cond_valid && data_valid && cond_data[0]));
    false_side: assert (out_false_valid == (cond_valid && data_valid && !cond_data[0]));
    // exactly once: both inputs are consumed exactly when the chosen output takes the token
    cond_consumed: assert ((cond_valid && cond_ready) == (f_true_fire || f_false_fire));
    data_consumed: assert ((data_valid && data_ready) == (f_true_fire || f_false_fire));
  end
end
if (F_TOP) always_comb if (f_run) c_true: cover (f_true_fire);
if (F_TOP) always_comb if (f_run) c_false: cover (f_false_fire);
if (F_TOP) always_comb if (f_run) c_stall: cover (cond_valid && data_valid && !cond_ready);
if (F_TOP) always_comb if (f_run) c_wait: cover (cond_valid && !data_valid);
