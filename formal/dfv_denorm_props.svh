// Properties of dfv_denorm (the denormalising shift of arith_divf and math_sqrt, its shift and sticky mask
// prepared in registers), included inside the module: its whole function once prepared. After a load with
// en unchanged (en == en_q: the shift and mask were just taken from the -E that en_q still holds), for
// every word x and every -E >= 0, x_den is y = {x[XW-1:2], x[1] | x[0]} shifted right by min(-E, YW) with
// the OR of the bits at or below that place as its LSB, by the obvious loop (`exact`). No reset: the
// registers start unconstrained, and nothing is asserted until a load has prepared them.
`ifdef DFV_FORMAL_TOP_dfv_denorm
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
logic f_ready = 1'b0;  // the shift and mask registers hold what en_q gives
always_ff @(posedge clk) f_ready <= load && (en == en_q);

logic [31:0] f_s;  // the shift min(-E, YW) for -E >= 0
logic [YW-1:0] f_y, f_ref;
assign f_y = {x[XW-1:2], x[1] | x[0]};
always_comb begin
  f_s = (32'(en_q) > 32'(YW)) ? 32'(YW) : 32'(en_q);
  f_ref = {f_y[YW-1:1] >> f_s, 1'b0};
  for (int j = 0; j < YW; j++) begin
    if (32'(j) <= f_s) f_ref[0] = f_ref[0] | f_y[j];
  end
end
always_comb begin
  if (f_ready && !en_q[EXW-1]) exact: assert (x_den == f_ref);
end
if (F_TOP) begin : g_cover
  always_comb if (f_ready && !en_q[EXW-1] && 32'(en_q) > 32'(YW)) c_clamped: cover (x_den[0]);
  always_comb if (f_ready && !en_q[EXW-1] && 32'(en_q) == 32'(YW / 2))
    c_sticky_from_below: cover (x_den[0] && !f_y[0]);
end
