// Properties of arith_binop (MLIR arith integer binary operation OP on two joined operands: addi, subi,
// andi, ori, xori, the shifts), included inside the module. The result spec is written independently of
// the RTL's datapath with Verilog's own operators.
`ifdef DFV_FORMAL_TOP_arith_binop
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_lhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(lhs_valid),
                                           .ready(lhs_ready), .data(lhs_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_rhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(rhs_valid),
                                           .ready(rhs_ready), .data(rhs_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));

logic f_fire;
logic [W-1:0] f_spec;
assign f_fire = result_valid && result_ready;
always_comb begin : p_f_spec
  case (OP)
    dfv_pkg::OP_ADDI: f_spec = lhs_data + rhs_data;
    dfv_pkg::OP_SUBI: f_spec = lhs_data - rhs_data;
    dfv_pkg::OP_ANDI: f_spec = lhs_data & rhs_data;
    dfv_pkg::OP_ORI: f_spec = lhs_data | rhs_data;
    dfv_pkg::OP_XORI: f_spec = lhs_data ^ rhs_data;
    dfv_pkg::OP_SHLI: f_spec = lhs_data << rhs_data;  // amounts >= W shift everything out
    dfv_pkg::OP_SHRSI: f_spec = W'($signed(lhs_data) >>> rhs_data);
    dfv_pkg::OP_SHRUI: f_spec = lhs_data >> rhs_data;
    default: f_spec = '0;
  endcase
end

always_comb begin
  if (f_run) begin
    // a result token exactly when both operands are present; both consumed with it, exactly once
    joined: assert (result_valid == (lhs_valid && rhs_valid));
    consumed_with_result: assert ((lhs_valid && lhs_ready) == f_fire && (rhs_valid && rhs_ready) == f_fire);
    if (result_valid) result_value: assert (result_data == f_spec);
  end
end

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_fire: cover (f_fire);
  always_comb if (f_run) c_stall: cover (result_valid && !result_ready);
  always_comb if (f_run) c_one_operand: cover (lhs_valid && !rhs_valid);
end
