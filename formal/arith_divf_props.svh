// Properties of arith_divf (the iterative divf, one operation in flight), included inside the module:
// the handshake and control behaviour only. The datapath value is NOT proved here: every result is
// checked bit for bit against the golden model by simulation (make fpcheck, the dfv.tb.fp suites).
// Proved: the protocol on result (inputs assumed to follow it); lhs and rhs consumed together; an
// operation accepted exactly when offered and the unit is empty or its result is taken in that cycle
// (one in flight, interval = LATENCY); every accepted operation delivered exactly once, in order,
// offered exactly LATENCY cycles after its accept whatever result_ready did meanwhile, never earlier
// (dfv_pipe_chk with ITER = 1: one stage, the unit, loaded on accept); at_init exactly when no
// operation is in flight, so 1 after a reset.
// Invariants: the phase flags are one-hot or all 0; the tracked operation's phase and iteration counter
// follow from its age (norm at age 1, iter from 2 with NIT - 1 iterations left, ..., done from LATENCY).
`ifdef DFV_FORMAL_TOP_arith_divf
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_lhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(lhs_valid),
                                           .ready(lhs_ready), .data(lhs_data));
dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_rhs (.clk(clk), .rst(rst), .f_past(f_past), .valid(rhs_valid),
                                           .ready(rhs_ready), .data(rhs_data));
dfv_hs_chk #(.W(W)) f_result (.clk(clk), .rst(rst), .f_past(f_past), .valid(result_valid),
                              .ready(result_ready), .data(result_data));
logic f_in_fire, f_out_fire, f_trk, f_trk_head, f_nostall, f_empty;
logic [$clog2(LATENCY + 2)-1:0] f_age;
assign f_in_fire = lhs_valid && lhs_ready;
assign f_out_fire = result_valid && result_ready;
dfv_pipe_chk #(.S(1), .LAT(LATENCY), .ITER(1'b1), .COVER(F_TOP)) f_pipe (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(f_in_fire), .out_valid(result_valid), .out_ready(result_ready), .vld(busy), .load(accept),
    .trk(f_trk), .trk_head(f_trk_head), .age(f_age), .nostall(f_nostall), .empty(f_empty));
logic [2:0] f_phases;
assign f_phases = 3'(ph_norm_q) + 3'(ph_iter_q) + 3'(ph_den_q) + 3'(ph_rnd_q) + 3'(done_q);
always_comb begin
  if (f_run) begin
    // the join: both operands consumed together, only when both are there
    joined: assert ((lhs_valid && lhs_ready) == (rhs_valid && rhs_ready));
    consumed_together: assert (!lhs_ready || (lhs_valid && rhs_valid));
    // the documented interval: an operation offered is accepted as soon as the unit is free
    if (lhs_valid && rhs_valid && (f_empty || f_out_fire)) accepts_when_free: assert (lhs_ready);
    inv_at_init: assert (at_init == f_empty);
    inv_one_phase: assert (f_phases <= 3'd1);
    if (ph_iter_q) inv_it_range: assert (32'(it_q) <= NIT - 1);
    if (f_trk) begin
      inv_norm: assert (ph_norm_q == (32'(f_age) == 1));
      inv_iter: assert (ph_iter_q == (32'(f_age) >= 2 && 32'(f_age) <= NIT + 1));
      if (ph_iter_q) inv_it_age: assert (32'(it_q) == NIT + 1 - 32'(f_age));
      inv_den: assert (ph_den_q == (32'(f_age) == NIT + 2));
      inv_rnd: assert (ph_rnd_q == (32'(f_age) == NIT + 3));
      inv_done: assert (done_q == (32'(f_age) >= NIT + 4));
    end
  end
end
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) begin : g_f_cover
  always_comb if (f_run) c_refused: cover (lhs_valid && rhs_valid && busy && !lhs_ready);
end
