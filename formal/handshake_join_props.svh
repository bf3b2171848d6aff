// Properties of handshake_join (N control inputs -> one control output), included inside the module.
`ifdef DFV_FORMAL_TOP_handshake_join
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));
for (genvar i = 0; i < N; i++) begin : g_f_in
  dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid[i]),
                                     .ready(in_ready[i]), .data(1'b0));
  // exactly once: input i is consumed in the cycle the output token is taken, never otherwise
  always_comb if (f_run) assert ((in_valid[i] && in_ready[i]) == (out_valid && out_ready));  // prop: consumed_with_output
  if (F_TOP) always_comb if (f_run) cover (in_valid[i] && !out_valid);  // prop: c_partial
end
// an output token exists only when every input holds one
always_comb if (f_run) from_inputs: assert (out_valid == (&in_valid));
if (F_TOP) always_comb if (f_run) c_fire: cover (out_valid && out_ready);
if (F_TOP) always_comb if (f_run) c_stall: cover (out_valid && !out_ready);
