// Properties of math_absi (the absolute value of a signed W-bit word, one operand), included inside the
// module. The value is stated as two's-complement negation (invert, add one), not as the RTL writes it.
`ifdef DFV_FORMAL_TOP_math_absi
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid),
                           .ready(out_ready), .data(out_data));
logic f_fire;
logic f_neg;
assign f_fire = out_valid && out_ready;
assign f_neg = in_data[W-1];
always_comb begin
  if (f_run) begin
    passes_valid: assert (out_valid == in_valid);
    // the operand is consumed with the result, exactly once
    consumed_with_result: assert ((in_valid && in_ready) == f_fire);
    if (out_valid) out_value: assert (out_data == (f_neg ? (~in_data) + 1'b1 : in_data));
    if (out_valid && !f_neg) non_negative_kept: assert (out_data == in_data);
  end
end
if (F_TOP) begin : g_f_cover
  if (W > 1) begin : g_f_cover_negative  // at W = 1 the one negative word is INT_MIN
    always_comb if (f_run) c_negative: cover (f_fire && f_neg && in_data != {1'b1, {(W-1){1'b0}}});
  end
  always_comb if (f_run) c_int_min: cover (f_fire && in_data == {1'b1, {(W-1){1'b0}}});
  always_comb if (f_run) c_non_negative: cover (f_fire && !f_neg);
  always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
end
