// Properties of math_sqrt (the iterative square root, one operation in flight), included inside the
// module: the handshake and control behaviour only. The datapath value is NOT proved here: every result
// is checked bit for bit against the golden model by simulation (make fpcheck, the dfv.tb.fp suites).
// Proved: the protocol on out (in assumed to follow it); an operation accepted exactly when offered and
// the unit is empty or its result is taken in that cycle (one in flight, interval = LATENCY); every
// accepted operation delivered exactly once, in order, offered exactly LATENCY cycles after its accept
// whatever out_ready did meanwhile, never earlier (dfv_pipe_chk with ITER = 1: one stage, the unit,
// loaded on accept); at_init exactly when no operation is in flight, so 1 after a reset.
// Invariants: the phase flags are one-hot or all 0; the tracked operation's phase and iteration counter
// follow from its age (norm at age 1, iter from 2 with NIT - 1 iterations left, ..., done from LATENCY).
`ifdef DFV_FORMAL_TOP_math_sqrt
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.W(W), .ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                          .ready(in_ready), .data(in_data));
dfv_hs_chk #(.W(W)) f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready),
                           .data(out_data));
logic f_in_fire, f_out_fire, f_trk, f_trk_head, f_nostall, f_empty;
logic [$clog2(LATENCY + 2)-1:0] f_age;
assign f_in_fire = in_valid && in_ready;
assign f_out_fire = out_valid && out_ready;
dfv_pipe_chk #(.S(1), .LAT(LATENCY), .ITER(1'b1), .COVER(F_TOP)) f_pipe (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(f_in_fire), .out_valid(out_valid), .out_ready(out_ready), .vld(busy), .load(accept),
    .trk(f_trk), .trk_head(f_trk_head), .age(f_age), .nostall(f_nostall), .empty(f_empty));
logic [2:0] f_phases;
assign f_phases = 3'(ph_norm_q) + 3'(ph_iter_q) + 3'(ph_den_q) + 3'(ph_rnd_q) + 3'(done_q);
always_comb begin
  if (f_run) begin
    // the documented interval: an operation offered is accepted as soon as the unit is free
    if (in_valid && (f_empty || f_out_fire)) accepts_when_free: assert (in_ready);
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
  always_comb if (f_run) c_refused: cover (in_valid && busy && !in_ready);
end
