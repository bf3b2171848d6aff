// Properties of handshake_tehb_ctrl (transparent one-slot buffer of control tokens), included inside the
// module: every token leaves once, in order (dfv_order_chk, PASS: straight through when empty); the slot
// holds the one stored token; in_ready is the slot's emptiness (a register: the ready path is cut).
`ifdef DFV_FORMAL_TOP_handshake_tehb_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                   .ready(in_ready), .data(1'b0));
dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));
logic [1:0] f_count, f_pos;
logic f_trk, f_trk_data;
dfv_order_chk #(.W(1), .CW(2), .PASS(1)) f_order (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(in_valid && in_ready), .in_data(1'b0), .out_fire(out_valid && out_ready), .out_data(1'b0),
    .count(f_count), .trk_valid(f_trk), .trk_pos(f_pos), .trk_data(f_trk_data));
always_comb begin
  if (f_run) begin
    stored: assert (f_count == 2'(full_q));                      // at most one token, in the slot
    offered: assert (out_valid == (full_q || in_valid));         // the slot's token, else the input's
    accepts: assert (in_ready == !full_q);                       // only while the slot is empty
    inv_at_init: assert (at_init == (f_count == '0));
    inv_no_data: assert (f_trk_data == 1'b0);  // control tokens carry no data
  end
end
always_ff @(posedge clk) begin
  // a token offered and not taken is kept: the slot is full in the next cycle
  if (f_run && !$past(rst) && f_past) kept: assert (full_q == $past(out_valid && !out_ready));
end
if (F_TOP) always_comb if (f_run) c_pass: cover (in_valid && in_ready && out_valid && out_ready);
if (F_TOP) always_comb if (f_run) c_full: cover (full_q && in_valid);
if (F_TOP) always_ff @(posedge clk) if (f_past && !$past(rst)) c_take_stalled: cover ($past(in_valid && in_ready && !out_ready) && full_q);
if (F_TOP) always_ff @(posedge clk) if (f_past && !$past(rst)) c_drain: cover ($past(full_q) && !full_q);
