// Properties of dfv_pipe_ctrl (the control core of an S-stage pipeline), included inside the module:
// the protocol on out (in assumed to follow it at the top, asserted where a unit drives it); every
// accepted operation delivered exactly once, in acceptance order, S cycles after its accept when
// out_ready stays high, never earlier (dfv_pipe_chk, on a ghost tag moved by the load enables, which load
// every data register of the unit around it); load[0] is the accept; in_ready is stage 1's room whether or
// not an operation is offered, and every stage's room is ready_i = !vld_i | ready_{i+1}; with the output ready an operation offered is accepted (one per cycle at
// full rate); at_init exactly when no operation is in flight, so 1 after a reset.
`ifdef DFV_FORMAL_TOP_dfv_pipe_ctrl
localparam bit F_TOP = 1'b1;
`else
localparam bit F_TOP = 1'b0;
`endif
`include "dfv_formal.svh"

dfv_hs_chk #(.ASSUME(F_TOP)) f_in (.clk(clk), .rst(rst), .f_past(f_past), .valid(in_valid),
                                   .ready(in_ready), .data(1'b0));
dfv_hs_chk f_out (.clk(clk), .rst(rst), .f_past(f_past), .valid(out_valid), .ready(out_ready), .data(1'b0));
logic f_trk, f_trk_head, f_nostall, f_empty;
logic [$clog2(S + 2)-1:0] f_age;
dfv_pipe_chk #(.S(S), .LAT(S), .COVER(F_TOP)) f_pipe (.clk(clk), .rst(rst), .f_run(f_run),
    .in_fire(in_valid && in_ready), .out_valid(out_valid), .out_ready(out_ready), .vld(vld_q), .load(load),
    .trk(f_trk), .trk_head(f_trk_head), .age(f_age), .nostall(f_nostall), .empty(f_empty));
always_comb begin
  if (f_run) begin
    in_ready_is_room: assert (in_ready == ready[0]);
    // full rate: with the output ready every stage moves on, so an operation offered is accepted
    if (out_ready && in_valid) full_rate: assert (in_ready);
    inv_at_init: assert (at_init == f_empty);
  end
end
// the rule, every stage: a stage takes an operation when it is empty or its own moves on in this cycle
logic [S-1:0] f_after;  // f_after[i]: the room after stage i + 1 (ready[i + 1], out_ready for the last)
assign f_after = S'({out_ready, ready} >> 1);
always_comb if (f_run) room: assert (ready == (~vld_q | f_after));
// the registered holes are the valid bits' own: hole_q[i] exactly when a stage from i + 1 to S is empty
logic [S-1:0] f_hole;
always_comb begin : p_f_hole
  for (int i = 0; i < S; i++) f_hole[i] = ~&(vld_q | ~(S'('1) << i));  // ~&vld_q[S-1:i]
end
always_comb if (f_run) inv_hole: assert (hole_q == f_hole);
always_ff @(posedge clk) if (f_past && !rst && $past(rst)) reset_at_init: assert (at_init);
if (F_TOP) always_comb if (f_run) c_stalled_full: cover (&vld_q && !out_ready);
if (F_TOP && S > 1) always_comb if (f_run) c_bubble_collapses: cover (!vld_q[0] && vld_q[S-1] && !out_ready && in_valid);
