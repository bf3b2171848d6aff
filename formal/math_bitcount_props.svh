// Properties of math_bitcount (ctlz / cttz / ctpop of a W-bit word, OP), included inside the module. The
// count is stated by walking the bits one at a time (the last set bit met from the far end fixes ctlz and
// cttz; ctpop adds them up), not as the RTL's tree computes it.
`ifdef DFV_FORMAL_TOP_math_bitcount
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid),
                           .ready(out_ready), .data(out_data));
logic [W-1:0] f_spec;
always_comb begin : p_f_spec
  if (OP == dfv_pkg::BITCOUNT_CTPOP) begin
    f_spec = '0;
    for (int i = 0; i < W; i++) f_spec = f_spec + W'(in_data[i]);
  end else begin
    f_spec = W'(W);  // no set bit: the width (MLIR's count of 0)
    for (int i = 0; i < W; i++) begin
      if (OP == dfv_pkg::BITCOUNT_CTLZ && in_data[i]) f_spec = W'(W - 1 - i);  // ends at the highest one
      if (OP == dfv_pkg::BITCOUNT_CTTZ && in_data[W-1-i]) f_spec = W'(W - 1 - i);  // ends at the lowest one
    end
  end
end
logic f_fire;
assign f_fire = out_valid && out_ready;
always_comb begin
  if (f_run) begin
    passes_valid: assert (out_valid == in_valid);
    // the operand is consumed with the result, exactly once
    consumed_with_result: assert ((in_valid && in_ready) == f_fire);
    if (out_valid) out_value: assert (out_data == f_spec);
  end
end
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_zero: cover (f_fire && in_data == '0);
  always_comb if (f_run) c_all_ones: cover (f_fire && in_data == '1);
  always_comb if (f_run) c_top_bit_only: cover (f_fire && in_data == {1'b1, {(W-1){1'b0}}});
  always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
end
