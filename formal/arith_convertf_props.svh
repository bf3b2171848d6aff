// Properties of arith_convertf (extf / truncf: a float to another format, 3 stages), included inside the
// module: the handshake and pipeline behaviour only. The datapath value is NOT proved here: every result
// is checked bit for bit against the golden model by simulation (make fpcheck, the dfv.tb.fp suites).
// Proved: the protocol on out (in assumed to follow it); in consumed exactly when stage 1 takes the
// operation; every accepted operation delivered exactly once, in acceptance order, LATENCY cycles after
// its accept when out_ready stays high, never earlier (dfv_pipe_chk, on a ghost tag moved by the stage
// load enables s<i>_load that load every data register of stage i); at_init exactly when no operation is
// in flight, so 1 after a reset; with the output ready an operation offered is accepted (one per cycle at
// full rate).
`include "dfv_formal.svh"

dfv_hs_chk #(.W(IW), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(1 + OEW + OFW)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
logic f_trk, f_trk_head, f_nostall, f_empty;
logic [$clog2(LATENCY + 2)-1:0] f_age;
dfv_pipe_chk #(.S(3), .LAT(LATENCY), .COVER(F_TOP)) f_pipe (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(in_valid && in_ready), .out_valid(out_valid), .out_ready(out_ready),
    .vld({s3_valid_q, s2_valid_q, s1_valid_q}), .load({s3_load, s2_load, s1_load}), .trk(f_trk),
    .trk_head(f_trk_head), .age(f_age), .nostall(f_nostall), .empty(f_empty));
always_comb begin
  if (f_run) begin
    // in_ready is stage 1's room, whether or not an operation is offered
    ready_is_room: assert (in_ready == (!s1_valid_q || s2_load));
    // full rate: with the output ready every stage moves on, so an operation offered is accepted
    if (out_ready && in_valid) full_rate: assert (in_ready);
    inv_at_init: assert (at_init == f_empty);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
