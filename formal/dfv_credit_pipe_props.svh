// Properties of dfv_credit_pipe (the credit core and the output FIFO of a free-running pipeline), included
// inside the module. The credit core's own properties (included in u_ctrl) prove the credits exact against
// a ghost count of the results waiting (u_ctrl.f_occ); the FIFO's (included in u_out) that it delivers its
// words exactly once, in order.
// Proved: the protocol on result (in assumed to follow it at the top); the FIFO never refuses a result (its
// in_ready is high whenever the last stage holds one) and its count is the credit core's ghost count, so
// the credits stand for the FIFO's real room; at_init after a reset.
`ifdef DFV_FORMAL_TOP_dfv_credit_pipe
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                   .ready(in_ready), .data(1'b0));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));

// the FIFO's count and the credit core's ghost count of results waiting, driven after flattening (peek)
logic [$clog2(D + 1)-1:0] f_fifo_count;  // peek: u_out.u_ctrl.count_q
logic [$clog2(D + 1)-1:0] f_waiting;  // peek: u_ctrl.f_occ

always_comb begin
  if (f_run) begin
    if (vld[S - 1]) fifo_room_for_result: assert (fifo_room);
    inv_waiting: assert (f_fifo_count == f_waiting);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_no_credit: cover (in_valid && !in_ready);
  always_comb if (f_run) c_full_fifo: cover (f_fifo_count == ($clog2(D + 1))'(D - 1) && result_valid && !result_ready);
end
