// Properties of handshake_buffer_ctrl (two-slot buffer of control tokens), included inside the module.
`ifdef DFV_FORMAL_TOP_handshake_buffer_ctrl
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
dfv_order_chk #(.W(1), .CW(2)) f_order (.clk(clk), .rst(rst), .f_run(f_run), .in_fire(in_valid && in_ready),
    .in_data(1'b0), .out_fire(out_valid && out_ready), .out_data(1'b0), .count(f_count), .trk_valid(f_trk),
    .trk_pos(f_pos), .trk_data(f_trk_data));
always_comb begin
  if (f_run) begin
    // no loss: every stored token is in a slot, offered when there is one, at most two
    stored: assert (f_count == 2'(main_valid_q) + 2'(skid_valid_q));
    offered: assert (out_valid == (f_count != '0));
    accepts: assert (in_ready == (f_count < 2));
    inv_skid_main: assert (!skid_valid_q || main_valid_q);
    inv_at_init: assert (at_init == (f_count == '0));
    inv_no_data: assert (f_trk_data == 1'b0);  // control tokens carry no data
  end
end
if (F_TOP) always_comb if (f_run) c_full: cover (main_valid_q && skid_valid_q);
if (F_TOP) always_comb if (f_run) c_pass: cover (in_valid && in_ready && out_valid && out_ready);
if (F_TOP) always_ff @(posedge clk) if (f_past && !$past(rst)) c_drain: cover ($past(skid_valid_q) && !skid_valid_q && main_valid_q);
if (F_TOP) always_ff @(posedge clk) if (f_past && !$past(rst)) c_empty_again: cover ($past(main_valid_q) && !main_valid_q);
