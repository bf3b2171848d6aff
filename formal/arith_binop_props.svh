// Properties of arith_binop (MLIR arith integer binary operation OP on two joined operands),
// included inside the module. The result spec is written independently of the RTL's datapath with
// Verilog's own operators (signed division truncates toward zero); division by zero gives all ones
// (div) or the dividend (rem) and raises RT_ARITH_DIV_BY_ZERO (272) when the token is transferred.
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

logic f_fire, f_zero;
logic [W-1:0] f_spec;
assign f_fire = result_valid && result_ready;
assign f_zero = rhs_data == '0;
always_comb begin : p_f_spec
  case (OP)
    dfv_pkg::OP_ADDI: f_spec = lhs_data + rhs_data;
    dfv_pkg::OP_SUBI: f_spec = lhs_data - rhs_data;
    dfv_pkg::OP_MULI: f_spec = lhs_data * rhs_data;
    dfv_pkg::OP_DIVSI: f_spec = f_zero ? '1 : W'($signed(lhs_data) / $signed(rhs_data));
    dfv_pkg::OP_DIVUI: f_spec = f_zero ? '1 : lhs_data / rhs_data;
    dfv_pkg::OP_REMSI: f_spec = f_zero ? lhs_data : W'($signed(lhs_data) % $signed(rhs_data));
    dfv_pkg::OP_REMUI: f_spec = f_zero ? lhs_data : lhs_data % rhs_data;
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
    err_valid_code: assert (err_valid == (err_code != '0));
    err_codes: assert (err_code == '0 || (IS_DIV && err_code == dfv_pkg::RT_ARITH_DIV_BY_ZERO));
  end
end
always_ff @(posedge clk) begin
  if (f_past && !rst) begin
    if ($past(rst)) err_reset: assert (err_code == '0);
    // a division by zero transferred raises 272; the code is sticky; nothing else raises it
    if (!$past(rst) && IS_DIV && $past(f_fire && f_zero)) div_by_zero_272: assert (err_code == dfv_pkg::RT_ARITH_DIV_BY_ZERO);
    if (!$past(rst) && $past(err_code) != '0) err_sticky: assert (err_code == $past(err_code));
    if (!$past(rst) && !$past(f_fire && f_zero)) err_no_cause: assert (err_code == $past(err_code));
  end
end

if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_fire: cover (f_fire);
  always_comb if (f_run) c_stall: cover (result_valid && !result_ready);
  always_comb if (f_run) c_one_operand: cover (lhs_valid && !rhs_valid);
  if (IS_DIV) begin : g_div
    always_comb if (f_run) c_error: cover (err_valid);
    always_ff @(posedge clk) if (f_past && !$past(rst)) c_sticky: cover ($past(err_valid) && $past(f_fire && !f_zero) && err_valid);
  end
end
