// Properties of handshake_mux_ctrl (sel picks which of N control inputs goes out), included inside
// the module.
`ifdef DFV_FORMAL_TOP_handshake_mux_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(SW), .ASSUME(F_TOP)) f_sel (.clk(clk), .rst(rst), .f_past(f_past), .valid(sel_valid),
                                            .ready(sel_ready), .data(sel_data));
dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));

logic f_fire;
assign f_fire = out_valid && out_ready;
for (genvar i = 0; i < N; i++) begin : g_f_in
  dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid[i]),
                                     .ready(in_ready[i]), .data(1'b0));
  // exactly once: input i is consumed exactly when the output takes a token and sel names i
  always_comb if (f_run) assert ((in_valid[i] && in_ready[i]) == (f_fire && sel_data == SW'(i)));  // prop: in_consumed_once
  if (F_TOP) always_comb if (f_run) cover (f_fire && sel_data == SW'(i));  // prop: c_pick
end
always_comb begin
  if (f_run) begin
    // the select token is consumed with the output token, never otherwise
    sel_consumed: assert ((sel_valid && sel_ready) == f_fire);
    // an output token comes from the selected input (a select >= N offers nothing)
    from_selected: assert (out_valid == (sel_valid && 32'(sel_data) < N && in_valid[sel_data]));
  end
end
if (F_TOP) always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
if (F_TOP) always_comb if (f_run) c_wrong_input: cover (sel_valid && !out_valid && (|in_valid));
