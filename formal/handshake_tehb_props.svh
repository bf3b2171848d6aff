// Properties of handshake_tehb (transparent one-slot data buffer): the core u_ctrl proves the handshakes
// and the slot's flag; here every token leaves once, in order, with its data (dfv_order_chk, PASS: a token
// passes straight through an empty buffer with its data), with the invariant placing a stored token in
// slot_q.
`ifdef DFV_FORMAL_TOP_handshake_tehb
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
logic [1:0] f_count, f_pos;
logic f_trk;
logic [W-1:0] f_trk_data;
dfv_order_chk #(.W(W), .CW(2), .PASS(1)) f_order (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(in_valid && in_ready), .in_data(in_data), .out_fire(out_valid && out_ready), .out_data(out_data),
    .count(f_count), .trk_valid(f_trk), .trk_pos(f_pos), .trk_data(f_trk_data));
always_comb begin
  if (f_run) begin
    inv_count: assert (f_count == {1'b0, !in_ready});
    if (f_trk && f_pos == 2'd0) inv_slot: assert (slot_q == f_trk_data);
  end
end
if (F_TOP) always_comb if (f_run) c_full: cover (out_valid && !in_ready);
if (F_TOP) always_comb if (f_run) c_pass: cover (in_valid && in_ready && out_valid && out_ready);
