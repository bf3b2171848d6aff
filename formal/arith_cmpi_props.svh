// Properties of arith_cmpi (MLIR arith.cmpi with predicate PRED on two joined operands), included
// inside the module; the predicate spec uses Verilog's signed / unsigned comparisons.
`ifdef DFV_FORMAL_TOP_arith_cmpi
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_lhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(lhs_valid),
                                           .ready(lhs_ready), .data(lhs_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_rhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(rhs_valid),
                                           .ready(rhs_ready), .data(rhs_data));
dfv_hs_chk f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid), .ready(result_ready),
                     .data(result_data));
logic f_fire, f_spec;
assign f_fire = result_valid && result_ready;
always_comb begin : p_f_spec
  case (PRED)
    dfv_pkg::PRED_EQ: f_spec = lhs_data == rhs_data;
    dfv_pkg::PRED_NE: f_spec = lhs_data != rhs_data;
    dfv_pkg::PRED_SLT: f_spec = $signed(lhs_data) < $signed(rhs_data);
    dfv_pkg::PRED_SLE: f_spec = $signed(lhs_data) <= $signed(rhs_data);
    dfv_pkg::PRED_SGT: f_spec = $signed(lhs_data) > $signed(rhs_data);
    dfv_pkg::PRED_SGE: f_spec = $signed(lhs_data) >= $signed(rhs_data);
    dfv_pkg::PRED_ULT: f_spec = lhs_data < rhs_data;
    dfv_pkg::PRED_ULE: f_spec = lhs_data <= rhs_data;
    dfv_pkg::PRED_UGT: f_spec = lhs_data > rhs_data;
    dfv_pkg::PRED_UGE: f_spec = lhs_data >= rhs_data;
    default: f_spec = 1'b0;
  endcase
end
always_comb begin
  if (f_run) begin
    joined: assert (result_valid == (lhs_valid && rhs_valid));
    consumed_with_result: assert ((lhs_valid && lhs_ready) == f_fire && (rhs_valid && rhs_ready) == f_fire);
    if (result_valid) result_value: assert (result_data == f_spec);
  end
end
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_true: cover (f_fire && result_data);
  always_comb if (f_run) c_false: cover (f_fire && !result_data);
  always_comb if (f_run) c_stall: cover (result_valid && !result_ready);
end
