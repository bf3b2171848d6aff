// Properties of handshake_fifo_ctrl (DEPTH slots of control tokens, NINIT of them full at reset),
// included inside the module.
`ifdef DFV_FORMAL_TOP_handshake_fifo_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

localparam int F_CW = CW + 1;  // the order checker's counters: one bit more than a count of DEPTH
dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                   .ready(in_ready), .data(1'b0));
dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));
logic [F_CW-1:0] f_count, f_pos;
logic f_trk, f_trk_data;
dfv_order_chk #(.W(1), .CW(F_CW), .NI(NINIT)) f_order (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(in_valid && in_ready), .in_data(1'b0), .out_fire(out_valid && out_ready), .out_data(1'b0),
    .count(f_count), .trk_valid(f_trk), .trk_pos(f_pos), .trk_data(f_trk_data));
always_comb begin
  if (f_run) begin
    // no loss: the count is the tokens stored, never above DEPTH, offered when non-zero
    stored: assert (f_count == F_CW'(count_q));
    if (32'(f_count) == 0) inv_trk_empty: assert (!f_trk);
    bounded: assert (32'(count_q) <= DEPTH);
    offered: assert (out_valid == (f_count != '0));
    accepts: assert (in_ready == (32'(f_count) < DEPTH));
    inv_at_init: assert (at_init == (count_q == '0));
    inv_no_data: assert (f_trk_data == 1'b0);  // control tokens carry no data
  end
end
if (F_TOP) always_comb if (f_run) c_full: cover (32'(count_q) == DEPTH);
if (F_TOP) always_comb if (f_run) c_push_pop: cover (in_valid && in_ready && out_valid && out_ready);
if (F_TOP) always_ff @(posedge clk) if (f_past && !$past(rst)) c_empty_again: cover ($past(count_q) == CW'(1) && count_q == '0);
