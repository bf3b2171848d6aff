// Properties of arith_addf (the 5-stage addf / subf pipeline), included inside the module: the handshake
// and pipeline behaviour only. The datapath value is NOT proved here: every result is checked bit for bit
// against the golden model by simulation (make fpcheck, the dfv.tb.fp suites).
// Proved: the protocol on result (inputs assumed to follow it); lhs and rhs consumed together, exactly
// when stage 1 takes the operation; every accepted operation delivered exactly once, in acceptance
// order, LATENCY cycles after its accept when result_ready stays high, never earlier (dfv_pipe_chk, on a
// ghost tag moved by the stage load enables s<i>_load that load every data register of stage i); at_init
// exactly when no operation is in flight, so 1 after a reset; with the output ready an operation
// offered is accepted (one per cycle at full rate).
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_lhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(lhs_valid),
                                           .ready(lhs_ready), .data(lhs_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_rhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(rhs_valid),
                                           .ready(rhs_ready), .data(rhs_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));
logic f_in_fire, f_trk, f_trk_head, f_nostall, f_empty;
logic [$clog2(LATENCY + 2)-1:0] f_age;
assign f_in_fire = lhs_valid && lhs_ready;
dfv_pipe_chk #(.S(5), .LAT(LATENCY), .COVER(F_TOP)) f_pipe (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(f_in_fire), .out_valid(result_valid), .out_ready(result_ready),
    .vld({s5_valid_q, s4_valid_q, s3_valid_q, s2_valid_q, s1_valid_q}),
    .load({s5_load, s4_load, s3_load, s2_load, s1_load}), .trk(f_trk), .trk_head(f_trk_head), .age(f_age),
    .nostall(f_nostall), .empty(f_empty));
always_comb begin
  if (f_run) begin
    // the join: both operands consumed together, only when both are there
    joined: assert ((lhs_valid && lhs_ready) == (rhs_valid && rhs_ready));
    consumed_together: assert (!lhs_ready || (lhs_valid && rhs_valid));
    // full rate: with the output ready every stage moves on, so an operation offered is accepted
    if (result_ready && lhs_valid && rhs_valid) full_rate: assert (lhs_ready);
    inv_at_init: assert (at_init == f_empty);
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_one_operand: cover (lhs_valid && !rhs_valid);
end
