// Properties of arith_select (cond ? true_value : false_value, three joined operands), included
// inside the module.
`ifdef DFV_FORMAL_TOP_arith_select
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_cond (.clk(clk), .rst(rst), .f_past(f_past), .valid(cond_valid),
                                     .ready(cond_ready), .data(cond_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_tv (.clk(clk), .rst(rst), .f_past(f_past), .valid(true_value_valid),
                                          .ready(true_value_ready), .data(true_value_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_fv (.clk(clk), .rst(rst), .f_past(f_past), .valid(false_value_valid),
                                          .ready(false_value_ready), .data(false_value_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));
logic f_fire;
assign f_fire = result_valid && result_ready;
always_comb begin
  if (f_run) begin
    joined: assert (result_valid == (cond_valid && true_value_valid && false_value_valid));
    // all three operands are consumed with the result (both values, whichever is chosen), exactly once
    consumed_with_result: assert ((cond_valid && cond_ready) == f_fire && (true_value_valid && true_value_ready) == f_fire && (false_value_valid && false_value_ready) == f_fire);
    if (result_valid) result_value: assert (result_data == (cond_data[0] ? true_value_data : false_value_data));
  end
end
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_true: cover (f_fire && cond_data[0]);
  always_comb if (f_run) c_false: cover (f_fire && !cond_data[0]);
  always_comb if (f_run) c_stall: cover (result_valid && !result_ready);
end
