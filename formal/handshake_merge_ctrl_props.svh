// Properties of handshake_merge_ctrl (N control inputs -> one output, lowest index first; stateless),
// included inside the module.
`ifdef DFV_FORMAL_TOP_handshake_merge_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));
logic [N-1:0] f_in_fire;
assign f_in_fire = in_valid & in_ready;
for (genvar i = 0; i < N; i++) begin : g_f_in
  dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid[i]),
                                     .ready(in_ready[i]), .data(1'b0));
  if (F_TOP) always_comb if (f_run) cover (f_in_fire[i]);  // prop: c_take
end
always_comb begin
  if (f_run) begin
    // exactly once: one output token per cycle consumes exactly one input token, and no input token
    // is consumed without an output token
    one_input: assert ($onehot0(f_in_fire));
    consumed_with_output: assert ((|f_in_fire) == (out_valid && out_ready));
    // an output token exists exactly when some input holds one
    from_input: assert (out_valid == (|in_valid));
  end
end
if (F_TOP) always_comb if (f_run) c_two_waiting: cover ($countones(in_valid) >= 2 && out_ready);
if (F_TOP) always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
